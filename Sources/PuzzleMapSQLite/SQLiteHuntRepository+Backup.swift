import Foundation
import GRDB
import PuzzleMapStorage

extension SQLiteHuntRepository {
    /// Writes a consistent copy of the database to `path` with SQLite's online backup API,
    /// while the service keeps reading and writing: every transaction committed before the
    /// backup started is in the copy, none is half in it.
    public func backup(to path: String) throws {
        guard !FileManager.default.fileExists(atPath: path) else { throw StorageError.conflict("\(path) already exists") }
        let destination = try DatabaseQueue(path: path)
        try writer.backup(to: destination)
        try destination.close()
    }

    /// Replaces this database's content with a backup's, page by page under SQLite's locks, then
    /// runs the migrator so an older backup is brought up to date.
    public func restore(from path: String) throws {
        guard FileManager.default.fileExists(atPath: path) else { throw StorageError.notFound(path) }
        var configuration = Configuration()
        configuration.readonly = true
        // Another reader of the same backup (a second restore, a copy in progress) waits its turn.
        configuration.busyMode = .timeout(10)
        let source = try DatabaseQueue(path: path, configuration: configuration)
        let ok = try source.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok" }
        guard ok else { throw StorageError.conflict("\(path) fails SQLite's integrity check") }
        try source.backup(to: writer)
        try Migrations.migrator.migrate(writer)
    }
}
