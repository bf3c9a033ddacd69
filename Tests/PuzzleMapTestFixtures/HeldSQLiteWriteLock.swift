import Dispatch
import GRDB
import Synchronization

/// An SQLite file's write lock taken by another connection (`BEGIN IMMEDIATE`), as an
/// organiser's `sqlite3` shell left in a transaction holds it, until the test lets it go:
/// however long a busy machine makes the steps between, the lock is there for all of them.
public final class HeldSQLiteWriteLock: Sendable {
    private let released = DispatchSemaphore(value: 0)
    private let holding: Task<Void, any Error>

    /// Takes the lock on the file at `path`; returns once it is held.
    public init(path: String) async throws {
        let locked = Atomic<Bool>(false)
        let released = released
        holding = Task {
            try await DatabaseQueue(path: path).writeWithoutTransaction { db in
                try db.execute(sql: "BEGIN IMMEDIATE")
                locked.store(true, ordering: .releasing)
                released.wait()
                try db.execute(sql: "ROLLBACK")
            }
        }
        while !locked.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(10)) }
    }

    /// Lets the lock go; returns once it is gone.
    public func release() async throws {
        released.signal()
        try await holding.value
    }
}
