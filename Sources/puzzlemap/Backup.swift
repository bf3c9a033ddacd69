import ArgumentParser
import Foundation
import PuzzleMapGame
import PuzzleMapSQLite
import PuzzleMapStorage

/// `puzzlemap backup PATH`: a consistent copy of the SQLite database, taken while serve runs.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the database to PATH while the service runs (SQLite's online backup). Back up secrets.json too."
    )

    @OptionGroup var service: ServiceOptions
    @Argument(help: "Where to write the copy; must not exist.") var path: String

    func run() async throws {
        let settings = try ResolvedConfiguration(content: nil, service: service).settings
        try refusePostgreSQL(settings)
        try SQLiteHuntRepository.open(path: settings.databasePath).backup(to: path)
        print("Backed up \(settings.databasePath) to \(path). Keep \(settings.dataDirectory)/secrets.json with it.")
    }
}

/// `puzzlemap restore PATH`: put a backup back. Stop the service first.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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
