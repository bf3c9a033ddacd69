/// A store's failure that is the infrastructure's, not a bug in the request: the database is
/// out of reach (restarting, its connections lost, locked past the wait) or out of space. The
/// service answers both with 503 and `Retry-After`, and nothing was written.
public enum StorageCondition: Sendable, Equatable {
    /// The database cannot be reached or answered too late; a retry soon may work.
    case unavailable
    /// The disk under the database is full: reads go on, writes wait for space.
    case full
}

/// An error a store's driver raises that may be a ``StorageCondition``: each store says which
/// of its driver's errors are.
public protocol StorageConditionError: Error {
    /// The condition, or `nil` when the error is something else.
    var storageCondition: StorageCondition? { get }
}
