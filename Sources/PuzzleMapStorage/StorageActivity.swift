import Synchronization

/// How long a store lets one operation take and how many may wait: a slow or locked database
/// then costs a request a bounded time, and a crowd a bounded queue, never a wait without end.
public struct StorageLimits: Sendable, Equatable {
    /// The longest an operation waits for a connection before it is given up (when its turn
    /// comes later, it fails at once) and the longest one statement may wait or run: a lock
    /// held elsewhere, a statement the server is slow with.
    public var deadline: Duration
    /// Operations that may wait for a connection beyond those holding one; `nil` is 16 a
    /// connection. Past it an operation fails at once. Where writes have a connection of their
    /// own (SQLite's one writer), writes and reads each have a queue this long.
    public var waiting: Int?

    public init(deadline: Duration = .seconds(5), waiting: Int? = nil) {
        self.deadline = deadline
        self.waiting = waiting
    }

    /// For stores that serve no crowd, in-memory stores for tools and test suites that put
    /// many operations on one store at once on a busy machine: waiting is fine there, refusing
    /// is not. Ten minutes' deadline and no practical queue limit: on two cores a test process
    /// keeps its few threads busy decoding photos and migrating fresh stores, and an operation
    /// queued behind twenty others there has been seen to get its turn a minute later.
    public static let unhurried = StorageLimits(deadline: .seconds(600), waiting: 1_000_000)

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
///
/// Where every connection takes reads and writes (PostgreSQL's pool), they wait in one queue.
/// Where writes have connections of their own (SQLite's one writer beside its readers), each
/// kind waits in a queue of its own: a crowd of scans queued for the writer does not turn away
/// a read that an idle reader would answer.
public final class StorageActivity: Sendable {
    public struct Snapshot: Sendable, Equatable {
        public var readsInFlight: Int
        public var writesInFlight: Int
        public var maximumConnections: Int
    }

    private let reads = Atomic<Int>(0)
    private let writes = Atomic<Int>(0)
    public let maximumConnections: Int
    /// How many writes can hold a connection at once: SQLite's one writer, or the whole pool.
    private let writers: Int
    public let limits: StorageLimits
    /// Operations that may wait beyond those holding a connection, in each queue.
    private let waiting: Int

    public init(maximumConnections: Int, writers: Int? = nil, limits: StorageLimits = StorageLimits()) {
        self.maximumConnections = maximumConnections
        self.writers = min(writers ?? maximumConnections, maximumConnections)
        self.limits = limits
        waiting = limits.waiting ?? 16 * maximumConnections
    }

    /// Whether writes hold connections that reads never use, and so wait apart from them.
    private var writesWaitApart: Bool { writers < maximumConnections }

    public var snapshot: Snapshot {
        Snapshot(readsInFlight: reads.load(ordering: .relaxed), writesInFlight: writes.load(ordering: .relaxed),
                 maximumConnections: maximumConnections)
    }

    /// Runs `body` counted as one read (or write) in flight, given the moment it was asked
    /// for when it has to wait for a connection behind others (to pass to
    /// ``checkTurn(askedAt:)`` once it holds one); refused with
    /// ``StorageTooSlow/queueFull(waiting:)`` when the queue is full.
    public func measuring<T>(writing: Bool, _ body: (_ askedAt: ContinuousClock.Instant?) async throws -> T) async throws -> T {
        let (mine, others) = writing
            ? (writes.add(1, ordering: .relaxed).newValue, reads.load(ordering: .relaxed))
            : (reads.add(1, ordering: .relaxed).newValue, writes.load(ordering: .relaxed))
        defer { _ = writing ? writes.subtract(1, ordering: .relaxed) : reads.subtract(1, ordering: .relaxed) }
        // The operation's queue: how many in it may hold a connection at once, and how many
        // are in it now, this one included.
        let (holding, inQueue) = writesWaitApart
            ? (writing ? writers : maximumConnections - writers, mine)
            : (maximumConnections, mine + others)
        guard inQueue <= holding + waiting else { throw StorageTooSlow.queueFull(waiting: waiting) }
        return try await body(inQueue > holding ? .now : nil)
    }

    /// Throws ``StorageTooSlow/waitedTooLong(_:)`` when an operation that queued behind others
    /// got its turn past the deadline: its caller has waited long enough, and running it would
    /// only add to the queue. One that did not queue is never refused for time it spent
    /// waiting for a thread of a busy process rather than for the database.
    public func checkTurn(askedAt: ContinuousClock.Instant?) throws {
        guard let askedAt else { return }
        let waited = askedAt.duration(to: .now)
        if waited > limits.deadline { throw StorageTooSlow.waitedTooLong(waited) }
    }
}
