import Foundation

/// Which riddles a player may be offered now, and the weighted draw among them.
public struct RiddleSelection: Sendable {
    public let content: CampusContent
    public let timeZone: TimeZone
    public let profile: TraitProfile
    /// Checkpoints an organiser has closed for now: not offered, as if shut.
    public let closed: Set<String>

    public init(content: CampusContent, timeZone: TimeZone, profile: TraitProfile, closed: Set<String> = []) {
        self.content = content
        self.timeZone = timeZone
        self.profile = profile
        self.closed = closed
    }

    /// Places must be open now or within this long.
    public static let openingWindow: TimeInterval = 60 * 60

    public func hasUnsolved(in category: Category, solved: Set<String>) -> Bool {
        content.checkpoints.contains { $0.category == category && !solved.contains($0.id) && hasRiddle($0) }
    }

    /// The difficulties of the riddles that ``choose(in:difficulty:solved:recentlyGivenUp:at:using:)``
    /// could draw in the category now, easiest first.
    public func openDifficulties(in category: Category, solved: Set<String>, at now: Date) -> [Difficulty] {
        let found = Set(riddles(at: openPlaces(in: category, solved: solved, at: now), excluding: []).map(\.difficulty))
        return Difficulty.allCases.filter(found.contains)
    }

    /// Draws a riddle of the category (of the difficulty asked for, if one is) at an unsolved
    /// place that is open (or opens within the hour), each place weighted by the player's quiz
    /// profile against its traits. A riddle just given up is offered again only when nothing
    /// else is left.
    public func choose<R: RandomNumberGenerator>(
        in category: Category, difficulty: Difficulty? = nil, solved: Set<String>, recentlyGivenUp: Set<String>, at now: Date,
        using generator: inout R
    ) -> Riddle? {
        let open = openPlaces(in: category, solved: solved, at: now)
        let fresh = riddles(at: open, excluding: recentlyGivenUp, difficulty: difficulty)
        let pool = fresh.isEmpty ? riddles(at: open, excluding: [], difficulty: difficulty) : fresh
        let places = open.filter { place in pool.contains { $0.checkpointID == place.id } }
        let selector = RiddleSelector(rules: content.rules)
        guard let place = selector.choose(from: places, for: profile, using: &generator) else { return nil }
        let here = pool.filter { $0.checkpointID == place.id }
        return here[Int(generator.next(upperBound: UInt64(here.count)))]
    }

    /// The same selection without these riddles (the ones the store has retired since this
    /// content was loaded).
    public func excluding(riddles ids: Set<String>) -> RiddleSelection {
        guard content.riddles.contains(where: { ids.contains($0.id) }) else { return self }
        var content = content
        content.riddles.removeAll { ids.contains($0.id) }
        return RiddleSelection(content: content, timeZone: timeZone, profile: profile, closed: closed)
    }

    private func hasRiddle(_ checkpoint: Checkpoint) -> Bool {
        content.riddles.contains { $0.checkpointID == checkpoint.id }
    }

    private func openPlaces(in category: Category, solved: Set<String>, at now: Date) -> [Checkpoint] {
        content.checkpoints.filter {
            $0.category == category && !solved.contains($0.id) && !closed.contains($0.id)
                && $0.hours.isOpen(within: Self.openingWindow, of: now, in: timeZone)
        }
    }

    private func riddles(at places: [Checkpoint], excluding ids: Set<String>, difficulty: Difficulty? = nil) -> [Riddle] {
        let placeIDs = Set(places.map(\.id))
        return content.riddles.filter {
            placeIDs.contains($0.checkpointID) && !ids.contains($0.id) && (difficulty == nil || $0.difficulty == difficulty)
        }
    }
}
