/// What a player has done that badges can count: the riddles they solved and the places they
/// have been.
public struct PlayHistory: Hashable, Codable, Sendable {
    /// One solved riddle, with what badge rules look at.
    public struct Solve: Hashable, Codable, Sendable {
        public var checkpointID: String
        public var category: Category
        /// The checkpoint's trait tags when it was solved.
        public var tags: [String]
        public var hintsUsed: Int

        public init(checkpointID: String, category: Category, tags: [String], hintsUsed: Int) {
            self.checkpointID = checkpointID
            self.category = category
            self.tags = tags
            self.hintsUsed = hintsUsed
        }

        /// A solve at `checkpoint`, taking its category and tags.
        public init(at checkpoint: Checkpoint, hintsUsed: Int) {
            self.init(checkpointID: checkpoint.id, category: checkpoint.category, tags: checkpoint.tags, hintsUsed: hintsUsed)
        }
    }

    /// Every riddle solved, one entry per solve.
    public var solves: [Solve]
    /// Every checkpoint visited: solved or explored.
    public var visitedCheckpointIDs: Set<String>
    /// Crew riddles solved together that the player took part in.
    public var crewSolves: Int

    public init(solves: [Solve] = [], visitedCheckpointIDs: Set<String> = [], crewSolves: Int = 0) {
        self.solves = solves
        self.visitedCheckpointIDs = visitedCheckpointIDs
        self.crewSolves = crewSolves
    }
}

/// How far a player is towards a badge: `current` of `target` steps (solves, places or levels).
public struct BadgeProgress: Hashable, Codable, Sendable {
    /// Steps done, never more than `target`.
    public var current: Int
    public var target: Int

    public init(current: Int, target: Int) {
        self.current = current
        self.target = target
    }

    public var isComplete: Bool { current >= target }
}

/// Decides which badges a player has earned and tells them how to earn the others. Badge rules
/// are the organiser's data (`Campus/badges.yaml`); this is the one place that reads them.
public enum BadgeEvaluator {
    /// Whether the history (and level) satisfies the rule.
    public static func isEarned(_ rule: BadgeRule, history: PlayHistory, level: Int) -> Bool {
        progress(toward: rule, history: history, level: level).isComplete
    }

    /// The badges earned, in the order given.
    public static func earned(_ badges: [Badge], history: PlayHistory, level: Int) -> [Badge] {
        badges.filter { isEarned($0.rule, history: history, level: level) }
    }

    /// How far the player is towards the rule. Solves count one per solved riddle; a solved
    /// checkpoint counts as visited even if the history's visits omit it.
    public static func progress(toward rule: BadgeRule, history: PlayHistory, level: Int) -> BadgeProgress {
        switch rule {
        case .solve(let count, let category, let tag):
            let matching = history.solves.count(where: { solve in
                (category.map { solve.category == $0 } ?? true) && (tag.map(solve.tags.contains) ?? true)
            })
            return capped(matching, of: count)
        case .visit(let checkpointIDs):
            let wanted = Set(checkpointIDs)
            let visited = history.visitedCheckpointIDs.union(history.solves.map(\.checkpointID))
            return BadgeProgress(current: wanted.intersection(visited).count, target: wanted.count)
        case .hintless(let count):
            return capped(history.solves.count(where: { $0.hintsUsed == 0 }), of: count)
        case .everyCategory(let count):
            let perCategory = max(0, count)
            let done = Category.allCases.reduce(0) { sum, category in
                sum + min(perCategory, history.solves.count(where: { $0.category == category }))
            }
            return BadgeProgress(current: done, target: perCategory * Category.allCases.count)
        case .level(let wanted):
            return capped(level, of: wanted)
        case .crew(let count):
            return capped(history.crewSolves, of: count)
        }
    }

    /// A short sentence saying what the rule asks, e.g. "Solve 3 lab riddles.". Written from the
    /// rule, not the badge's description, so it is always accurate. Visits name the places in
    /// the order of `checkpoints` (the campus file), falling back to the id of a place not found.
    public static func howToEarn(_ badge: Badge, checkpoints: [Checkpoint]) -> String {
        sentence(for: badge.rule, checkpoints: checkpoints) + "."
    }

    /// ``howToEarn(_:checkpoints:)`` followed by the player's progress:
    /// "Solve 3 lab riddles (1 of 3 so far).", "Reach level 5 (you are level 3).", or "(done)".
    public static func howToEarn(
        _ badge: Badge, checkpoints: [Checkpoint], history: PlayHistory, level: Int
    ) -> String {
        let progress = progress(toward: badge.rule, history: history, level: level)
        let note: String
        if progress.isComplete {
            note = "done"
        } else if case .level = badge.rule {
            note = "you are level \(level)"
        } else {
            note = "\(progress.current) of \(progress.target) so far"
        }
        return sentence(for: badge.rule, checkpoints: checkpoints) + " (\(note))."
    }

    // MARK: Wording

    private static func sentence(for rule: BadgeRule, checkpoints: [Checkpoint]) -> String {
        switch rule {
        case .solve(let count, let category, let tag):
            let kind = category.map { "\($0.rawValue) " } ?? ""
            let place = tag.map { " at places tagged \($0)" } ?? ""
            return "Solve \(count) \(kind)\(riddles(count))\(place)"
        case .visit(let checkpointIDs):
            guard !checkpointIDs.isEmpty else { return "Nothing to do: this badge asks for no visit" }
            return "Visit " + EnglishList.joined(placeNames(checkpointIDs, checkpoints: checkpoints))
        case .hintless(let count):
            return "Solve \(count) \(riddles(count)) without taking a hint"
        case .everyCategory(let count):
            let parts = Category.allCases.map { "\(count) \($0.rawValue)" }
            return "Solve " + EnglishList.joined(parts) + " riddles"
        case .level(let level):
            return "Reach level \(level)"
        case .crew(let count):
            return "Solve \(count) crew \(riddles(count)) with your crew"
        }
    }

    private static func riddles(_ count: Int) -> String { count == 1 ? "riddle" : "riddles" }

    private static func placeNames(_ ids: [String], checkpoints: [Checkpoint]) -> [String] {
        var remaining = Set(ids)
        var names: [String] = []
        for checkpoint in checkpoints where remaining.remove(checkpoint.id) != nil {
            names.append(checkpoint.name)
        }
        for id in ids where remaining.remove(id) != nil {
            names.append(id)
        }
        return names
    }

    private static func capped(_ done: Int, of target: Int) -> BadgeProgress {
        let target = max(0, target)
        return BadgeProgress(current: min(max(0, done), target), target: target)
    }
}
