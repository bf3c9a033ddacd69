import Foundation
import Logging
import PuzzleMapPostgres
import PuzzleMapStorage

extension HuntServices {
    /// The database the settings name, opened and migrated: PostgreSQL when a URL is
    /// configured, otherwise SQLite in the data directory. `serve` and every command that
    /// touches the hunt's data open it here.
    public static func openRepository(settings: ServiceSettings, logger: Logger) async throws -> any HuntRepository {
        if let url = settings.databaseURL {
            let address = try PostgresConnectionURL(url)
            let repository = try await PostgresHuntRepository.connect(url: url, logger: logger)
            logger.info("Database: PostgreSQL", metadata: ["server": "\(address.displayName)", "schema": "\(address.schema ?? "default")"])
            return repository
        }
        try FileManager.default.createDirectory(atPath: settings.dataDirectory, withIntermediateDirectories: true)
        logger.info("Database: SQLite", metadata: ["file": "\(settings.databasePath)"])
        return try SQLiteHuntRepository.open(path: settings.databasePath)
    }

    /// Where generated signing keys are kept: beside an embedded database, or in a shared one.
    static func keyKeeping(for settings: ServiceSettings) -> SecretKeeper.Keeping {
        settings.databaseURL == nil ? .dataDirectory : .database
    }
}
