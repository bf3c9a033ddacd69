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
final class PlayCache: Sendable {
    struct Entry: Sendable {
        var playVersion: Int64
        /// The progress as of the ledger; its `unclaimedVouchers` is filled in at each request.
        var progress: PlayerProgress
        var vouchers: [Voucher]
        var solved: Set<String>
        var visited: Set<String>
    }

    /// How many players are kept; past it a quarter of them are forgotten, whichever they are.
    let capacity: Int
    private let entries = Mutex<[Int64: Entry]>([:])
    private let answered = Atomic<Int>(0)
    private let missed = Atomic<Int>(0)

    init(capacity: Int = 25_000) {
        self.capacity = capacity
    }

    /// The player's entry, if it was kept at `playVersion`.
    func entry(playerID: Int64, at playVersion: Int64) -> Entry? {
        let entry = entries.withLock { entries in entries[playerID].flatMap { $0.playVersion == playVersion ? $0 : nil } }
        if entry == nil { missed.add(1, ordering: .relaxed) } else { answered.add(1, ordering: .relaxed) }
        return entry
    }

    /// Keeps `entry`, unless a newer version of the player is kept already.
    func keep(_ entry: Entry, playerID: Int64) {
        entries.withLock { entries in
            if let kept = entries[playerID], kept.playVersion > entry.playVersion { return }
            if entries[playerID] == nil, entries.count >= capacity {
                for key in Array(entries.keys.prefix(max(1, capacity / 4))) { entries.removeValue(forKey: key) }
            }
            entries[playerID] = entry
        }
    }

    var count: Int { entries.withLock { $0.count } }
    /// How many requests with a play version were answered from what was kept, and how many were not.
    var hits: Int { answered.load(ordering: .relaxed) }
    var misses: Int { missed.load(ordering: .relaxed) }
}

/// How the kept progress and maps have served since the content was loaded, for `/metrics`.
public struct PlayCacheFigures: Sendable {
    /// Requests with a play version answered from what was kept, and those that read the store.
    public var answered: Int
    public var missed: Int
    /// Players kept now.
    public var players: Int
}

extension Hunt {
    public var playCacheFigures: PlayCacheFigures {
        PlayCacheFigures(answered: playCache.hits, missed: playCache.misses, players: playCache.count)
    }
}
