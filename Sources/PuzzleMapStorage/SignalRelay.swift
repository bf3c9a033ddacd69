import Foundation
import Synchronization

/// Passes signals to every listener in this process: each `listen()` is a sequence of its own,
/// ended when its listener stops iterating.
public final class SignalRelay<Signal: Sendable>: Sendable {
    private let listeners = Mutex<[UUID: AsyncStream<Signal>.Continuation]>([:])
    private let buffering: AsyncStream<Signal>.Continuation.BufferingPolicy

    /// `buffering` says what a slow listener keeps: the newest live signals only (a live signal
    /// says "read what is new", so dropping older ones loses nothing), but every account signal
    /// (each names what is no longer current).
    public init(buffering: AsyncStream<Signal>.Continuation.BufferingPolicy) {
        self.buffering = buffering
    }

    public func listen() -> AsyncStream<Signal> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: Signal.self, bufferingPolicy: buffering)
        continuation.onTermination = { [weak self] _ in _ = self?.listeners.withLock { $0.removeValue(forKey: id) } }
        listeners.withLock { $0[id] = continuation }
        return stream
    }

    public func send(_ signal: Signal) {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield(signal) }
    }

    /// Ends every listener's sequence.
    public func finish() {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
