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
/// is read again with it. At most ``limit`` players are read at once; past that, nothing is read
/// ahead (the player's next request reads, as it would without this).
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

    private struct State {
        var reading: Set<Int64> = []
        /// What was asked for players whose read was under way, to read once it ends.
        var again: [Int64: Work] = [:]
        var started = 0
        var skipped = 0
    }

    private let state = Mutex(State())
    /// Players read at once, at most.
    let limit: Int

    init(limit: Int = 8) {
        self.limit = limit
    }

    /// Reads `work` for `player` with `read` in the background, which answers the sessions it
    /// read but could not keep. While a read of the player is under way, `work` waits for it to
    /// end, and is read then with what it could not keep. Nothing is read when as many players as
    /// the limit are being read already, or when there is nothing to read.
    func read(_ player: Int64, _ work: Work, with read: @escaping @Sendable (Work) async -> Set<String>) {
        let start = state.withLock { state in
            if state.reading.contains(player) {
                state.again[player, default: Work()].add(work)
                return false
            }
            guard !work.isEmpty else { return false }
            guard state.reading.count < limit else {
                state.skipped += 1
                return false
            }
            state.reading.insert(player)
            state.started += 1
            return true
        }
        guard start else { return }
        Task {
            var next: Work? = work
            while let work = next {
                let unkept = await read(work)
                next = state.withLock { state in
                    // Only a signal about the player stops a read from being kept, and it asked
                    // for them again: what this read could not keep is read with that.
                    var again = state.again.removeValue(forKey: player)
                    again?.sessions.formUnion(unkept)
                    guard let again, !again.isEmpty else {
                        state.reading.remove(player)
                        return nil
                    }
                    state.started += 1
                    return again
                }
            }
        }
    }

    /// Reads started (a read run again counts again) and asks that found the limit reached.
    var figures: (started: Int, skipped: Int, reading: Int) {
        state.withLock { ($0.started, $0.skipped, $0.reading.count) }
    }
}
