import Logging
import PostgresNIO
import PuzzleMapStorage
import Synchronization

/// The few ways this store runs a statement. Each one reads the whole answer before returning,
/// so an error PostgreSQL reports mid-stream is thrown here, inside the transaction, and the
/// connection is free for the next statement.
extension PostgresConnection {
    /// Sends a statement and reads its whole answer.
    ///
    /// The statement is handed to the connection on its own event loop, and only while the
    /// connection is open there: PostgresNIO (1.33) drops the failure of a write to a channel
    /// that has closed, so a statement sent just after the server closed the connection (a
    /// restart: the ROLLBACK after a statement the server cut short, or the first statement on
    /// an idle connection the pool lent before it learned the server had sent it away) would
    /// wait for an answer for ever. On the loop the channel cannot close between the check
    /// and the write, and once written, the driver fails the statement if the connection goes.
    ///
    /// The first statement of a loan that finds the connection closed, or that the server
    /// answers only with its notice of sending the connection away (57P01-57P03: a restart, a
    /// terminated process), did not run: it throws `PostgresStaleConnection`, and the loan is
    /// made again on another connection.
    func answer(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await counted {
            try await eventLoop.flatSubmit { () -> EventLoopFuture<[PostgresRow]> in
                guard !self.isClosed else { return self.eventLoop.makeFailedFuture(Self.closedBeforeSending) }
                return self.query(query, logger: logger).map(\.rows)
            }.get()
        }
    }

    /// A statement on a hot path, prepared on this connection the first time it runs here, then
    /// only bound and executed: PostgreSQL parses and plans it once per connection, not once
    /// per request.
    ///
    /// PostgresNIO (1.33) writes a prepared statement to the channel from whichever thread
    /// calls it, and drops the failure of that write as it does for unnamed ones; so the task
    /// runs here on the connection's own event loop (its preferred executor), where the check
    /// that the connection is open and the write happen in one turn of the loop, and the
    /// channel cannot close between them.
    ///
    /// PostgresNIO also keeps a preparation that failed as failed for the life of the
    /// connection, answering every later run of the statement there with the same error. A
    /// preparation fails for what happened around it, not for its text: past the deadline
    /// waiting for a lock on a table (a migration, a content import on another instance), or in
    /// a transaction already failed. The error does not say whether the preparation or the run
    /// failed, so after any such error the connection is closed (the pool's next one prepares
    /// the statement afresh): a reconnection when the database is already in trouble, rather
    /// than a statement refused on that connection for good.
    func answer(_ statement: some HotStatement, logger: Logger) async throws -> [PostgresRow] {
        do {
            return try await counted {
                try await withTaskExecutorPreference(EventLoopTaskExecutor(eventLoop)) {
                    assert(eventLoop.inEventLoop, "a prepared statement is sent from its connection's event loop")
                    guard !isClosed else { throw Self.closedBeforeSending }
                    var rows: [PostgresRow] = []
                    for try await row in try await execute(statement, logger: logger) {
                        rows.append(row)
                    }
                    return rows
                }
            }
        } catch let error as PSQLError where error.mayHaveFailedAPreparation {
            try? await close()
            throw error
        }
    }

    private static let closedBeforeSending = PostgresUnavailable(reason: "the connection had closed before a statement was sent")

    /// `send`'s rows, counted as one more statement answered on the current loan; a first
    /// statement that never ran (see `answer(_:logger:)`) is `PostgresStaleConnection`.
    private func counted(_ send: () async throws -> [PostgresRow]) async throws -> [PostgresRow] {
        do {
            let rows = try await send()
            PostgresStatementsAnswered.current?.count.add(1, ordering: .relaxed)
            return rows
        } catch {
            if let answered = PostgresStatementsAnswered.current, answered.count.load(ordering: .relaxed) == 0, Self.neverRan(error) {
                throw PostgresStaleConnection(underlying: error)
            }
            throw error
        }
    }

    /// Whether a statement's failure says it was never run: not sent on a closed connection,
    /// or ended by the server shutting the connection before it could run or commit.
    private static func neverRan(_ error: any Error) -> Bool {
        if error is PostgresUnavailable { return true }
        guard let error = error as? PSQLError, let state = error.sqlState else { return false }
        return ["57P01", "57P02", "57P03"].contains(state)
    }

    /// Runs a statement for its effect.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        _ = try await answer(query, logger: logger)
    }

    /// Every row, as a tuple of columns.
    func rows<each Column: PostgresDecodable>(
        _ query: PostgresQuery, as columns: (repeat each Column).Type, logger: Logger
    ) async throws -> [(repeat each Column)] {
        try await answer(query, logger: logger).map { try $0.decode((repeat each Column).self) }
    }

    /// The first row, if any, as a tuple of columns.
    func row<each Column: PostgresDecodable>(
        _ query: PostgresQuery, as columns: (repeat each Column).Type, logger: Logger
    ) async throws -> (repeat each Column)? {
        try await rows(query, as: (repeat each Column).self, logger: logger).first
    }

    /// The first column of every row.
    func values<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type, logger: Logger) async throws -> [Value] {
        try await answer(query, logger: logger).map { try $0.decode(Value.self) }
    }

    /// The first column of the first row, if there is a row.
    func value<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type, logger: Logger) async throws -> Value? {
        try await values(query, as: Value.self, logger: logger).first
    }

    /// The first column of the row a write's `RETURNING` clause gives back. A write that returns
    /// no row is an error naming the table, never a crash.
    func returned<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type, from table: String, logger: Logger) async throws -> Value {
        guard let value = try await value(query, as: Value.self, logger: logger) else { throw StorageError.noRowReturned(table) }
        return value
    }

    /// Every row of a prepared statement, as a tuple of columns.
    func rows<each Column: PostgresDecodable>(
        _ statement: some HotStatement, as columns: (repeat each Column).Type, logger: Logger
    ) async throws -> [(repeat each Column)] {
        try await answer(statement, logger: logger).map { try $0.decode((repeat each Column).self) }
    }

    /// The first row of a prepared statement, if any, as a tuple of columns.
    func row<each Column: PostgresDecodable>(
        _ statement: some HotStatement, as columns: (repeat each Column).Type, logger: Logger
    ) async throws -> (repeat each Column)? {
        try await answer(statement, logger: logger).first.map { try $0.decode((repeat each Column).self) }
    }

    /// The first column of a prepared statement's first row, if there is a row.
    func value<Value: PostgresDecodable>(_ statement: some HotStatement, as type: Value.Type, logger: Logger) async throws -> Value? {
        try await answer(statement, logger: logger).first.map { try $0.decode(Value.self) }
    }

    /// The first column of the row a prepared write's `RETURNING` clause gives back, as for a
    /// statement sent whole.
    func returned<Value: PostgresDecodable>(_ statement: some HotStatement, as type: Value.Type, from table: String, logger: Logger) async throws -> Value {
        guard let value = try await value(statement, as: Value.self, logger: logger) else { throw StorageError.noRowReturned(table) }
        return value
    }

    /// Runs a prepared statement for its effect.
    func run(_ statement: some HotStatement, logger: Logger) async throws {
        _ = try await answer(statement, logger: logger)
    }

    /// How many rows a statement with a `RETURNING` clause touched.
    func count(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        try await answer(query, logger: logger).count
    }
}

/// How many statements the current loan of a connection has had answered: the first one of a
/// loan that finds the connection gone may be run again elsewhere, a later one may not.
final class PostgresStatementsAnswered: Sendable {
    let count = Atomic<Int>(0)

    @TaskLocal static var current: PostgresStatementsAnswered?

    /// `body` with a count of its own.
    static func counting<Value: Sendable>(_ body: () async throws -> Value) async throws -> Value {
        try await $current.withValue(PostgresStatementsAnswered()) { try await body() }
    }
}

/// The connection a loan was given had already been sent away by the server; nothing ran on it.
struct PostgresStaleConnection: Error {
    var underlying: any Error
}
