import PuzzleMapCore
import PuzzleMapStorage
import Synchronization

/// What a player's progress and map are computed from, kept between requests by player under
/// the play version it was read at (``PlayVersion``). An entry answers only a request that
/// read the same version with its session, so whatever changed the player's state since, on
/// any instance and by any statement, makes it miss: a kept read is never stale, and nothing
/// has to remember to forget it.
///
/// What depends on the moment (freebies expiring, places opening) is not kept: it is worked
/// out at each request from what is kept. A content reload starts an empty cache, since badges
/// and places come from the content.
typealias PlayCache = KeptByPlayVersion<PlayedState>

struct PlayedState: Sendable {
    var playVersion: Int64
    /// The progress as of the ledger; its `unclaimedVouchers` is filled in at each request.
    var progress: PlayerProgress
    var vouchers: [Voucher]
    /// The ledger replayed, and how far: what a later read carries forward by the events
    /// written since (``Hunt/played(playerID:at:)``).
    var standing: PlayerStanding
    var ledger: LedgerRead

    var solved: Set<String> { standing.solvedIDs }
    var visited: Set<String> { standing.visitedIDs }

    /// The standing carried forward by `later`, the player's events written after the last one
    /// it was made from, in the order written, given that there are `eventsUpTo` events up to
    /// that one now; `nil` when that count is not the one it was made from (an event committed
    /// after a later one was read) or a void is among `later`: the whole ledger is replayed then.
    func standing(carriedBy later: [GameEvent], eventsUpTo: Int?, content: CampusContent) -> PlayerStanding? {
        guard eventsUpTo == ledger.events else { return nil }
        return standing.adding(later, content: content)
    }

    /// The standing of `ledger`, the player's whole ledger as read now in the order written,
    /// carried forward from this one by the events after it (see above), or `nil`.
    func standing(of ledger: [GameEvent], content: CampusContent) -> PlayerStanding? {
        var eventsUpTo = 0
        var later: [GameEvent] = []
        for event in ledger {
            if event.id <= self.ledger.lastEventID { eventsUpTo += 1 } else { later.append(event) }
        }
        return standing(carriedBy: later, eventsUpTo: eventsUpTo, content: content)
    }
}

/// How much of a player's ledger a kept standing was made from: its events up to the one with
/// id `lastEventID`, `events` of them. The ledger is only ever appended to (a void is an event
/// of its own), so a later read of the events after `lastEventID` carries the standing forward,
/// as long as there are still `events` up to it: an event written earlier but committed after
/// that read changes the count, and the whole ledger is read again.
struct LedgerRead: Sendable, Equatable {
    var lastEventID: Int64 = 0
    var events = 0

    /// The ledger read further by `later`, the events after `lastEventID` in the order written.
    func reading(_ later: [GameEvent]) -> LedgerRead {
        LedgerRead(lastEventID: later.last?.id ?? lastEventID, events: events + later.count)
    }
}

/// Values worked out from a player's state, kept by player under the play version they were
/// read at: one answers only a request that read the same version, so any change to the
/// player's ledger since, on any instance, makes it miss.
final class KeptByPlayVersion<Value: Sendable>: Sendable {
    private struct Kept {
        var playVersion: Int64
        var value: Value
    }

    /// How many players are kept; past it a quarter of them are forgotten, whichever they are.
    let capacity: Int
    private let entries = Mutex<[Int64: Kept]>([:])
    /// Values worked out for a player's play version, which requests missing it together share.
    private let reads = SharedReads<Read, Value>()

    private struct Read: Hashable {
        var player: Int64
        var playVersion: Int64
    }
    private let answered = Atomic<Int>(0)
    private let missed = Atomic<Int>(0)

    init(capacity: Int = 25_000) {
        self.capacity = capacity
    }

    /// The player's value, if it was kept at `playVersion`.
    func entry(playerID: Int64, at playVersion: Int64) -> Value? {
        let value = kept(playerID: playerID, at: playVersion)
        if value == nil { missed.add(1, ordering: .relaxed) } else { answered.add(1, ordering: .relaxed) }
        return value
    }

    /// Keeps `value` as the player's at `playVersion`, unless a newer version of theirs is kept already.
    func keep(_ value: Value, playerID: Int64, at playVersion: Int64) {
        entries.withLock { entries in
            if let kept = entries[playerID], kept.playVersion > playVersion { return }
            if entries[playerID] == nil, entries.count >= capacity {
                for key in Array(entries.keys.prefix(max(1, capacity / 4))) { entries.removeValue(forKey: key) }
            }
            entries[playerID] = Kept(playVersion: playVersion, value: value)
        }
    }

    /// The player's value at `playVersion`, after ``entry(playerID:at:)`` missed it: as kept
    /// since, or as `read` works it out (from what it reads after the version was read, so at
    /// least as new) and then kept. Requests missing the same version together share one read.
    func value(playerID: Int64, at playVersion: Int64, reading read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        if let kept = kept(playerID: playerID, at: playVersion) { return kept }
        return try await reads.value(for: Read(player: playerID, playVersion: playVersion)) {
            let value = try await read()
            self.keep(value, playerID: playerID, at: playVersion)
            return value
        }
    }

    /// The player's value kept at `playVersion`, not counted as a request.
    private func kept(playerID: Int64, at playVersion: Int64) -> Value? {
        entries.withLock { entries in entries[playerID].flatMap { $0.playVersion == playVersion ? $0.value : nil } }
    }

    /// The player's value kept at whichever version, not counted as a request.
    func latest(playerID: Int64) -> Value? {
        entries.withLock { $0[playerID]?.value }
    }

    /// Whether a value of the player's is kept, at whichever version.
    func holds(_ playerID: Int64) -> Bool {
        entries.withLock { $0[playerID] != nil }
    }

    var count: Int { entries.withLock { $0.count } }
    /// How many requests with a play version were answered from what was kept, and how many were not.
    var hits: Int { answered.load(ordering: .relaxed) }
    var misses: Int { missed.load(ordering: .relaxed) }
}

/// How the progress read from the store was made: carried forward from what was kept of the
/// player by the events written since, or replayed from the whole ledger; and the same of the
/// standing a scan's decision starts from, inside its transaction.
final class LedgerReadCounts: Sendable {
    let carried = Atomic<Int>(0)
    let whole = Atomic<Int>(0)
    let scansCarried = Atomic<Int>(0)
    let scansWhole = Atomic<Int>(0)
}

/// How the kept progress and maps have served since the content was loaded, for `/metrics`.
public struct PlayCacheFigures: Sendable {
    /// Requests with a play version answered from what was kept, and those that read the store.
    public var answered: Int
    public var missed: Int
    /// Players kept now.
    public var players: Int
    /// Reads of the store carried forward from what was kept, and those that replayed the whole ledger.
    public var carriedForward: Int
    public var replayedWhole: Int
    /// Scans' decisions whose standing before was carried forward, and those that replayed the
    /// whole ledger.
    public var scansCarriedForward: Int
    public var scansReplayedWhole: Int
}

extension Hunt {
    public var playCacheFigures: PlayCacheFigures {
        PlayCacheFigures(answered: playCache.hits, missed: playCache.misses, players: playCache.count,
                         carriedForward: ledgerReads.carried.load(ordering: .relaxed), replayedWhole: ledgerReads.whole.load(ordering: .relaxed),
                         scansCarriedForward: ledgerReads.scansCarried.load(ordering: .relaxed),
                         scansReplayedWhole: ledgerReads.scansWhole.load(ordering: .relaxed))
    }
}
