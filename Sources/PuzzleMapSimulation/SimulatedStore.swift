import PuzzleMapStorage

/// A store to play on and, where the store has them, its faults.
public struct SimulatedStore {
    public var repository: any HuntRepository
    /// `nil` for a store faults cannot be made to (SQLite in memory: no connection to drop, no
    /// other process to hold its lock); a faulty command then runs as it would without.
    public var faults: (any StoreFaults)?

    public init(_ repository: any HuntRepository, faults: (any StoreFaults)? = nil) {
        self.repository = repository
        self.faults = faults
    }
}

extension Error {
    /// Whether the store refused for want of the database (the service answers 503): what a
    /// command a fault happened to may be answered, having changed nothing.
    var isStoreUnavailable: Bool {
        (self as? any StorageConditionError)?.storageCondition == .unavailable
    }
}
