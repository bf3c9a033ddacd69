import Synchronization

/// Reads again, in the background, what a change to a player has just dropped from what this
/// instance keeps of them (their sessions, their progress), so that their next request finds it
/// kept instead of waiting on the database. A write is most often followed by its player's read
/// within a second: the phone shows the progress a scan earned.
///
/// What is read ahead is kept by the same rules as a request's own read: it starts after the
/// drop, so it is never older than the change, and it is not kept when another signal about the
/// player overtook it. Such a signal asks for the player to be read again, with whatever it
/// dropped: they are read once more after the read under way, and what that read could not keep
/// is read again with it. At most ``limit`` players are read at once; players asked for past
/// that wait their turn, in the order asked (what is asked again for a player waiting joins
/// their turn), up to ``waitingLimit`` of them; past that, nothing is read ahead (the player's
/// next request reads, as it would without this).
final class ReadAhead: Sendable {
    /// What to read of one player.
    struct Work: Sendable {
        /// The hashes of the sessions to read.
        var sessions: Set<String> = []
        /// Whether to read their progress.
        var progress = false

        var isEmpty: Bool { sessions.isEmpty && !progress }

        mutating func add(_ other: Work) {
            sessions.formUnion(other.sessions)
            progress = progress || other.progress
        }
    }

    /// Reads what it is given of one player, and answers the sessions it read but could not keep.
    typealias Reader = @Sendable (Work) async -> Set<String>

    private struct State {
        var reading: Set<Int64> = []
        /// What was asked for players whose read was under way, to read once it ends, with the
        /// latest reader asked with (after a content reload, the new hunt's).
        var again: [Int64: (work: Work, read: Reader)] = [:]
        /// What was asked for players while `limit` others were being read, with the latest
        /// reader asked with, and the order it was asked in (each player waiting appears once,
        /// from `next` on).
        var waiting: [Int64: (work: Work, read: Reader)] = [:]
        var order: [Int64] = []
        var next = 0
        var started = 0
        var skipped = 0

        /// The player whose turn it is, taken from those waiting.
        mutating func takeWaiting() -> (player: Int64, work: Work, read: Reader)? {
            guard next < order.count else { return nil }
            let player = order[next]
            next += 1
            if next == order.count {
                order.removeAll(keepingCapacity: true)
                next = 0
            } else if next > 1_024, next * 2 > order.count {
                order.removeFirst(next)
                next = 0
            }
            let (work, read) = waiting.removeValue(forKey: player)!
            return (player, work, read)
        }
    }

    private let state = Mutex(State())
    /// Players read at once, at most.
    let limit: Int
    /// Players waiting for their turn, at most.
    let waitingLimit: Int

    init(limit: Int = 8, waitingLimit: Int = 4_096) {
        self.limit = limit
        self.waitingLimit = waitingLimit
    }

    /// Reads `work` for `player` with `read` in the background, which answers the sessions it
    /// read but could not keep. While a read of the player is under way, `work` waits for it to
    /// end, and is read then with what it could not keep. When as many players as the limit are
    /// being read already, `work` waits its turn (joining what the player already waits with);
    /// nothing is read when too many wait, or when there is nothing to read.
    func read(_ player: Int64, _ work: Work, with read: @escaping Reader) {
        let start = state.withLock { state in
            if state.reading.contains(player) {
                var again = state.again[player]?.work ?? Work()
                again.add(work)
                state.again[player] = (again, read)
                return false
            }
            if var waiting = state.waiting[player] {
                waiting.work.add(work)
                state.waiting[player] = (waiting.work, read)
                return false
            }
            guard !work.isEmpty else { return false }
            guard state.reading.count < limit else {
                if state.waiting.count < waitingLimit {
                    state.waiting[player] = (work, read)
                    state.order.append(player)
                } else {
                    state.skipped += 1
                }
                return false
            }
            state.reading.insert(player)
            state.started += 1
            return true
        }
        guard start else { return }
        Task {
            var next: (player: Int64, work: Work, read: Reader)? = (player, work, read)
            while case let (player, work, read)? = next {
                let unkept = await read(work)
                next = state.withLock { state in
                    // Only a signal about the player stops a read from being kept, and it asked
                    // for them again: what this read could not keep is read with that.
                    if var again = state.again.removeValue(forKey: player) {
                        again.work.sessions.formUnion(unkept)
                        if !again.work.isEmpty {
                            state.started += 1
                            return (player, again.work, again.read)
                        }
                    }
                    state.reading.remove(player)
                    guard let waiting = state.takeWaiting() else { return nil }
                    state.reading.insert(waiting.player)
                    state.started += 1
                    return waiting
                }
            }
        }
    }

    /// Reads started (a read run again counts again), asks that found too many waiting, and the
    /// players being read and waiting now.
    var figures: (started: Int, skipped: Int, reading: Int, waiting: Int) {
        state.withLock { ($0.started, $0.skipped, $0.reading.count, $0.waiting.count) }
    }
}
