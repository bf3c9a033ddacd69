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

/// Backups taken on a schedule into one folder, and which of them to keep.
///
/// Each is named by the instant it was taken, in UTC so that names sort by time whatever the
/// clocks do: `puzzlemap-20261118T033000Z.sqlite`. Only files named so are ever removed.
public enum ScheduledBackups {
    static let prefix = "puzzlemap-"
    static let suffix = ".sqlite"

    /// The name of a backup taken at `date`.
    public static func name(at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return prefix + String(format: "%04d%02d%02dT%02d%02d%02dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!)
            + suffix
    }

    /// Whether a file name is one of these backups' (and so may be removed by retention).
    public static func isScheduledBackup(_ name: String) -> Bool {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return false }
        let stamp = Array(name.dropFirst(prefix.count).dropLast(suffix.count))
        guard stamp.count == 16, stamp[8] == "T", stamp[15] == "Z" else { return false }
        return (stamp[0..<8] + stamp[9..<15]).allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Of the files in a folder, the backups to remove so that only the newest `keep` remain;
    /// other files are never named.
    public static func expired(among names: [String], keep: Int) -> [String] {
        let backups = names.filter(isScheduledBackup).sorted()
        return Array(backups.dropLast(max(0, keep)))
    }
}

extension SQLiteHuntRepository {
    /// Backs up into `folder` (created, private to its owner, if missing) under the name of
    /// `date`, then, with `keep`, removes the oldest scheduled backups there beyond the newest
    /// `keep`. Returns the path written and the paths removed.
    public func backup(intoFolder folder: String, keep: Int?, at date: Date) throws -> (written: String, removed: [String]) {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let written = (folder as NSString).appendingPathComponent(ScheduledBackups.name(at: date))
        try backup(to: written)
        guard let keep else { return (written, []) }
        let removed = ScheduledBackups.expired(among: try manager.contentsOfDirectory(atPath: folder), keep: keep)
            .map { (folder as NSString).appendingPathComponent($0) }
        for path in removed { try manager.removeItem(atPath: path) }
        return (written, removed)
    }
}
