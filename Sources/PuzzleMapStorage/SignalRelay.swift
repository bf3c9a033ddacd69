import Foundation
import Synchronization

/// Passes live signals to every listener in this process: each `listen()` is a sequence of its
/// own, ended when its listener stops iterating. A slow listener keeps only the newest signals
/// (a signal only says "read what is new", so dropping older ones loses nothing).
public final class LiveSignalRelay: Sendable {
    private let listeners = Mutex<[UUID: AsyncStream<LiveSignal>.Continuation]>([:])

    public init() {}

    public func listen() -> AsyncStream<LiveSignal> {
        let id = UUID()
        let (stream, continuation) = AsyncStream.makeStream(of: LiveSignal.self, bufferingPolicy: .bufferingNewest(1024))
        continuation.onTermination = { [weak self] _ in _ = self?.listeners.withLock { $0.removeValue(forKey: id) } }
        listeners.withLock { $0[id] = continuation }
        return stream
    }

    public func send(_ signal: LiveSignal) {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.yield(signal) }
    }

    /// Ends every listener's sequence.
    public func finish() {
        for continuation in listeners.withLock({ Array($0.values) }) { continuation.finish() }
    }
}
