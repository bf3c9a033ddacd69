import ArgumentParser
import Foundation
import PuzzleMapGame
import PuzzleMapSQLite
import PuzzleMapStorage

/// `puzzlemap backup PATH`, or `puzzlemap backup --to DIR [--keep N]`: a consistent copy of the
/// SQLite database, taken while serve runs; on a schedule, into a folder keeping the newest N.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Copy the database while the service runs (SQLite's online backup): to PATH, or into a folder with --to, keeping the newest --keep.",
        discussion: """
            With --to, the copy is named by the time it was taken (puzzlemap-20261118T033000Z.sqlite, UTC) and the \
            data directory's secrets.json is copied beside it when it changed, so the folder alone restores the hunt. \
            --keep N then removes the oldest such copies beyond the newest N, and never any other file. \
            Deploy/puzzlemap-backup.timer runs `puzzlemap backup --to /var/lib/puzzlemap-backups --keep 14` every night.
            """
    )

    @OptionGroup var service: ServiceOptions
    @Argument(help: "Where to write the copy; must not exist. Leave out with --to.") var path: String?
    @Option(help: "A folder to write a time-named copy into (created if missing).") var to: String?
    @Option(help: "With --to: how many copies to keep in the folder, the newest; older ones are removed.") var keep: Int?

    func validate() throws {
        switch (path, to) {
        case (nil, nil): throw ValidationError("Give the PATH to copy to, or a folder with --to.")
        case (.some, .some): throw ValidationError("Give either a PATH or --to, not both.")
        case (.some, nil) where keep != nil: throw ValidationError("--keep goes with --to: it removes older copies from that folder.")
        default: break
        }
        if let keep, keep < 1 { throw ValidationError("--keep must be at least 1: the copy just made is always kept.") }
    }

    func run() async throws {
        let settings = try ResolvedConfiguration(content: nil, service: service).settings
        try refusePostgreSQL(settings)
        let repository = try SQLiteHuntRepository.open(path: settings.databasePath)
        let secrets = (settings.dataDirectory as NSString).appendingPathComponent("secrets.json")
        if let path {
            try repository.backup(to: path)
            try await repository.close()
            print("Backed up \(settings.databasePath) to \(path). Keep \(secrets) with it.")
            return
        }
        guard let folder = to else { return }
        let (written, removed) = try repository.backup(intoFolder: folder, keep: keep, at: Date())
        try await repository.close()
        print("Backed up \(settings.databasePath) to \(written).")
        if try copySecrets(from: secrets, into: folder) { print("Copied \(secrets) beside it.") }
        for path in removed { print("Removed \(path), older than the newest \(keep ?? 0).") }
    }

    /// Copies the generated keys into the backup folder when they are not there yet or differ;
    /// whether it copied. Configured keys (no file) are the operator's to keep.
    private func copySecrets(from source: String, into folder: String) throws -> Bool {
        let manager = FileManager.default
        guard let keys = manager.contents(atPath: source) else { return false }
        let copy = (folder as NSString).appendingPathComponent("secrets.json")
        guard manager.contents(atPath: copy) != keys else { return false }
        // The folder is private to its owner (0700), so the moment before the mode is set shows nothing.
        try keys.write(to: URL(fileURLWithPath: copy), options: .atomic)
        try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: copy)
        return true
    }
}

/// `puzzlemap restore PATH`: put a backup back. Stop the service first.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Replace the database with a backup made by `puzzlemap backup` (stop the service first)."
    )

    @OptionGroup var service: ServiceOptions
    @Argument(help: "The backup file.") var path: String

    func run() async throws {
        let settings = try ResolvedConfiguration(content: nil, service: service).settings
        try refusePostgreSQL(settings)
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
        try SQLiteHuntRepository.open(path: settings.databasePath).restore(from: path)
        print("Restored \(path) into \(settings.databasePath).")
    }
}

/// Backups of PostgreSQL are the server's business: pg_dump and pg_restore.
private func refusePostgreSQL(_ settings: ServiceSettings) throws {
    guard settings.databaseURL == nil else {
        throw ValidationError("PUZZLEMAP_DATABASE_URL names a PostgreSQL database: back it up with pg_dump -Fc and restore with "
            + "pg_restore (Deploy/README.md, \"Backups\"). backup and restore copy the embedded SQLite database.")
    }
}
