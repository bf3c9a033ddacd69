import PostgresNIO
import PuzzleMapStorage

/// The SQLSTATE codes this store acts on (PostgreSQL's appendix A).
extension PSQLError {
    /// The server's SQLSTATE, when the server reported the error.
    var sqlState: String? { serverInfo?[.sqlState] }

    /// The constraint the server named, for integrity violations.
    var constraintName: String? { serverInfo?[.constraintName] }

    /// A unique value taken (23505).
    var isUniqueViolation: Bool { sqlState == "23505" }

    /// Any integrity constraint violated (class 23: foreign key, unique, not null, check).
    var isIntegrityViolation: Bool { sqlState?.hasPrefix("23") ?? false }

    /// A transaction PostgreSQL aborted so that others could go on: a serialization failure
    /// (40001) or a deadlock (40P01). Running it again is safe.
    var isTransient: Bool { sqlState == "40001" || sqlState == "40P01" }

    /// A server's error that a statement's preparation can meet as well as its run: any but
    /// those only the values bound can cause (class 22, data exceptions; class 23, constraints
    /// broken) and a serialization failure (40001, met only running). So: cancelled past
    /// `statement_timeout` while waiting on a table's lock, a transaction already failed, a
    /// deadlock, the server out of lock space...
    var mayHaveFailedAPreparation: Bool {
        guard let state = sqlState else { return false }
        return !state.hasPrefix("22") && !state.hasPrefix("23") && state != "40001"
    }

    /// What the server said, for a `StorageError`'s text.
    var serverMessage: String { serverInfo?[.message] ?? "\(code)" }
}

/// The server out of reach: connections refused, lost or shut (a restart), the server shutting
/// down, too slow (a statement past the deadline), or out of disk space.
extension PSQLError: StorageConditionError {
    public var storageCondition: StorageCondition? {
        switch code {
        // `clientClosedConnection` is a statement sent on a connection already closing: one the
        // server had just sent away (57P01, a restart) while it sat idle in the pool, lent before
        // the pool learned of it. The statement never ran.
        case .connectionError, .serverClosedConnection, .clientClosedConnection, .uncleanShutdown:
            return .unavailable
        default:
            // Class 08: connection exceptions; 57P01-57P03: the server shutting down or
            // starting; 57014: a statement cancelled (past `statement_timeout`, waiting for a
            // lock or running slowly); 55P03: a lock not had in time; 53100: disk full.
            guard let state = sqlState else { return nil }
            if state == "53100" { return .full }
            if state.hasPrefix("08") || ["57P01", "57P02", "57P03", "57014", "55P03"].contains(state) { return .unavailable }
            return nil
        }
    }
}

extension PostgresUnreachable: StorageConditionError {
    public var storageCondition: StorageCondition? { .unavailable }
}
