import GRDB
import PuzzleMapStorage

/// GRDB's async reads and writes, counted in a ``StorageActivity`` while they wait for and
/// hold a connection.
struct MeteredDatabase: Sendable {
    let writer: any DatabaseWriter
    let activity: StorageActivity

    func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await activity.measuring(writing: false) { try await writer.read(value) }
    }

    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await activity.measuring(writing: true) { try await writer.write(updates) }
    }
}
