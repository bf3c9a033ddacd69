import Foundation

/// Where a player stands, derived from their ledger alone: XP, level, places solved and
/// visited, badges with the moment each was earned.
public struct PlayerStanding: Sendable {
    public let totals: LedgerTotals
    public let history: PlayHistory
    public let solvedIDs: Set<String>
    public let visitedIDs: Set<String>
    /// Badge id to the time of the event that completed it.
    public let earnedAt: [String: Date]

    /// Voided scans and their voids are left out (``Swift/Array/counted``).
    public init(events: [GameEvent], content: CampusContent) {
        let events = events.counted
        let checkpoints = Dictionary(uniqueKeysWithValues: content.checkpoints.map { ($0.id, $0) })
        var history = PlayHistory()
        var xp = 0
        var earnedAt: [String: Date] = [:]
        for event in events {
            xp += event.xp
            if event.kind == .crewBonus { history.crewSolves += 1 }
            if let id = event.checkpointID {
                history.visitedCheckpointIDs.insert(id)
                if event.kind == .solved, let checkpoint = checkpoints[id] {
                    history.solves.append(PlayHistory.Solve(at: checkpoint, hintsUsed: event.hintsUsed))
                }
            }
            // Replaying the ledger dates each badge by the event that completed it.
            let level = content.rules.level(forXP: xp)
            for badge in content.badges where earnedAt[badge.id] == nil && BadgeEvaluator.isEarned(badge.rule, history: history, level: level) {
                earnedAt[badge.id] = event.occurredAt
            }
        }
        totals = LedgerTotals(xp: xp, rules: content.rules)
        self.history = history
        (solvedIDs, visitedIDs) = Self.places(in: events)
        self.earnedAt = earnedAt
    }

    /// The badge earned last, of `badges` (the badges file, in its order). One event can
    /// complete several badges at the same moment; the one later in the file is then the
    /// latest, as the replay awards them in that order, so the answer never depends on how a
    /// dictionary happens to iterate.
    public func latestBadge(of badges: [Badge]) -> Badge? {
        var latest: (badge: Badge, at: Date)?
        for badge in badges {
            guard let at = earnedAt[badge.id] else { continue }
            if latest.map({ at >= $0.at }) ?? true { latest = (badge, at) }
        }
        return latest?.badge
    }

    /// The places a ledger solved and visited (solved or explored or checked in): all the map
    /// needs, without replaying badges.
    public static func places(in events: [GameEvent]) -> (solved: Set<String>, visited: Set<String>) {
        let events = events.counted
        return (Set(events.filter { $0.kind == .solved }.compactMap(\.checkpointID)), Set(events.compactMap(\.checkpointID)))
    }
}
