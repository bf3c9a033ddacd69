import Synchronization

/// How busy the database is, for the service's metrics: the operations holding or waiting for
/// a connection right now, against the most connections the store opens. Counting is two
/// atomic additions per operation, cheap enough for every query.
public final class StorageActivity: Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var readsInFlight: Int
        public var writesInFlight: Int
        public var maximumConnections: Int
    }

    private let reads = Atomic<Int>(0)
    private let writes = Atomic<Int>(0)
    public let maximumConnections: Int

    public init(maximumConnections: Int) {
        self.maximumConnections = maximumConnections
    }

    public var snapshot: Snapshot {
        Snapshot(readsInFlight: reads.load(ordering: .relaxed), writesInFlight: writes.load(ordering: .relaxed),
                 maximumConnections: maximumConnections)
    }

    /// Runs `body` counted as one read (or write) in flight.
    public func measuring<T>(writing: Bool, _ body: () async throws -> T) async rethrows -> T {
        if writing {
            writes.add(1, ordering: .relaxed)
            defer { writes.subtract(1, ordering: .relaxed) }
            return try await body()
        } else {
            reads.add(1, ordering: .relaxed)
            defer { reads.subtract(1, ordering: .relaxed) }
            return try await body()
        }
    }
}
