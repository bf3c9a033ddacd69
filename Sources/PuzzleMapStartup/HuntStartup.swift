import Foundation
import Logging
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapStorage

/// Where the service's parts are chosen: the content read from the organiser's files, and
/// the database the settings name. `serve`, every command that touches the hunt's data, and
/// the tests that start the service as `serve` does, come through here.
public enum HuntStartup {
    /// The database the settings name, opened and migrated: PostgreSQL when a URL is
    /// configured, otherwise SQLite in the data directory. Weekly scores follow `weeks`.
    public static func openRepository(settings: ServiceSettings, weeks: CampusWeek, logger: Logger) async throws -> any HuntRepository {
        if let url = settings.databaseURL {
            let address = try PostgresConnectionURL(url)
            let repository = try await PostgresHuntRepository.connect(url: url, weeks: weeks, limits: settings.storageLimits, logger: logger)
            logger.info("Database: PostgreSQL", metadata: ["server": "\(address.displayName)", "schema": "\(address.schema ?? "default")"])
            return repository
        }
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
        logger.info("Database: SQLite", metadata: ["file": "\(settings.databasePath)"])
        return try SQLiteHuntRepository.open(path: settings.databasePath, weeks: weeks, limits: settings.storageLimits)
    }

    /// Validates the organiser's content (refusing to start with the full report when it is
    /// invalid), opens and migrates the database, settles the keys and imports the content.
    public static func prepare(settings: ServiceSettings, logger: Logger, now: @escaping @Sendable () -> Date = Date.init) async throws -> Hunt {
        let content = try ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory)
            .load().get()
        let repository = try await openRepository(settings: settings, weeks: content.weeks, logger: logger)
        return try await Hunt.prepare(content: content, repository: repository, settings: settings, logger: logger, now: now)
    }
}

extension HuntStartup {
    /// The organiser's files the settings name, read and checked as at start-up: what a
    /// reload (`SIGHUP`, the console's button) reads.
    public static func contentSource(settings: ServiceSettings) -> ContentSource {
        let (campus, riddles) = (settings.campusDirectory, settings.riddlesDirectory)
        return ContentSource { try ContentReader(campusDirectory: campus, riddlesDirectory: riddles).load().get() }
    }
}
