import Foundation

/// Where a player stands, derived from their ledger alone: XP, level, places solved and
/// visited, badges with the moment each was earned.
///
/// A standing is the ledger replayed in order, so it can be carried forward by the events
/// appended since (``adding(_:content:)``) instead of replaying the whole ledger again: the
/// two give the same standing, as a property test holds them to.
public struct PlayerStanding: Sendable, Equatable {
    public private(set) var totals: LedgerTotals
    public private(set) var history: PlayHistory
    public private(set) var solvedIDs: Set<String>
    public private(set) var visitedIDs: Set<String>
    /// Badge id to the time of the event that completed it.
    public private(set) var earnedAt: [String: Date]
    /// The scans the ledger voided: any event of theirs does not count, wherever it stands.
    private var voidedScans: Set<Int64>

    /// Voided scans and their voids are left out (``Swift/Array/counted``).
    public init(events: [GameEvent], content: CampusContent) {
        totals = LedgerTotals(xp: 0, rules: content.rules)
        history = PlayHistory()
        solvedIDs = []
        visitedIDs = []
        earnedAt = [:]
        voidedScans = Set(events.compactMap { $0.kind == .voided ? $0.scanID : nil })
        replay(events.counted, content: content)
    }

    /// The standing of the ledger this one was made from with `later` appended (events written
    /// since, in the order written), without replaying what came before; `nil` when one of them
    /// is a void, which takes back an earlier scan: the whole ledger is replayed then.
    public func adding(_ later: [GameEvent], content: CampusContent) -> PlayerStanding? {
        guard !later.contains(where: { $0.kind == .voided }) else { return nil }
        var standing = self
        standing.replay(later.filter { !($0.scanID.map(voidedScans.contains) ?? false) }, content: content)
        return standing
    }

    /// Counts `events`, which come after every event counted so far and are none of a voided scan.
    private mutating func replay(_ events: [GameEvent], content: CampusContent) {
        guard !events.isEmpty else { return }
        let checkpoints = Dictionary(uniqueKeysWithValues: content.checkpoints.map { ($0.id, $0) })
        var xp = totals.xp
        for event in events {
            xp += event.xp
            if event.kind == .crewBonus { history.crewSolves += 1 }
            if let id = event.checkpointID {
                history.visitedCheckpointIDs.insert(id)
                visitedIDs.insert(id)
                if event.kind == .solved {
                    solvedIDs.insert(id)
                    if let checkpoint = checkpoints[id] {
                        history.solves.append(PlayHistory.Solve(at: checkpoint, hintsUsed: event.hintsUsed))
                    }
                }
            }
            // Replaying the ledger dates each badge by the event that completed it.
            let level = content.rules.level(forXP: xp)
            for badge in content.badges where earnedAt[badge.id] == nil && BadgeEvaluator.isEarned(badge.rule, history: history, level: level) {
                earnedAt[badge.id] = event.occurredAt
            }
        }
        totals = LedgerTotals(xp: xp, rules: content.rules)
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
