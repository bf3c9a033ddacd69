import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// The advisory lock an import holds, so that instances starting together import one after
    /// the other and the later ones find the content already in place; per schema, as the
    /// migrations' lock is.
    static let contentImportLockKey: Int64 = 0x5A5A_4D41_5030_0002

    /// The riddles the stored content has retired, under the import lock shared: an import
    /// running now finishes first (and this transaction then reads what it retired), and an
    /// import that starts later waits for this transaction, so it finds the riddle this one
    /// starts among those it takes back. Asking players share the lock with each other.
    func retiredRiddles(_ connection: PostgresConnection) async throws -> Set<String> {
        try await connection.run("SELECT pg_advisory_xact_lock_shared(hashtextextended(current_schema(), \(Self.contentImportLockKey)))",
                                 logger: logger)
        return Set(try await connection.values("SELECT id FROM riddle WHERE retiredAt IS NOT NULL", as: String.self, logger: logger))
    }

    public func importContent(at date: Date, audit: AuditRecord?, discardingDraft: Int64?,
                              plan: @Sendable (StoredContent) -> ContentImport) async throws -> ContentImportSummary {
        try await write { connection in
            try await connection.run("SELECT pg_advisory_xact_lock(hashtextextended(current_schema(), \(Self.contentImportLockKey)))", logger: logger)
            let stored = StoredContent(
                checkpoints: try await connection.rows("SELECT \(unescaped: Columns.checkpoint) FROM checkpoint", as: Columns.CheckpointRow.self,
                                                       logger: logger).map { row in
                    let (stored, position) = try Columns.checkpoint(row)
                    return PlacedCheckpoint(stored: stored, position: position)
                },
                riddles: try await connection.rows("SELECT \(unescaped: Columns.riddle) FROM riddle", as: Columns.RiddleRow.self, logger: logger)
                    .map { row in
                        let (riddle, retiredAt) = try Columns.riddle(row)
                        return StoredRiddle(riddle: riddle, retiredAt: retiredAt)
                    },
                lastImport: try await connection.value("SELECT summary FROM contentImport ORDER BY id DESC LIMIT 1", as: String.self, logger: logger)
                    .map { try StoredJSON.decode(ContentImportSummary.self, from: $0) },
                lastImportIsKept: try await connection.value("SELECT content IS NOT NULL FROM contentImport ORDER BY id DESC LIMIT 1", as: Bool.self,
                                                             logger: logger) ?? true,
                activeAttempts: try await connection.rows("SELECT \(unescaped: Columns.attempt) FROM riddleAttempt WHERE closedAt IS NULL ORDER BY id",
                                                          as: Columns.AttemptRow.self, logger: logger).map(Columns.attempt),
                crewHoldings: try await crewHoldings(connection))
            let contentImport = plan(stored)
            try await release(contentImport.releases, at: date, connection)
            for release in contentImport.crewReleases {
                try await connection.run("""
                    UPDATE crewRiddle SET releasedAt = \(StoredDate(date)) WHERE id = \(release.crewRiddleID) AND solvedAt IS NULL AND releasedAt IS NULL
                    """, logger: logger)
            }
            try await announce(contentImport.crewReleases.flatMap(\.news), at: date, connection)
            for offer in contentImport.offers {
                try await connection.run("""
                    INSERT INTO offerStock (offerId, partnerId, stock) VALUES (\(offer.id), \(offer.partnerID), \(offer.stock))
                    ON CONFLICT (offerId) DO UPDATE SET partnerId = excluded.partnerId, stock = excluded.stock
                    """, logger: logger)
            }
            if let audit { _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger) }
            if let discardingDraft { try await connection.run("UPDATE contentDraft SET content = NULL WHERE revision = \(discardingDraft)", logger: logger) }
            guard contentImport.isRecorded else { return contentImport.summary }
            for placed in contentImport.checkpoints {
                try await upsert(placed, at: date, connection)
            }
            for stored in contentImport.riddles {
                try await upsert(stored, at: date, connection)
            }
            try await connection.run("""
                INSERT INTO contentImport (fingerprint, importedAt, summary, content, origin, rolledBackFrom)
                VALUES (\(contentImport.summary.fingerprint), \(StoredDate(date)), \(try StoredJSON.encode(contentImport.summary))::jsonb,
                        \(String(decoding: contentImport.encoded.json, as: UTF8.self))::jsonb, \(contentImport.origin.name), \(contentImport.origin.rolledBackFrom))
                """, logger: logger)
            return contentImport.summary
        }
    }

    public func draft() async throws -> DraftContent? {
        try await autocommit { connection in
            try await connection.rows("SELECT base, content::text, revision, savedBy, savedAt FROM contentDraft WHERE content IS NOT NULL",
                                      as: (Int64, String, Int64, String, StoredDate).self, logger: logger).first.map { base, content, revision, savedBy, savedAt in
                DraftContent(base: base, content: try StoredJSON.decode(CampusContent.self, from: content), revision: revision,
                             savedBy: savedBy, savedAt: savedAt.date)
            }
        }
    }

    public func saveDraft(_ content: CampusContent, base: Int64, savedBy: String, at date: Date, replacing revision: Int64?,
                          audit: AuditRecord) async throws -> DraftContent? {
        let json = String(decoding: EncodedContent(content).json, as: UTF8.self)
        return try await write { connection in
            // Saves of the draft queue one behind the other, the first one included.
            try await connection.run("LOCK TABLE contentDraft IN SHARE ROW EXCLUSIVE MODE", logger: logger)
            let stored = try await connection.rows("SELECT revision, content IS NOT NULL FROM contentDraft", as: (Int64, Bool).self, logger: logger).first
            guard (stored?.1 == true ? stored?.0 : nil) == revision else { return nil }
            let draft = DraftContent(base: base, content: content, revision: (stored?.0 ?? 0) + 1, savedBy: savedBy, savedAt: date)
            try await connection.run("""
                INSERT INTO contentDraft (id, base, content, revision, savedBy, savedAt)
                VALUES (1, \(draft.base), \(json)::jsonb, \(draft.revision), \(draft.savedBy), \(StoredDate(draft.savedAt)))
                ON CONFLICT (id) DO UPDATE SET base = excluded.base, content = excluded.content, revision = excluded.revision,
                    savedBy = excluded.savedBy, savedAt = excluded.savedAt
                """, logger: logger)
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return draft
        }
    }

    public func discardDraft(revision: Int64, audit: AuditRecord, at date: Date) async throws -> Bool {
        try await write { connection in
            guard try await connection.value("UPDATE contentDraft SET content = NULL WHERE revision = \(revision) AND content IS NOT NULL RETURNING revision", as: Int64.self,
                                             logger: logger) != nil
            else { return false }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return true
        }
    }

    public func contentVersions() async throws -> [ContentVersion] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT id, summary::text, origin, rolledBackFrom, content IS NOT NULL FROM contentImport ORDER BY id DESC
                """, as: (Int64, String, String, Int64?, Bool).self, logger: logger).map { id, summary, origin, rolledBackFrom, kept in
                ContentVersion(id: id, summary: try StoredJSON.decode(ContentImportSummary.self, from: summary),
                               origin: ContentOrigin(name: origin, rolledBackFrom: rolledBackFrom), isKept: kept)
            }
        }
    }

    public func content(ofVersion id: Int64) async throws -> CampusContent? {
        try await autocommit { connection in
            try await connection.value("SELECT content::text FROM contentImport WHERE id = \(id) AND content IS NOT NULL", as: String.self, logger: logger)
                .map { try StoredJSON.decode(CampusContent.self, from: $0) }
        }
    }

    /// Inserts or updates a checkpoint's row; its number and code version are the store's once
    /// assigned (a rotation may have bumped the version meanwhile).
    private func upsert(_ placed: PlacedCheckpoint, at date: Date, _ connection: PostgresConnection) async throws {
        let (checkpoint, stored) = (placed.stored.checkpoint, placed.stored)
        try await connection.run("""
            INSERT INTO checkpoint (id, number, position, name, category, building, floor, latitude, longitude, hours, tags, facts,
                                    tagVersion, retiredAt, updatedAt)
            VALUES (\(checkpoint.id), \(stored.number), \(placed.position), \(checkpoint.name), \(checkpoint.category.rawValue),
                    \(checkpoint.building), \(checkpoint.floor), \(checkpoint.coordinate.latitude), \(checkpoint.coordinate.longitude),
                    \(try StoredJSON.encode(checkpoint.hours))::jsonb, \(try StoredJSON.encode(checkpoint.tags))::jsonb,
                    \(try StoredJSON.encode(checkpoint.facts))::jsonb, \(stored.tagVersion), \(stored.retiredAt.map(StoredDate.init)),
                    \(StoredDate(date)))
            ON CONFLICT (id) DO UPDATE SET position = excluded.position, name = excluded.name, category = excluded.category,
                building = excluded.building, floor = excluded.floor, latitude = excluded.latitude, longitude = excluded.longitude,
                hours = excluded.hours, tags = excluded.tags, facts = excluded.facts, retiredAt = excluded.retiredAt,
                updatedAt = excluded.updatedAt
            """, logger: logger)
    }

    private func upsert(_ stored: StoredRiddle, at date: Date, _ connection: PostgresConnection) async throws {
        let riddle = stored.riddle
        try await connection.run("""
            INSERT INTO riddle (id, checkpointId, difficulty, text, hints, insider, retiredAt, updatedAt)
            VALUES (\(riddle.id), \(riddle.checkpointID), \(riddle.difficulty.rawValue), \(riddle.text),
                    \(try StoredJSON.encode(riddle.hints))::jsonb, \(riddle.insider), \(stored.retiredAt.map(StoredDate.init)),
                    \(StoredDate(date)))
            ON CONFLICT (id) DO UPDATE SET checkpointId = excluded.checkpointId, difficulty = excluded.difficulty, text = excluded.text,
                hints = excluded.hints, insider = excluded.insider, retiredAt = excluded.retiredAt, updatedAt = excluded.updatedAt
            """, logger: logger)
    }

    public func lastImport() async throws -> ContentImportSummary? {
        try await autocommit { connection in
            try await connection.value("SELECT summary FROM contentImport ORDER BY id DESC LIMIT 1", as: String.self, logger: logger)
                .map { try StoredJSON.decode(ContentImportSummary.self, from: $0) }
        }
    }

    public func checkpoints(includingRetired: Bool) async throws -> [StoredCheckpoint] {
        try await snapshot { connection in
            let closures = try await closures(on: connection)
            return try await connection.rows("""
                SELECT \(unescaped: Columns.checkpoint) FROM checkpoint
                WHERE \(includingRetired) OR retiredAt IS NULL ORDER BY position, id
                """, as: Columns.CheckpointRow.self, logger: logger).map { row in
                var stored = try Columns.checkpoint(row).stored
                stored.closure = closures[stored.id]
                return stored
            }
        }
    }

    public func checkpoint(number: Int) async throws -> StoredCheckpoint? {
        try await snapshot { connection in
            guard let row = try await connection.row("SELECT \(unescaped: Columns.checkpoint) FROM checkpoint WHERE number = \(number)",
                                                     as: Columns.CheckpointRow.self, logger: logger) else { return nil }
            var stored = try Columns.checkpoint(row).stored
            stored.closure = try await closures(on: connection, checkpointID: stored.id)[stored.id]
            return stored
        }
    }

    public func rotateTag(checkpointID: String, audit: AuditRecord, at date: Date) async throws -> StoredCheckpoint {
        try await write { connection in
            guard let row = try await connection.row("""
                UPDATE checkpoint SET tagVersion = tagVersion + 1, updatedAt = \(StoredDate(date)) WHERE id = \(checkpointID)
                RETURNING \(unescaped: Columns.checkpoint)
                """, as: Columns.CheckpointRow.self, logger: logger)
            else { throw StorageError.notFound("checkpoint \(checkpointID)") }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            var stored = try Columns.checkpoint(row).stored
            stored.closure = try await closures(on: connection, checkpointID: checkpointID)[checkpointID]
            return stored
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
                try await append(GameEvent(id: 0, playerID: playerID, kind: kind, checkpointID: checkpointID, riddleID: riddleID, xp: xp,
                                           occurredAt: date), connection)
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
        try await connection.rows(Prepared<PlayerEvents>(playerID), as: Columns.EventRow.self, logger: logger).map(Columns.event)
    }
}

/// A player's ledger, in the order written.
enum PlayerEvents: PlayerStatementText {
    static let name = "player.events"
    static let sql = "SELECT \(Columns.event) FROM gameEvent WHERE playerId = $1 ORDER BY id"
}
