import Synchronization

/// Reads again, in the background, what a store's signal about a player has just dropped from
/// what this instance keeps of them (their sessions, their progress), so that their next
/// request finds it kept instead of waiting on the database. A write is most often followed by
/// its player's read within a second: the phone shows the progress a scan earned.
///
/// What is read ahead is kept by the same rules as a request's own read: it starts after the
/// signal, so it is never older than the change signalled, and it is not kept when another
/// signal about the player overtook it. At most ``limit`` players are read at once; a signal
/// past that reads nothing ahead (the player's next request reads, as it would without this).
/// A signal about a player whose read is under way has them read once more after it.
final class ReadAhead: Sendable {
    private struct State {
        var reading: Set<Int64> = []
        /// The read to run again for a player once theirs under way ends: the latest asked.
        var again: [Int64: @Sendable () async -> Void] = [:]
        var started = 0
        var skipped = 0
    }

    private let state = Mutex(State())
    /// Players read at once, at most.
    let limit: Int

    init(limit: Int = 8) {
        self.limit = limit
    }

    /// Runs `read` for `player` in the background, unless as many players as the limit are
    /// being read already; after the read under way, when there is one.
    func read(_ player: Int64, _ read: @escaping @Sendable () async -> Void) {
        let start = state.withLock { state in
            if state.reading.contains(player) {
                state.again[player] = read
                return false
            }
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
            var next: (@Sendable () async -> Void)? = read
            while let read = next {
                await read()
                next = state.withLock { state in
                    guard let again = state.again.removeValue(forKey: player) else {
                        state.reading.remove(player)
                        return nil
                    }
                    state.started += 1
                    return again
                }
            }
        }
    }

    /// Reads started (a read run again counts again) and signals that found the limit reached.
    var figures: (started: Int, skipped: Int, reading: Int) {
        state.withLock { ($0.started, $0.skipped, $0.reading.count) }
    }
}
