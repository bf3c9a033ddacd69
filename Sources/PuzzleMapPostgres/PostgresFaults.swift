import Logging
import PostgresNIO
import PuzzleMapStorage
import Synchronization

/// Faults made to happen for real to a store on a live server, for the simulation
/// (`puzzlemap simulate --store postgres`): a connection of its own beside the store's pool
/// locks the schema's tables against writes, finds the store's statement waiting on that lock,
/// and terminates its server process, or lets it wait past the store's deadline; or it
/// terminates every connection of the store (by its `application_name`), as a restart does.
/// Nothing else on the server is touched: other schemas' stores go on.
public struct PostgresFaults: StoreFaults {
    let configuration: PostgresConnection.Configuration
    let logger: Logger
    /// The `application_name` of the store's connections.
    let applicationName: String

    /// The `application_name` a store's connections give the server: the service and its schema.
    static func applicationName(schema: String?) -> String {
        ["puzzlemap", schema].compactMap { $0 }.joined(separator: " ")
    }

    /// Faults to the store in `schema` of the database `url` names.
    public init(url: String, schema: String, logger: Logger) throws {
        let address = try PostgresConnectionURL(url)
        guard PostgresMigrations.isPlainIdentifier(schema) else { throw PostgresConnectionURL.Invalid.schemaName(schema) }
        var configuration = try address.connectionConfiguration()
        configuration.options.additionalStartupParameters = [("search_path", "\"\(schema)\"")]
        self.configuration = configuration
        self.logger = logger
        applicationName = Self.applicationName(schema: schema)
    }

    /// Runs `operation` while `fault` happens to the store, and returns or throws what it did.
    public func during<Value>(_ fault: StoreFault, isolation: isolated (any Actor)? = #isolation,
                              _ operation: () async throws -> Value) async throws -> Value {
        let side = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
        do {
            let value = try await during(fault, on: side, isolation: isolation, operation)
            try await side.close()
            return value
        } catch {
            try? await side.close()
            throw error
        }
    }

    private func during<Value>(_ fault: StoreFault, on side: PostgresConnection, isolation: isolated (any Actor)?,
                               _ operation: () async throws -> Value) async throws -> Value {
        switch fault {
        case .everyConnectionCut:
            // Found first, then terminated: in one statement the planner may call
            // `pg_terminate_backend` on rows before the filter has left them out.
            let cut = try await side.values("""
                SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = \(applicationName)
                """, as: Int32.self, logger: logger)
            try await side.run("SELECT pg_terminate_backend(pid) FROM unnest(\(cut)::int4[]) AS pid", logger: logger)
            // The server processes end at once; the pool learns of it when their sockets close.
            try await waitUntil(on: side) {
                try await $0.value("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(\(cut))", as: Int.self, logger: logger) == 0
            }
            try await Task.sleep(for: .milliseconds(50))
            return try await operation()
        case .connectionDroppedMidTransaction, .statementPastDeadline:
            // SHARE mode lets every read and row lock through and stops every INSERT, UPDATE
            // and DELETE: the operation runs until its first write, inside its transaction.
            try await side.run("BEGIN", logger: logger)
            let tables = try await side.values("""
                SELECT format('%I.%I', schemaname, tablename) FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename
                """, as: String.self, logger: logger)
            try await side.run(PostgresQuery(unsafeSQL: "LOCK TABLE \(tables.joined(separator: ", ")) IN SHARE MODE"), logger: logger)
            let finished = Finished()
            let dropper: Task<Void, any Error>? = fault == .connectionDroppedMidTransaction ? Task.detached { [logger] in
                while !finished.flag.load(ordering: .acquiring) {
                    if let waiting = try await side.value("""
                        SELECT l.pid FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
                        WHERE NOT l.granted AND c.relnamespace = current_schema()::regnamespace LIMIT 1
                        """, as: Int32.self, logger: logger) {
                        try await side.run("SELECT pg_terminate_backend(\(waiting))", logger: logger)
                        return
                    }
                    try await Task.sleep(for: .milliseconds(5))
                }
            } : nil
            let outcome: Result<Value, any Error>
            do {
                outcome = .success(try await operation())
            } catch {
                outcome = .failure(error)
            }
            finished.flag.store(true, ordering: .releasing)
            try await dropper?.value
            try await side.run("ROLLBACK", logger: logger)
            return try outcome.get()
        }
    }

    /// Asks `condition` every few milliseconds, for at most ten seconds.
    private func waitUntil(on side: PostgresConnection, _ condition: (PostgresConnection) async throws -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while try await !condition(side), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Whether the operation has finished, for the task that watches for its write.
    private final class Finished: Sendable {
        let flag = Atomic<Bool>(false)
    }
}
