/// The rules that span the organiser's files: identities, references, and the game's invariants.
///
/// Problems of form (syntax, a field of the wrong type, an unknown category word) are the
/// reader's to report; everything here works on values that already parsed.
public enum ContentValidator {
    public static func problems(in draft: ContentDraft) -> [ContentProblem] {
        var problems: [ContentProblem] = []
        problems += duplicateIDs(draft.checkpoints, kind: "checkpoint") { $0.id }
        problems += duplicateIDs(draft.riddles, kind: "riddle") { $0.id }
        problems += duplicateIDs(draft.quiz, kind: "quiz question") { $0.id }
        problems += duplicateIDs(draft.badges, kind: "badge") { $0.id }
        problems += duplicateIDs(draft.partners, kind: "partner") { $0.id }
        problems += duplicateIDs(draft.offers, kind: "offer") { $0.id }
        let traits = Set(draft.info?.value.traits ?? [])
        problems += draft.checkpoints.flatMap { checkpointProblems($0, traits: traits) }
        problems += riddleProblems(draft)
        problems += draft.quiz.flatMap { quizProblems($0, traits: traits) }
        problems += draft.badges.flatMap { badgeProblems($0, draft: draft, traits: traits) }
        problems += offerProblems(draft)
        if let rules = draft.rules { problems += ruleProblems(rules) }
        return problems
    }

    // MARK: Identities

    private static func duplicateIDs<Value>(
        _ items: [Located<Value>], kind: String, id: (Value) -> String
    ) -> [ContentProblem] {
        var firstSeen: [String: SourceLocation] = [:]
        var problems: [ContentProblem] = []
        for item in items {
            let identifier = id(item.value)
            if let first = firstSeen[identifier] {
                problems.append(ContentProblem(
                    .duplicateID, at: item.location(of: "id"),
                    "\(kind) id '\(identifier)' is used again (first at \(first))",
                    fix: "Give every \(kind) its own id; ids are how players' history refers to it."
                ))
            } else {
                firstSeen[identifier] = item.location(of: "id")
            }
        }
        return problems
    }

    // MARK: Checkpoints

    private static func checkpointProblems(_ item: Located<Checkpoint>, traits: Set<String>) -> [ContentProblem] {
        let checkpoint = item.value
        var problems: [ContentProblem] = []
        problems += emptyText(checkpoint.name, "name", of: "checkpoint '\(checkpoint.id)'", in: item)
        problems += emptyText(checkpoint.building, "building", of: "checkpoint '\(checkpoint.id)'", in: item)
        if !checkpoint.coordinate.isValid {
            problems.append(ContentProblem(
                .coordinatesOutOfRange, at: item.location(of: "coordinates"),
                "checkpoint '\(checkpoint.id)' has coordinates out of range "
                    + "(latitude \(checkpoint.coordinate.latitude), longitude \(checkpoint.coordinate.longitude))",
                fix: "GeoJSON writes [longitude, latitude]: longitude within -180...180, latitude within -90...90."
            ))
        }
        for tag in checkpoint.tags where !traits.contains(tag) {
            problems.append(unknownTrait(tag, in: "checkpoint '\(checkpoint.id)'", at: item.location(of: "tags")))
        }
        for day in Weekday.allCases {
            if let overlap = firstOverlap(in: checkpoint.hours.weekly[day] ?? []) {
                problems.append(overlapping(overlap, on: day.rawValue, checkpoint: checkpoint.id, at: item.location(of: "hours")))
            }
        }
        for exception in checkpoint.hours.exceptions {
            if let overlap = firstOverlap(in: exception.ranges) {
                problems.append(overlapping(overlap, on: exception.date.description, checkpoint: checkpoint.id, at: item.location(of: "hours")))
            }
        }
        for (tag, words) in (checkpoint.translations ?? [:]).sorted(by: { $0.key < $1.key }) {
            if !isLanguageTag(tag) {
                problems.append(ContentProblem(
                    .invalidValue, at: item.location(of: "translations"), "checkpoint '\(checkpoint.id)' has a translation under '\(tag)'",
                    fix: "Name each translation by its language's code in lower case, such as zh or fr."
                ))
            }
            if words.facts.isEmpty || words.facts.contains(where: { $0.allSatisfy(\.isWhitespace) }) {
                problems.append(ContentProblem(
                    .emptyText, at: item.location(of: "translations"), "the '\(tag)' translation of checkpoint '\(checkpoint.id)' has an empty fact",
                    fix: "Translate each fact, or leave the translation out: players then read the facts as written."
                ))
            }
        }
        return problems
    }

    private static func firstOverlap(in ranges: [TimeRange]) -> (TimeRange, TimeRange)? {
        let sorted = ranges.sorted { $0.start < $1.start }
        return zip(sorted, sorted.dropFirst()).first { $0.overlaps($1) }
    }

    private static func overlapping(
        _ pair: (TimeRange, TimeRange), on day: String, checkpoint: String, at location: SourceLocation
    ) -> ContentProblem {
        ContentProblem(
            .overlappingHours, at: location,
            "checkpoint '\(checkpoint)' has overlapping opening hours on \(day): \(pair.0) and \(pair.1)",
            fix: "Merge the two ranges into one, or correct the times so they do not overlap."
        )
    }

    // MARK: Riddles

    private static func riddleProblems(_ draft: ContentDraft) -> [ContentProblem] {
        let checkpointIDs = Set(draft.checkpoints.map(\.value.id))
        var problems: [ContentProblem] = []
        for item in draft.riddles {
            let riddle = item.value
            let name = "riddle '\(riddle.id)'"
            if !checkpointIDs.contains(riddle.checkpointID) {
                problems.append(ContentProblem(
                    .riddleForMissingCheckpoint, at: item.location(of: "checkpoint"),
                    "\(name) leads to checkpoint '\(riddle.checkpointID)', which is not in the campus file",
                    fix: "Use the id of a checkpoint in Campus/checkpoints.geojson, or add that checkpoint."
                ))
            }
            if riddle.hints.count != Riddle.hintCount {
                problems.append(ContentProblem(
                    .hintCount, at: item.location(of: "hints"),
                    "\(name) has \(riddle.hints.count) hint(s)",
                    fix: "Write exactly three hints, each easier than the last; the third nearly gives it away."
                ))
            }
            problems += emptyText(riddle.text, "text", of: name, in: item)
            problems += emptyText(riddle.insider, "insider", of: name, in: item)
            for (index, hint) in riddle.hints.enumerated() where item.fieldLines["hints"] != nil && hint.allSatisfy(\.isWhitespace) {
                problems.append(ContentProblem(
                    .emptyText, at: item.location(of: "hints"), "hint \(index + 1) of \(name) is empty",
                    fix: "Write all three hints, each easier than the last; players ask for them one at a time."
                ))
            }
            for (tag, words) in (riddle.translations ?? [:]).sorted(by: { $0.key < $1.key }) {
                let translation = "the '\(tag)' translation of \(name)"
                if !Self.isLanguageTag(tag) {
                    problems.append(ContentProblem(
                        .invalidValue, at: item.location(of: "translations"), "\(name) has a translation under '\(tag)'",
                        fix: "Name each translation by its language's code in lower case, such as zh or fr."
                    ))
                }
                if words.hints.count != Riddle.hintCount {
                    problems.append(ContentProblem(
                        .hintCount, at: item.location(of: "translations"), "\(translation) has \(words.hints.count) hint(s)",
                        fix: "Translate all three hints, in the same order."
                    ))
                }
                for (field, text) in [("text", words.text), ("insider", words.insider)] + words.hints.map({ ("hints", $0) })
                where text.allSatisfy(\.isWhitespace) {
                    problems.append(ContentProblem(
                        .emptyText, at: item.location(of: "translations"), "\(translation) has an empty \(field)",
                        fix: "Write the \(field), or leave the translation out: players then read the riddle as written."
                    ))
                }
            }
        }
        let riddled = Set(draft.riddles.map(\.value.checkpointID))
        for item in draft.checkpoints where !riddled.contains(item.value.id) {
            problems.append(ContentProblem(
                .checkpointWithoutRiddle, at: item.location(of: "id"),
                "checkpoint '\(item.value.id)' has no riddle",
                fix: "Add a riddle with `checkpoint: \(item.value.id)` to a file in Riddles/."
            ))
        }
        return problems
    }

    // MARK: Quiz

    private static func quizProblems(_ item: Located<QuizQuestion>, traits: Set<String>) -> [ContentProblem] {
        let question = item.value
        var problems = emptyText(question.text, "text", of: "quiz question '\(question.id)'", in: item)
        let missing = QuizAnswer.allCases.filter { question.effects[$0] == nil }
        if !missing.isEmpty {
            problems.append(ContentProblem(
                .quizAnswerMissing, at: item.location(of: "answers"),
                "quiz question '\(question.id)' gives no weights for \(missing.map(\.rawValue).joined(separator: ", "))",
                fix: "List all four answers (strongly_agree, agree, disagree, strongly_disagree); `{}` means no effect."
            ))
        }
        for answer in QuizAnswer.allCases {
            for trait in (question.effects[answer] ?? [:]).keys.sorted() where !traits.contains(trait) {
                problems.append(unknownTrait(trait, in: "quiz question '\(question.id)'", at: item.location(of: "answers")))
            }
        }
        return problems
    }

    // MARK: Badges

    private static func badgeProblems(_ item: Located<Badge>, draft: ContentDraft, traits: Set<String>) -> [ContentProblem] {
        let badge = item.value
        let name = "badge '\(badge.id)'"
        var problems = emptyText(badge.name, "name", of: name, in: item)
        problems += emptyText(badge.description, "description", of: name, in: item)
        let rule = item.location(of: "rule")
        switch badge.rule {
        case .solve(let count, _, let tag):
            problems += atLeastOne(count, "count", of: name, at: rule)
            if let tag, !traits.contains(tag) {
                problems.append(ContentProblem(
                    .unknownReference, at: rule, "\(name) counts places tagged '\(tag)', a tag no trait list has",
                    fix: "Use one of the traits in Campus/campus.yaml: \(traits.sorted().joined(separator: ", "))."
                ))
            }
        case .visit(let ids):
            let known = Set(draft.checkpoints.map(\.value.id))
            for id in ids where !known.contains(id) {
                problems.append(ContentProblem(
                    .unknownReference, at: rule, "\(name) asks for a visit to checkpoint '\(id)', which does not exist",
                    fix: "Use the id of a checkpoint in Campus/checkpoints.geojson."
                ))
            }
            if ids.isEmpty {
                problems.append(ContentProblem(
                    .invalidValue, at: rule, "\(name) asks for a visit to no checkpoint at all",
                    fix: "List at least one checkpoint id under `checkpoints`."
                ))
            }
        case .hintless(let count), .everyCategory(let count), .crew(let count):
            problems += atLeastOne(count, "count", of: name, at: rule)
        case .level(let level):
            problems += atLeastOne(level, "level", of: name, at: rule)
        }
        return problems
    }

    // MARK: Offers

    private static func offerProblems(_ draft: ContentDraft) -> [ContentProblem] {
        let partners = Set(draft.partners.map(\.value.id))
        let badges = Set(draft.badges.map(\.value.id))
        var problems: [ContentProblem] = []
        for item in draft.partners {
            problems += emptyText(item.value.name, "name", of: "partner '\(item.value.id)'", in: item)
            problems += emptyText(item.value.address, "address", of: "partner '\(item.value.id)'", in: item)
        }
        for item in draft.offers {
            let offer = item.value
            let name = "offer '\(offer.id)'"
            if offer.partnerID.isEmpty || !partners.contains(offer.partnerID) {
                problems.append(ContentProblem(
                    .offerWithoutPartner, at: item.location(of: "partner"),
                    offer.partnerID.isEmpty ? "\(name) names no partner" : "\(name) names partner '\(offer.partnerID)', which is not listed",
                    fix: "Set `partner` to the id of an entry under `partners` in Campus/offers.yaml."
                ))
            }
            if case .badge(let badge) = offer.unlock, !badges.contains(badge) {
                problems.append(ContentProblem(
                    .unknownReference, at: item.location(of: "unlock"), "\(name) is unlocked by badge '\(badge)', which does not exist",
                    fix: "Use the id of a badge in Campus/badges.yaml."
                ))
            }
            if case .level(let level) = offer.unlock { problems += atLeastOne(level, "unlock level", of: name, at: item.location(of: "unlock")) }
            problems += emptyText(offer.title, "title", of: name, in: item)
            problems += atLeastOne(offer.perPlayer, "perPlayer", of: name, at: item.location(of: "perPlayer"))
            problems += atLeastOne(offer.voucherDays, "voucherDays", of: name, at: item.location(of: "voucherDays"))
            if offer.stock < 0 {
                problems.append(ContentProblem(
                    .invalidValue, at: item.location(of: "stock"), "\(name) has negative stock \(offer.stock)",
                    fix: "Set `stock` to the number of vouchers the partner agreed to give (0 or more)."
                ))
            }
            if offer.validUntil < offer.validFrom {
                problems.append(ContentProblem(
                    .invalidValue, at: item.location(of: "validUntil"),
                    "\(name) ends (\(offer.validUntil)) before it starts (\(offer.validFrom))",
                    fix: "Swap the dates, or correct `validUntil`."
                ))
            }
        }
        return problems
    }

    // MARK: Game rules

    private static func ruleProblems(_ item: Located<GameRules>) -> [ContentProblem] {
        let rules = item.value
        var problems: [ContentProblem] = []
        if rules.hintCost.count != Riddle.hintCount || rules.hintCost.contains(where: { $0 < 0 }) {
            problems.append(ContentProblem(
                .invalidValue, at: item.location(of: "hintCost"),
                "hintCost must list three amounts of 0 or more, one per hint (found \(rules.hintCost))",
                fix: "Write e.g. `hintCost: [20, 30, 40]`."
            ))
        }
        let thresholds = rules.levelThresholds
        if thresholds.first != 0 || zip(thresholds, thresholds.dropFirst()).contains(where: { $0 >= $1 }) {
            problems.append(ContentProblem(
                .invalidValue, at: item.location(of: "levels"),
                "levels must start at 0 and rise strictly (found \(thresholds))",
                fix: "List the XP needed for level 1, 2, 3, ...: e.g. `levels: [0, 150, 350, 600]`."
            ))
        }
        let amounts = Array(rules.solveXP.values) + [rules.minimumReward, rules.exploreXP, rules.checkInXP]
        if amounts.contains(where: { $0 < 0 }) || rules.traitStrength < 0 || rules.maxSpeedMetresPerSecond <= 0 {
            problems.append(ContentProblem(
                .invalidValue, at: item.location,
                "XP amounts and trait strength must not be negative, and the speed limit must be positive",
                fix: "Correct the negative numbers in Campus/game.yaml."
            ))
        }
        return problems
    }

    // MARK: Shared checks

    /// A language's code as `Accept-Language` and the app name it: two or three lower-case
    /// letters, with a region or script after a hyphen if needed (`zh`, `pt-br`).
    static func isLanguageTag(_ tag: String) -> Bool {
        tag.wholeMatch(of: /[a-z]{2,3}(-[a-z0-9]{2,8})*/) != nil
    }

    private static func emptyText<Value>(_ text: String, _ field: String, of name: String, in item: Located<Value>) -> [ContentProblem] {
        // A field that is absent was reported as missing by the reader; say it once.
        guard item.fieldLines[field] != nil, text.allSatisfy(\.isWhitespace) else { return [] }
        return [ContentProblem(
            .emptyText, at: item.location(of: field), "\(name) has an empty \(field)",
            fix: "Write the \(field); players see it."
        )]
    }

    private static func atLeastOne(_ value: Int, _ field: String, of name: String, at location: SourceLocation) -> [ContentProblem] {
        guard value < 1 else { return [] }
        return [ContentProblem(.invalidValue, at: location, "\(name) has \(field) \(value)", fix: "Use a whole number of 1 or more.")]
    }

    private static func unknownTrait(_ trait: String, in name: String, at location: SourceLocation) -> ContentProblem {
        ContentProblem(
            .unknownTrait, at: location, "\(name) uses trait '\(trait)', which Campus/campus.yaml does not list",
            fix: "Add '\(trait)' to `traits` in Campus/campus.yaml, or use a listed trait."
        )
    }
}
