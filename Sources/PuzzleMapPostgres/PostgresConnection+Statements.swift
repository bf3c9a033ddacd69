import Logging
import PostgresNIO
import PuzzleMapStorage

/// The few ways this store runs a statement. Each one reads the whole answer before returning,
/// so an error PostgreSQL reports mid-stream is thrown here, inside the transaction, and the
/// connection is free for the next statement.
extension PostgresConnection {
    /// Runs a statement for its effect.
    func run(_ query: PostgresQuery, logger: Logger) async throws {
        for try await _ in try await self.query(query, logger: logger) {}
    }

    /// Every row, as a tuple of columns.
    func rows<each Column: PostgresDecodable>(
        _ query: PostgresQuery, as columns: (repeat each Column).Type, logger: Logger
    ) async throws -> [(repeat each Column)] {
        var rows: [(repeat each Column)] = []
        for try await row in try await self.query(query, logger: logger) {
            rows.append(try row.decode((repeat each Column).self))
        }
        return rows
    }

    /// The first row, if any, as a tuple of columns.
    func row<each Column: PostgresDecodable>(
        _ query: PostgresQuery, as columns: (repeat each Column).Type, logger: Logger
    ) async throws -> (repeat each Column)? {
        try await rows(query, as: (repeat each Column).self, logger: logger).first
    }

    /// The first column of every row.
    func values<Value: PostgresDecodable>(_ query: PostgresQuery, as type: Value.Type, logger: Logger) async throws -> [Value] {
        var values: [Value] = []
        for try await row in try await self.query(query, logger: logger) {
            values.append(try row.decode(Value.self))
        }
        return values
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

    /// How many rows a statement with a `RETURNING` clause touched.
    func count(_ query: PostgresQuery, logger: Logger) async throws -> Int {
        var count = 0
        for try await _ in try await self.query(query, logger: logger) { count += 1 }
        return count
    }
}
