import GRDB
import PuzzleMapStorage

/// GRDB's async reads and writes, counted in a ``StorageActivity`` while they wait for and
/// hold a connection, and held to its limits: an operation whose turn comes past the deadline
/// fails before it begins (a write before it takes the lock), not after another wait.
struct MeteredDatabase: Sendable {
    let writer: any DatabaseWriter
    let activity: StorageActivity

    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await activity.measuring(writing: false) { askedAt in
            // A queue is only ever the private in-memory database: one connection that runs every
            // access in turn, so a read sees one state without a transaction of its own. GRDB's
            // `read` would add four statements (read-only on and off, begin, commit) to every one,
            // which were a third of the simulation's time. The pool's readers keep theirs.
            if let queue = writer as? DatabaseQueue {
                return try await queue.unsafeRead { db in
                    try activity.checkTurn(askedAt: askedAt)
                    return try value(db)
                }
            }
            return try await writer.read { db in
                try activity.checkTurn(askedAt: askedAt)
                return try value(db)
            }
        }
    }

    /// `updates` in an immediate transaction (as GRDB's `write`), begun only if its turn came in time.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await activity.measuring(writing: true) { askedAt in
            try await writer.writeWithoutTransaction { db in
                try activity.checkTurn(askedAt: askedAt)
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try updates(db)
                    return .commit
                }
                return result!
            }
        }
    }
}
