import Synchronization

/// Runs `work`, giving up on it after `deadline`: true if it ended (or failed) in time. Work
/// that ignores cancellation is left behind, not awaited: closing a store at shutdown, and the
/// tests' clean-up of their PostgreSQL schemas, where a pool's shutdown has been seen to wait
/// for ever on a connection still being made.
public func finishes(within deadline: Duration, _ work: @escaping @Sendable () async throws -> Void) async -> Bool {
    let waiting = Mutex<CheckedContinuation<Bool, Never>?>(nil)
    let answer = { @Sendable (ended: Bool) in
        waiting.withLock { continuation -> CheckedContinuation<Bool, Never>? in
            defer { continuation = nil }
            return continuation
        }?.resume(returning: ended)
    }
    return await withCheckedContinuation { continuation in
        waiting.withLock { $0 = continuation }
        Task { try? await work(); answer(true) }
        Task { try? await Task.sleep(for: deadline); answer(false) }
    }
}
