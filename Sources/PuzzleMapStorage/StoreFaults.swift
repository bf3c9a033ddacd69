/// A fault a store meets in a live hunt, made to happen for real to one command of a run.
public enum StoreFault: String, Sendable, CaseIterable {
    /// The connection running the command is cut while its transaction waits to write (a
    /// network drop, a server process killed): the transaction is rolled back.
    case connectionDroppedMidTransaction
    /// The command's first write waits on a lock held elsewhere past the store's deadline.
    case statementPastDeadline
    /// Every connection to the database is cut just before the command, as a restart of the
    /// server does to the pool's idle connections.
    case everyConnectionCut

    public var phrase: String {
        switch self {
        case .connectionDroppedMidTransaction: "its connection dropped mid transaction"
        case .statementPastDeadline: "its write held past the deadline"
        case .everyConnectionCut: "every connection cut first (a restart)"
        }
    }
}

/// What makes faults happen to a store: for PostgreSQL, a connection of its own beside the
/// store's pool that locks, cuts and terminates for real.
public protocol StoreFaults: Sendable {
    /// Runs `operation` while `fault` happens to it, and returns or throws what it did.
    func during<Value>(_ fault: StoreFault, isolation: isolated (any Actor)?, _ operation: () async throws -> Value) async throws -> Value
}
