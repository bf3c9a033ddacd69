import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// The advisory lock an import holds, so that instances starting together import one after
    /// the other and the later ones find the content already in place.
    static let contentImportLockKey: Int64 = 0x5A5A_4D41_5030_0002

    public func importContent(_ content: CampusContent, at date: Date) async throws -> ContentImportSummary {
        let fingerprint = content.fingerprint
        return try await write { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(\(Self.contentImportLockKey))", logger: logger)
            // Stock follows the files; what was issued stays. Rows are locked in id order, the
            // order scans lock them in.
            for offer in content.offers.sorted(by: { $0.id < $1.id }) {
                try await connection.run("""
                    INSERT INTO offerStock (offerId, partnerId, stock) VALUES (\(offer.id), \(offer.partnerID), \(offer.stock))
                    ON CONFLICT (offerId) DO UPDATE SET partnerId = excluded.partnerId, stock = excluded.stock
                    """, logger: logger)
            }
            if let (lastFingerprint, importedAt) = try await connection.row(
                "SELECT fingerprint, importedAt FROM contentImport ORDER BY id DESC LIMIT 1", as: (String, StoredDate).self, logger: logger
            ), lastFingerprint == fingerprint {
                return ContentImportSummary(fingerprint: fingerprint, importedAt: importedAt.date)
            }
            var summary = ContentImportSummary(fingerprint: fingerprint, importedAt: date)
            try await importCheckpoints(content.checkpoints, at: date, into: &summary, connection)
            try await importRiddles(content.riddles, at: date, into: &summary, connection)
            try await connection.run("""
                INSERT INTO contentImport (fingerprint, importedAt, summary)
                VALUES (\(fingerprint), \(StoredDate(date)), \(try StoredJSON.encode(summary))::jsonb)
                """, logger: logger)
            return summary
        }
    }

    private func importCheckpoints(_ checkpoints: [Checkpoint], at date: Date, into summary: inout ContentImportSummary,
                                   _ connection: PostgresConnection) async throws {
        var existing: [String: (stored: StoredCheckpoint, position: Int)] = [:]
        for row in try await connection.rows("SELECT \(unescaped: Columns.checkpoint) FROM checkpoint", as: Columns.CheckpointRow.self, logger: logger) {
            let checkpoint = try Columns.checkpoint(row)
            existing[checkpoint.stored.id] = checkpoint
        }
        var nextNumber = (try await connection.value("SELECT COALESCE(MAX(number), 0) FROM checkpoint", as: Int.self, logger: logger) ?? 0) + 1
        for (position, checkpoint) in checkpoints.enumerated() {
            if let old = existing.removeValue(forKey: checkpoint.id) {
                if old.stored.checkpoint != checkpoint || old.position != position || old.stored.retiredAt != nil {
                    try await connection.run("""
                        UPDATE checkpoint SET position = \(position), name = \(checkpoint.name), category = \(checkpoint.category.rawValue),
                            building = \(checkpoint.building), floor = \(checkpoint.floor), latitude = \(checkpoint.coordinate.latitude),
                            longitude = \(checkpoint.coordinate.longitude), hours = \(try StoredJSON.encode(checkpoint.hours))::jsonb,
                            tags = \(try StoredJSON.encode(checkpoint.tags))::jsonb, facts = \(try StoredJSON.encode(checkpoint.facts))::jsonb,
                            retiredAt = NULL, updatedAt = \(StoredDate(date))
                        WHERE id = \(checkpoint.id)
                        """, logger: logger)
                    summary.checkpointsUpdated += 1
                }
            } else {
                try await connection.run("""
                    INSERT INTO checkpoint (id, number, position, name, category, building, floor, latitude, longitude, hours, tags, facts,
                                            tagVersion, retiredAt, updatedAt)
                    VALUES (\(checkpoint.id), \(nextNumber), \(position), \(checkpoint.name), \(checkpoint.category.rawValue),
                            \(checkpoint.building), \(checkpoint.floor), \(checkpoint.coordinate.latitude), \(checkpoint.coordinate.longitude),
                            \(try StoredJSON.encode(checkpoint.hours))::jsonb, \(try StoredJSON.encode(checkpoint.tags))::jsonb,
                            \(try StoredJSON.encode(checkpoint.facts))::jsonb, 1, NULL, \(StoredDate(date)))
                    """, logger: logger)
                nextNumber += 1
                summary.checkpointsAdded += 1
            }
        }
        for gone in existing.values where gone.stored.retiredAt == nil {
            try await connection.run(
                "UPDATE checkpoint SET retiredAt = \(StoredDate(date)), updatedAt = \(StoredDate(date)) WHERE id = \(gone.stored.id)",
                logger: logger)
            summary.checkpointsRetired += 1
        }
    }

    private func importRiddles(_ riddles: [Riddle], at date: Date, into summary: inout ContentImportSummary,
                               _ connection: PostgresConnection) async throws {
        var existing: [String: (riddle: Riddle, retiredAt: Date?)] = [:]
        for row in try await connection.rows("SELECT \(unescaped: Columns.riddle) FROM riddle", as: Columns.RiddleRow.self, logger: logger) {
            let riddle = try Columns.riddle(row)
            existing[riddle.riddle.id] = riddle
        }
        for riddle in riddles {
            if let old = existing.removeValue(forKey: riddle.id) {
                if old.riddle != riddle || old.retiredAt != nil {
                    try await connection.run("""
                        UPDATE riddle SET checkpointId = \(riddle.checkpointID), difficulty = \(riddle.difficulty.rawValue), text = \(riddle.text),
                            hints = \(try StoredJSON.encode(riddle.hints))::jsonb, insider = \(riddle.insider), retiredAt = NULL,
                            updatedAt = \(StoredDate(date))
                        WHERE id = \(riddle.id)
                        """, logger: logger)
                    summary.riddlesUpdated += 1
                }
            } else {
                try await connection.run("""
                    INSERT INTO riddle (id, checkpointId, difficulty, text, hints, insider, retiredAt, updatedAt)
                    VALUES (\(riddle.id), \(riddle.checkpointID), \(riddle.difficulty.rawValue), \(riddle.text),
                            \(try StoredJSON.encode(riddle.hints))::jsonb, \(riddle.insider), NULL, \(StoredDate(date)))
                    """, logger: logger)
                summary.riddlesAdded += 1
            }
        }
        for (id, gone) in existing where gone.retiredAt == nil {
            try await connection.run("UPDATE riddle SET retiredAt = \(StoredDate(date)), updatedAt = \(StoredDate(date)) WHERE id = \(id)",
                                     logger: logger)
            summary.riddlesRetired += 1
        }
    }

    public func lastImport() async throws -> ContentImportSummary? {
        try await autocommit { connection in
            try await connection.value("SELECT summary FROM contentImport ORDER BY id DESC LIMIT 1", as: String.self, logger: logger)
                .map { try StoredJSON.decode(ContentImportSummary.self, from: $0) }
        }
    }

    public func checkpoints(includingRetired: Bool) async throws -> [StoredCheckpoint] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT \(unescaped: Columns.checkpoint) FROM checkpoint
                WHERE \(includingRetired) OR retiredAt IS NULL ORDER BY position, id
                """, as: Columns.CheckpointRow.self, logger: logger).map { try Columns.checkpoint($0).stored }
        }
    }

    public func checkpoint(number: Int) async throws -> StoredCheckpoint? {
        try await autocommit { connection in
            try await connection.row("SELECT \(unescaped: Columns.checkpoint) FROM checkpoint WHERE number = \(number)",
                                     as: Columns.CheckpointRow.self, logger: logger).map { try Columns.checkpoint($0).stored }
        }
    }

    public func rotateTag(checkpointID: String, at date: Date) async throws -> StoredCheckpoint {
        try await autocommit { connection in
            guard let row = try await connection.row("""
                UPDATE checkpoint SET tagVersion = tagVersion + 1, updatedAt = \(StoredDate(date)) WHERE id = \(checkpointID)
                RETURNING \(unescaped: Columns.checkpoint)
                """, as: Columns.CheckpointRow.self, logger: logger)
            else { throw StorageError.notFound("checkpoint \(checkpointID)") }
            return try Columns.checkpoint(row).stored
        }
    }

    public func activeRiddles() async throws -> [Riddle] {
        try await autocommit { connection in
            try await connection.rows("SELECT \(unescaped: Columns.riddle) FROM riddle WHERE retiredAt IS NULL ORDER BY id",
                                      as: Columns.RiddleRow.self, logger: logger).map { try Columns.riddle($0).riddle }
        }
    }

    // MARK: Settings

    public func setting(_ key: String) async throws -> String? {
        try await autocommit { connection in
            try await connection.value("SELECT value FROM setting WHERE key = \(key)", as: String.self, logger: logger)
        }
    }

    public func setSettingIfAbsent(_ key: String, to value: String) async throws -> String {
        try await autocommit { connection in
            // Of simultaneous inserts one wins; the others wait for it, insert nothing, and the
            // next statement (a fresh snapshot) reads the winner's value.
            try await connection.run("INSERT INTO setting (key, value) VALUES (\(key), \(value)) ON CONFLICT (key) DO NOTHING", logger: logger)
            guard let stored = try await connection.value("SELECT value FROM setting WHERE key = \(key)", as: String.self, logger: logger) else {
                throw StorageError.notFound("setting \(key)")
            }
            return stored
        }
    }

    // MARK: The ledger

    public func appendEvent(
        playerID: Int64, kind: GameEvent.Kind, checkpointID: String?, riddleID: String?, xp: Int, at date: Date
    ) async throws -> GameEvent {
        do {
            return try await write { connection in
                try await append(playerID: playerID, kind: kind, checkpointID: checkpointID, riddleID: riddleID, xp: xp, hintsUsed: 0,
                                 at: date, connection)
            }
        } catch let error as PSQLError where error.isIntegrityViolation {
            throw StorageError.notFound(error.serverMessage)
        }
    }

    public func events(playerID: Int64) async throws -> [GameEvent] {
        try await autocommit { connection in
            try await events(playerID: playerID, connection)
        }
    }

    func events(playerID: Int64, _ connection: PostgresConnection) async throws -> [GameEvent] {
        try await connection.rows("SELECT \(unescaped: Columns.event) FROM gameEvent WHERE playerId = \(playerID) ORDER BY id",
                                  as: Columns.EventRow.self, logger: logger).map(Columns.event)
    }
}
