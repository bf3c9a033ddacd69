import Foundation
import Logging
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

/// The store for deployments that outgrow one machine: PostgreSQL through PostgresNIO's pooled
/// `PostgresClient`. It behaves exactly like `SQLiteHuntRepository`; the storage contract suite
/// runs against both.
///
/// ## How exactly-once holds across processes
///
/// SQLite runs one writer at a time, so its code may read, decide and write inside one
/// transaction. PostgreSQL runs writers side by side at READ COMMITTED, where that pattern is
/// not safe. Instead of SERIALIZABLE with retries (which would re-run the callers' `decide` and
/// `choose` closures an unbounded number of times under contention), every rule is carried by
/// the database itself:
///
/// - **Row locks on the player.** Transactions that read a player's state and then write
///   according to it (scans, check-ins, riddle requests, gifts, friendships) first take
///   `SELECT ... FOR NO KEY UPDATE` on the player's row (two players: in ascending id order).
///   Transactions of one player thus run one after the other, and each statement after the lock
///   sees everything committed before it, as under SQLite. `NO KEY` leaves inserts that merely
///   reference the player (sessions, mail) unblocked.
/// - **Row locks on the contested row, then the game's decision.** Refresh tokens, reset
///   tokens, email codes and the voucher being gifted or redeemed are read with `FOR UPDATE`;
///   the caller's `decide` rules on what was read, and the write follows under the same lock.
///   A second presenter waits, then reads (and `decide` sees) the first one's outcome.
/// - **Conditional UPDATEs.** Taking stock (`issued < stock`) and hints (`hintsUsed < max`)
///   are single statements whose condition PostgreSQL re-checks on the newest row version
///   after waiting for a concurrent writer, so of simultaneous attempts exactly the allowed
///   number succeed.
/// - **Upserts and unique constraints.** Rate counters, scores and settings are single
///   `INSERT ... ON CONFLICT` statements; sign-ups lean on unique indexes.
/// - **Advisory locks** serialise migrations and content imports between instances.
///
/// Locks are taken in one order (players by id, then offers by id), so these transactions do
/// not deadlock one another; should PostgreSQL still abort one for a deadlock or a
/// serialization failure, it is run again, at most three times in all, and the event logged
/// (a caller's closure then runs again too, which is why they must only decide, not act).
public final class PostgresHuntRepository: HuntRepository {
    let client: PostgresClient
    /// How the connection that listens for live signals connects (one of its own, outside the pool).
    let listening: PostgresConnection.Configuration
    /// The channel live signals go by: the schema's own, so stores sharing a database in
    /// different schemas (two hunts, or tests side by side) never hear each other.
    let liveChannel: String
    let logger: Logger
    /// The weeks weekly scores are kept by: the campus's.
    let weeks: CampusWeek
    private let runner: Task<Void, Never>
    /// Statements and transactions holding or waiting for a pooled connection, for metrics.
    private let counters: StorageActivity
    /// Whether the server answers, as the listening connection finds it.
    let reachability = PostgresReachability()
    public var activity: StorageActivity { counters }

    /// Connects to the database a URL names, migrates it, and returns the store.
    ///
    /// - Parameters:
    ///   - url: `postgres://user:password@host:port/database` (or `postgresql://`); a socket
    ///     directory as `?host=/run/postgresql`; TLS with `?sslmode=disable|prefer|require`.
    ///   - schema: a schema of its own to create (if needed) and work in, set as the
    ///     `search_path` of every connection; `nil` uses the server's default path.
    ///   - maximumConnections: the pool's size.
    ///   - limits: how long an operation may wait for a connection, and a statement run (the
    ///     server's `statement_timeout`), and how many operations may wait.
    /// - Throws: `PostgresConnectionURL.Invalid` for a URL or schema name it cannot use,
    ///   `PostgresUnreachable` (with the server's reason) when no connection can be made.
    ///   - weeks: the weeks weekly scores are kept by: the campus's (UTC for tools that write
    ///     no ledger events).
    public static func connect(url: String, schema: String? = nil, maximumConnections: Int = 20, weeks: CampusWeek = .utc,
                               limits: StorageLimits = StorageLimits(), logger: Logger) async throws -> PostgresHuntRepository {
        let address = try PostgresConnectionURL(url)
        let schema = schema ?? address.schema
        // Named in `pg_stat_activity` by the service and its schema, for whoever looks at the
        // server (and for the simulation's faults, which cut only this store's connections).
        var startup: [(String, String)] = [("application_name", PostgresFaults.applicationName(schema: schema))]
        if let schema {
            guard PostgresMigrations.isPlainIdentifier(schema) else { throw PostgresConnectionURL.Invalid.schemaName(schema) }
            startup.append(("search_path", "\"\(schema)\""))
        }
        // One connection of its own first: it fails at once with the server's reason (the pool
        // would retry for a minute and then report only that it gave up), and it migrates.
        var single = try address.connectionConfiguration()
        single.options.additionalStartupParameters = startup
        let connection: PostgresConnection
        do {
            connection = try await PostgresConnection.connect(configuration: single, id: 0, logger: logger)
        } catch {
            throw PostgresUnreachable(address: address, underlying: error)
        }
        do {
            try await PostgresMigrations.migrate(on: connection, schema: schema, logger: logger)
        } catch {
            try? await connection.close()
            throw error
        }
        try await connection.close()

        // The server ends a statement that waits for a lock or runs past the deadline (57014),
        // so a connection is never held for ever. Migrations and the listening connection,
        // which may rightly wait longer, connect without it.
        var pooled = address.configuration()
        pooled.options.additionalStartupParameters = startup + [("statement_timeout", "\(Int(limits.deadlineSeconds * 1000))")]
        pooled.options.maximumConnections = maximumConnections
        return PostgresHuntRepository(client: PostgresClient(configuration: pooled, backgroundLogger: logger), logger: logger,
                                      activity: StorageActivity(maximumConnections: maximumConnections, limits: limits),
                                      weeks: weeks, listening: single, liveChannel: Self.liveChannel(schema: schema))
    }

    private init(client: PostgresClient, logger: Logger, activity: StorageActivity, weeks: CampusWeek, listening: PostgresConnection.Configuration,
                 liveChannel: String) {
        self.client = client
        self.listening = listening
        self.liveChannel = liveChannel
        self.weeks = weeks
        self.logger = logger
        counters = activity
        runner = Task { await client.run() }
    }

    /// Closes every connection. The store must not be used afterwards.
    public func close() async {
        runner.cancel()
        await runner.value
    }

    /// A store dropped without `close()` still lets its connections go.
    deinit {
        runner.cancel()
    }

    public func ping() async throws {
        _ = try await autocommit { connection in try await connection.value("SELECT 1", as: Int.self, logger: logger) }
    }

    // MARK: Transactions

    /// How many times a transaction that PostgreSQL aborted for a deadlock or a serialization
    /// failure is run again before the error is passed on.
    static let attemptsPerTransaction = 3

    /// Runs `body` on a pooled connection outside any explicit transaction, each statement
    /// committing on its own: for single statements, reads or writes, and for sequences whose
    /// steps are each safe alone.
    func autocommit<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await counters.measuring(writing: false) { askedAt in
            try await leased(askedAt: askedAt) { connection in try await body(connection) }
        }
    }

    /// A pooled connection for `body`. While the server is known to be gone, `PostgresUnavailable`
    /// at once, rather than a wait in the pool for a connection it cannot make (it waits a
    /// minute before it gives up); a connection the pool could not lend is the same error, none
    /// lent within the deadline is `StorageTooSlow`, and one lent to an operation that queued
    /// behind others past the deadline is given back unused (`StorageTooSlow`).
    private func leased<Value: Sendable>(askedAt: ContinuousClock.Instant?, _ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        if let since = reachability.lostSince {
            throw PostgresUnavailable(reason: "the server has not answered since \(since.formatted(.iso8601))")
        }
        func borrow() async throws -> PostgresConnectionLoan {
            do {
                return try await PostgresConnectionLoan.borrow(from: client, within: counters.limits.deadline)
            } catch let error as StorageTooSlow {
                throw error
            } catch {
                throw PostgresUnavailable(reason: "no connection could be had: \(String(reflecting: error))")
            }
        }
        // After a restart the pool may still lend connections the server has sent away before
        // it has learned so: one already closed, or one whose first statement the server
        // answers only with its goodbye (57P01). Nothing ran on either; each is given back
        // (the pool then drops it) for another, so that no request is refused for the pool's lag.
        for tries in 0...counters.maximumConnections {
            let loan = try await borrow()
            do {
                try counters.checkTurn(askedAt: askedAt)
                let value = try await PostgresStatementsAnswered.counting { try await body(loan.connection) }
                await loan.giveBack()
                return value
            } catch let stale as PostgresStaleConnection where tries < counters.maximumConnections {
                logger.debug("PostgreSQL lent a connection it had closed; taking another", metadata: ["reason": "\(stale.underlying)"])
                await loan.giveBack()
            } catch let stale as PostgresStaleConnection {
                await loan.giveBack()
                throw stale.underlying
            } catch {
                await loan.giveBack()
                throw error
            }
        }
        preconditionFailure("the loop above returns or throws on its last turn")
    }

    /// Runs `body` in a read-only REPEATABLE READ transaction: several statements that see one
    /// snapshot, as a SQLite read does.
    func snapshot<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        try await counters.measuring(writing: false) { askedAt in
            try await leased(askedAt: askedAt) { connection in
                try await Self.transaction(on: connection, begin: "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", logger: logger, body)
            }
        }
    }

    /// Runs `body` in a READ COMMITTED read-write transaction, committed when it returns and
    /// rolled back when it throws; the error thrown is `body`'s own.
    func write<Value: Sendable>(_ body: (PostgresConnection) async throws -> Value) async throws -> Value {
        var attempt = 1
        while true {
            do {
                return try await counters.measuring(writing: true) { askedAt in
                    try await leased(askedAt: askedAt) { connection in
                        try await Self.transaction(on: connection, begin: "BEGIN", logger: logger, body)
                    }
                }
            } catch let error as PSQLError where error.isTransient && attempt < Self.attemptsPerTransaction {
                logger.warning("PostgreSQL aborted a transaction; running it again", metadata: [
                    "sqlstate": "\(error.sqlState ?? "")", "attempt": "\(attempt)",
                ])
                attempt += 1
            }
        }
    }

    /// `body` between `begin` and COMMIT on one connection, or ROLLBACK if it throws.
    nonisolated(nonsending) static func transaction<Value: Sendable>(
        on connection: PostgresConnection, begin: PostgresQuery, logger: Logger, _ body: (PostgresConnection) async throws -> Value
    ) async throws -> Value {
        try await connection.run(begin, logger: logger)
        let value: Value
        do {
            value = try await body(connection)
        } catch {
            do {
                try await connection.run("ROLLBACK", logger: logger)
            } catch {
                // A connection stuck in a transaction must not go back to the pool.
                try? await connection.close()
            }
            throw error
        }
        try await connection.run("COMMIT", logger: logger)
        return value
    }
}
