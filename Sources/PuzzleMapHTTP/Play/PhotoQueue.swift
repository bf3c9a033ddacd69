import Foundation
import Synchronization

/// Bounds the photos this instance holds and decodes: uploads read at once up to `uploadBytes`
/// (what their bodies may take in memory), at most `decoders` decoded at once and at most
/// `waiting` more queued behind them, first come first served. A photo that finds either full
/// is refused at once (`Full`, with how long the queue takes to drain), so a crowd sending
/// photos faster than the cores can read them gets quick 503s instead of answers that grow
/// slower for everyone and memory that grows without end; typed codes and every other request
/// never wait here.
final class PhotoQueue: Sendable {
    /// The queue was full: try again after `retryAfter` seconds.
    struct Full: Error, Equatable {
        var retryAfter: Int
    }

    private struct State {
        var running = 0
        var waiters: [(id: UInt64, resume: CheckedContinuation<Void, any Error>)] = []
        var nextID: UInt64 = 0
        /// A moving average of how long a decode takes, in seconds.
        var averageSeconds = 0.3
        /// Bytes of upload bodies being read or held now.
        var uploadBytes = 0
    }

    let decoders: Int
    let waiting: Int
    /// The most bytes of upload bodies held at once.
    let uploadBytes: Int
    private let state = Mutex(State())

    init(decoders: Int, waiting: Int, uploadBytes: Int = .max) {
        self.decoders = max(1, decoders)
        self.waiting = max(0, waiting)
        self.uploadBytes = uploadBytes
    }

    /// Room for an upload body of `bytes` until the request ends (`releaseUpload`), or `Full`.
    func admitUpload(bytes: Int) throws(Full) {
        let retryAfter: Int? = state.withLock { state in
            guard state.uploadBytes + bytes <= uploadBytes else { return drainSeconds(state) }
            state.uploadBytes += bytes
            return nil
        }
        if let retryAfter { throw Full(retryAfter: retryAfter) }
    }

    func releaseUpload(bytes: Int) {
        state.withLock { $0.uploadBytes -= bytes }
    }

    /// How long the queue takes to drain: `decoders` photos per average decode time.
    private func drainSeconds(_ state: State) -> Int {
        max(1, Int((state.averageSeconds * Double(state.waiters.count + state.running + 1) / Double(decoders)).rounded(.up)))
    }

    /// Photos being decoded and photos queued, now.
    var load: (running: Int, queued: Int) { state.withLock { ($0.running, $0.waiters.count) } }

    /// Runs `work` when a decoder is free, queued while none is, or throws `Full` at once when
    /// the queue is full. A request cancelled while queued leaves the queue.
    func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        try await admit()
        let start = ContinuousClock.now
        defer { release(after: start) }
        return try await work()
    }

    /// Takes a decoder, or a place in the queue, or refuses; deciding and queueing under one
    /// lock, so a decoder freed meanwhile is never missed.
    private func admit() async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let decided: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if state.running < decoders {
                        state.running += 1
                        return .success(())
                    }
                    guard state.waiters.count < waiting else { return .failure(Full(retryAfter: drainSeconds(state))) }
                    state.waiters.append((id, continuation))
                    return nil
                }
                if let decided { continuation.resume(with: decided) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
            }
            waiter?.resume.resume(throwing: CancellationError())
        }
    }

    /// Hands the decoder to the first photo queued, or frees it.
    private func release(after start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let next = state.withLock { state in
            state.averageSeconds = 0.8 * state.averageSeconds + 0.2 * seconds
            if state.waiters.isEmpty {
                state.running -= 1
                return nil as CheckedContinuation<Void, any Error>?
            }
            return state.waiters.removeFirst().resume
        }
        next?.resume()
    }
}
