import Foundation
#if canImport(Glibc)
import Glibc
#endif
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
        try DataDirectoryUnwritable.check(settings.dataDirectory)
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

/// The data directory cannot be written (a read-only mount, a full or missing disk, a file
/// where the directory should be): refused at start-up with what to do, rather than failing
/// later with SQLite's "unable to open database file" or at the first write.
public struct DataDirectoryUnwritable: Error, CustomStringConvertible {
    public var path: String
    /// What the system said.
    public var reason: String

    public var description: String {
        """
        The data directory \(path) cannot be written (\(reason)). The SQLite database, its journal and \
        the generated keys are kept there: give the service a writable directory with --data-dir or \
        PUZZLEMAP_DATA_DIR, or make this one writable.
        """
    }

    /// Makes the directory if it is missing and checks a file can be made in it and removed.
    static func check(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw DataDirectoryUnwritable(path: path, reason: (error as NSError).localizedFailureReason ?? error.localizedDescription)
        }
        let probe = path + "/.puzzlemap-write-check-\(getpid())"
        let descriptor = open(probe, O_CREAT | O_EXCL | O_WRONLY, 0o600)
        guard descriptor >= 0 else { throw DataDirectoryUnwritable(path: path, reason: String(cString: strerror(errno))) }
        close(descriptor)
        unlink(probe)
    }
}
