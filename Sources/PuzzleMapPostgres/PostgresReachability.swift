import Foundation
import Synchronization
import PuzzleMapStorage

/// Whether the server answers, as the connection that listens for live signals finds it: that
/// connection is always open, so it is the first to know the server went away (a restart, a
/// failover) and the first to know it is back. While it is gone, requests are refused at once
/// instead of queueing in the pool for a connection that cannot be made.
final class PostgresReachability: Sendable {
    private let lostAt = Mutex<Date?>(nil)

    /// Since when the server has not answered; `nil` while it does.
    var lostSince: Date? { lostAt.withLock { $0 } }

    /// The listening connection was lost, or could not be made.
    func lost() {
        lostAt.withLock { if $0 == nil { $0 = Date() } }
    }

    /// The listening connection is open again.
    func regained() {
        lostAt.withLock { $0 = nil }
    }
}

/// The server cannot be used now: it went away (the listening connection says so), or the pool
/// could not lend a connection. Answered 503 `database_unavailable`; nothing was written.
public struct PostgresUnavailable: Error, CustomStringConvertible, StorageConditionError {
    public var reason: String

    public var description: String { "PostgreSQL is unavailable: \(reason)." }
    public var storageCondition: StorageCondition? { .unavailable }
}
