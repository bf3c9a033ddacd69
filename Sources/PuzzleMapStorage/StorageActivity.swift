import Synchronization

/// How long a store lets one operation take and how many may wait: a slow or locked database
/// then costs a request a bounded time, and a crowd a bounded queue, never a wait without end.
public struct StorageLimits: Sendable, Equatable {
    /// The longest an operation waits for a connection before it is given up (when its turn
    /// comes later, it fails at once) and the longest one statement may wait or run: a lock
    /// held elsewhere, a statement the server is slow with.
    public var deadline: Duration
    /// Operations that may wait for a connection beyond those holding one; `nil` is 16 a
    /// connection. Past it an operation fails at once.
    public var waiting: Int?

    public init(deadline: Duration = .seconds(5), waiting: Int? = nil) {
        self.deadline = deadline
        self.waiting = waiting
    }

    /// The deadline in seconds, as drivers take it.
    public var deadlineSeconds: Double {
        Double(deadline.components.seconds) + Double(deadline.components.attoseconds) / 1e18
    }
}

/// The database did not take an operation in time: more were waiting than the store allows,
/// or its turn came after the deadline. Nothing of it was run; the service answers 503.
public enum StorageTooSlow: StorageConditionError, Equatable, CustomStringConvertible {
    /// `waiting` operations were already waiting for a connection.
    case queueFull(waiting: Int)
    /// The operation waited longer than the deadline for a connection.
    case waitedTooLong(Duration)

    public var storageCondition: StorageCondition? { .unavailable }

    public var description: String {
        switch self {
        case .queueFull(let waiting): "\(waiting) database operations were already waiting for a connection"
        case .waitedTooLong(let waited): "waited \(waited) for a database connection, past the deadline"
        }
    }
}

/// How busy the database is, for the service's metrics and its limits: the operations holding
/// or waiting for a connection right now, against the most connections the store opens.
/// Counting is two atomic additions per operation, cheap enough for every query.
public final class StorageActivity: Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var readsInFlight: Int
        public var writesInFlight: Int
        public var maximumConnections: Int
    }

    private let reads = Atomic<Int>(0)
    private let writes = Atomic<Int>(0)
    public let maximumConnections: Int
    public let limits: StorageLimits
    /// Operations allowed in flight at once: those holding a connection and those waiting.
    private let allowedInFlight: Int

    public init(maximumConnections: Int, limits: StorageLimits = StorageLimits()) {
        self.maximumConnections = maximumConnections
        self.limits = limits
        allowedInFlight = maximumConnections + (limits.waiting ?? 16 * maximumConnections)
    }

    public var snapshot: Snapshot {
        Snapshot(readsInFlight: reads.load(ordering: .relaxed), writesInFlight: writes.load(ordering: .relaxed),
                 maximumConnections: maximumConnections)
    }

    /// Runs `body` counted as one read (or write) in flight, given the moment it was asked
    /// for (to pass to ``checkTurn(askedAt:)`` once it holds a connection); refused with
    /// ``StorageTooSlow/queueFull(waiting:)`` when the queue is full.
    public func measuring<T>(writing: Bool, _ body: (_ askedAt: ContinuousClock.Instant) async throws -> T) async throws -> T {
        let inFlight = writing
            ? writes.add(1, ordering: .relaxed).newValue + reads.load(ordering: .relaxed)
            : reads.add(1, ordering: .relaxed).newValue + writes.load(ordering: .relaxed)
        defer { _ = writing ? writes.subtract(1, ordering: .relaxed) : reads.subtract(1, ordering: .relaxed) }
        guard inFlight <= allowedInFlight else { throw StorageTooSlow.queueFull(waiting: allowedInFlight - maximumConnections) }
        return try await body(.now)
    }

    /// Throws ``StorageTooSlow/waitedTooLong(_:)`` when an operation's turn came past the
    /// deadline: its caller has waited long enough, and running it would only add to the queue.
    public func checkTurn(askedAt: ContinuousClock.Instant) throws {
        let waited = askedAt.duration(to: .now)
        if waited > limits.deadline { throw StorageTooSlow.waitedTooLong(waited) }
    }
}
