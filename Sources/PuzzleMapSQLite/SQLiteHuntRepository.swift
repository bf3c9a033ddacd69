import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

/// The embedded store: SQLite through GRDB, a `DatabasePool` in WAL mode in production and an
/// in-memory queue in tests. The migrator runs when it is created.
public struct SQLiteHuntRepository: HuntRepository {
    let writer: any DatabaseWriter
    /// The same database, counted for metrics: every query below goes through it.
    let database: MeteredDatabase
    /// The weeks weekly scores are kept by: the campus's.
    let weeks: CampusWeek
    /// Live events committed by this process (one process owns an SQLite file), for its streams.
    let liveSignalRelay = SignalRelay<LiveSignal>(buffering: .bufferingNewest(1024))
    /// Sessions and accounts this process's writes changed, as they commit (``AccountChangeObserver``,
    /// ``PlayVersionObserver``, ``TotalsObserver``).
    let accountSignalRelay = SignalRelay<AccountSignal>(buffering: .unbounded)

    /// Opens (creating if needed) the database file at `path` in WAL mode and migrates it.
    /// The service passes its campus's weeks; tools that write no ledger events may keep UTC.
    /// `limits` bound how long an operation waits (for the writer, or for a lock another
    /// process holds) and how many wait.
    public static func open(path: String, weeks: CampusWeek = .utc, limits: StorageLimits = StorageLimits()) throws -> SQLiteHuntRepository {
        try SQLiteHuntRepository(DatabasePool(path: path, configuration: configuration(limits)), weeks: weeks, limits: limits)
    }

    /// A private in-memory database, for tests and tools: it serves no crowd, so it waits
    /// rather than refuses (``StorageLimits/unhurried``).
    public static func inMemory(weeks: CampusWeek = .utc) throws -> SQLiteHuntRepository {
        try SQLiteHuntRepository(DatabaseQueue(configuration: configuration(.unhurried)), weeks: weeks, limits: .unhurried)
    }

    init(_ writer: any DatabaseWriter, weeks: CampusWeek, limits: StorageLimits) throws {
        self.writer = writer
        self.weeks = weeks
        // A pool opens one writer and up to `maximumReaderCount` readers; a queue, one.
        let connections = (writer as? DatabasePool).map { $0.configuration.maximumReaderCount + 1 } ?? 1
        database = MeteredDatabase(writer: writer, activity: StorageActivity(maximumConnections: connections, writers: 1, limits: limits))
        try Migrations.migrator.migrate(writer)
        writer.add(transactionObserver: AccountChangeObserver(relay: accountSignalRelay), extent: .databaseLifetime)
        writer.add(transactionObserver: PlayVersionObserver(relay: accountSignalRelay), extent: .databaseLifetime)
        let totals = TotalsObserver(relay: accountSignalRelay)
        try writer.writeWithoutTransaction { db in try totals.install(on: db) }
        writer.add(transactionObserver: totals, extent: .databaseLifetime)
    }

    private static func configuration(_ limits: StorageLimits) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        // The CLI (codes rotate, backups) may write while the service runs: wait for its lock,
        // up to the deadline, then fail (503 database_unavailable) rather than hold the request.
        configuration.busyMode = .timeout(limits.deadlineSeconds)
        return configuration
    }

    /// The journal mode SQLite reports (`wal` for a file database).
    public func journalMode() async throws -> String {
        try await database.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "" }
    }

    public var activity: StorageActivity { database.activity }

    public func close() async throws {
        // GRDB closes behind a barrier: running reads and the running write finish first, and
        // the WAL is checkpointed into the main file as the last connection closes.
        try (writer as? DatabasePool)?.close()
    }

    public func ping() async throws {
        _ = try await database.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
    }

    // MARK: Content

    public func importContent(at date: Date, audit: AuditRecord?, discardingDraft: Int64?,
                              plan: @Sendable (StoredContent) -> ContentImport) async throws -> ContentImportSummary {
        try await database.write { db in
            let stored = StoredContent(
                checkpoints: try CheckpointRecord.fetchAll(db).map { PlacedCheckpoint(stored: $0.stored, position: $0.position) },
                riddles: try RiddleRecord.fetchAll(db).map { StoredRiddle(riddle: $0.riddle, retiredAt: $0.retiredAt) },
                lastImport: try ContentImportRecord.withoutContent.order(ContentImportRecord.Columns.id.desc).fetchOne(db)?.summary,
                lastImportIsKept: try Bool.fetchOne(db, sql: "SELECT content IS NOT NULL FROM contentImport ORDER BY id DESC LIMIT 1") ?? true,
                activeAttempts: try RiddleAttemptRecord.filter(RiddleAttemptRecord.Columns.closedAt == nil).fetchAll(db).map(\.attempt),
                crewHoldings: try Self.crewHoldings(db))
            let contentImport = plan(stored)
            try release(contentImport.releases, at: date, db)
            for release in contentImport.crewReleases {
                try db.execute(sql: "UPDATE crewRiddle SET releasedAt = ? WHERE id = ? AND solvedAt IS NULL AND releasedAt IS NULL",
                               arguments: [date, release.crewRiddleID])
            }
            try announce(contentImport.crewReleases.flatMap(\.news), at: date, db)
            for offer in contentImport.offers {
                try db.execute(sql: """
                    INSERT INTO offerStock (offerId, partnerId, stock) VALUES (?, ?, ?)
                    ON CONFLICT(offerId) DO UPDATE SET partnerId = excluded.partnerId, stock = excluded.stock
                    """, arguments: [offer.id, offer.partnerID, offer.stock])
            }
            if let audit { _ = try Self.appendAudit(audit, at: date, in: db) }
            if let discardingDraft { try db.execute(sql: "UPDATE contentDraft SET content = NULL WHERE revision = ?", arguments: [discardingDraft]) }
            guard contentImport.isRecorded else { return contentImport.summary }
            for placed in contentImport.checkpoints {
                try CheckpointRecord(placed.stored.checkpoint, number: placed.stored.number, position: placed.position,
                                     tagVersion: placed.stored.tagVersion, retiredAt: placed.stored.retiredAt, updatedAt: date).save(db)
            }
            for stored in contentImport.riddles {
                try RiddleRecord(stored.riddle, retiredAt: stored.retiredAt, updatedAt: date).save(db)
            }
            var record = ContentImportRecord(id: nil, summary: contentImport.summary, content: contentImport.encoded.json,
                                             origin: contentImport.origin)
            try record.insert(db)
            return contentImport.summary
        }
    }

    public func draft() async throws -> DraftContent? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT base, content, revision, savedBy, savedAt FROM contentDraft WHERE content IS NOT NULL").map { row in
                DraftContent(base: row["base"], content: try JSONDecoder().decode(CampusContent.self, from: row["content"] as Data),
                             revision: row["revision"], savedBy: row["savedBy"], savedAt: row["savedAt"])
            }
        }
    }

    public func saveDraft(_ content: CampusContent, base: Int64, savedBy: String, at date: Date, replacing revision: Int64?,
                          audit: AuditRecord) async throws -> DraftContent? {
        let json = EncodedContent(content).json
        return try await database.write { db in
            let stored = try Row.fetchOne(db, sql: "SELECT revision, content IS NOT NULL AS open FROM contentDraft")
            let current: Int64? = stored.flatMap { $0["open"] ? $0["revision"] : nil }
            guard current == revision else { return nil }
            let draft = DraftContent(base: base, content: content, revision: (stored?["revision"] ?? 0) + 1, savedBy: savedBy, savedAt: date)
            try db.execute(sql: """
                INSERT INTO contentDraft (id, base, content, revision, savedBy, savedAt) VALUES (1, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET base = excluded.base, content = excluded.content, revision = excluded.revision,
                    savedBy = excluded.savedBy, savedAt = excluded.savedAt
                """, arguments: [draft.base, json, draft.revision, draft.savedBy, draft.savedAt])
            _ = try Self.appendAudit(audit, at: date, in: db)
            return draft
        }
    }

    public func discardDraft(revision: Int64, audit: AuditRecord, at date: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE contentDraft SET content = NULL WHERE revision = ? AND content IS NOT NULL", arguments: [revision])
            guard db.changesCount == 1 else { return false }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return true
        }
    }

    public func contentVersions() async throws -> [ContentVersion] {
        try await database.read { db in
            try ContentImportRecord.select(sql: "\(ContentImportRecord.columnsWithoutContent), content IS NOT NULL AS kept")
                .order(ContentImportRecord.Columns.id.desc).asRequest(of: Row.self).fetchAll(db)
                .map { row in
                    var version = try ContentImportRecord(row: row).version
                    version.isKept = row["kept"]
                    return version
                }
        }
    }

    public func content(ofVersion id: Int64) async throws -> CampusContent? {
        try await database.read { db in
            guard let data = try Data.fetchOne(db, sql: "SELECT content FROM contentImport WHERE id = ?", arguments: [id]) else { return nil }
            return try JSONDecoder().decode(CampusContent.self, from: data)
        }
    }

    public func lastImport() async throws -> ContentImportSummary? {
        try await database.read { db in
            try ContentImportRecord.withoutContent.order(ContentImportRecord.Columns.id.desc).fetchOne(db)?.summary
        }
    }

    public func checkpoints(includingRetired: Bool) async throws -> [StoredCheckpoint] {
        try await database.read { db in
            var request = CheckpointRecord.order(CheckpointRecord.Columns.position, CheckpointRecord.Columns.id)
            if !includingRetired { request = request.filter(CheckpointRecord.Columns.retiredAt == nil) }
            let closures = try Self.closures(in: db)
            return try request.fetchAll(db).map { $0.stored(closure: closures[$0.id]) }
        }
    }

    public func checkpoint(number: Int) async throws -> StoredCheckpoint? {
        try await database.read { db in
            try CheckpointRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM checkpoint WHERE number = ?"), arguments: [number]).map { record in
                record.stored(closure: try Self.closures(in: db, checkpointID: record.id)[record.id])
            }
        }
    }

    public func rotateTag(checkpointID: String, audit: AuditRecord, at date: Date) async throws -> StoredCheckpoint {
        try await database.write { db in
            guard var record = try CheckpointRecord.fetchOne(db, key: checkpointID) else {
                throw StorageError.notFound("checkpoint \(checkpointID)")
            }
            record.tagVersion += 1
            record.updatedAt = date
            try record.update(db)
            _ = try Self.appendAudit(audit, at: date, in: db)
            return record.stored(closure: try Self.closures(in: db, checkpointID: checkpointID)[checkpointID])
        }
    }

    public func activeRiddles() async throws -> [Riddle] {
        try await database.read { db in
            try RiddleRecord.filter(RiddleRecord.Columns.retiredAt == nil).order(RiddleRecord.Columns.id).fetchAll(db).map(\.riddle)
        }
    }

    // MARK: Settings

    public func setting(_ key: String) async throws -> String? {
        try await database.read { db in try SettingRecord.fetchOne(db, key: key)?.value }
    }

    public func setSettingIfAbsent(_ key: String, to value: String) async throws -> String {
        try await database.write { db in
            if let stored = try SettingRecord.fetchOne(db, key: key) { return stored.value }
            try SettingRecord(key: key, value: value).insert(db)
            return value
        }
    }

    // MARK: The ledger

    public func appendEvent(
        playerID: Int64, kind: GameEvent.Kind, checkpointID: String?, riddleID: String?, xp: Int, at date: Date
    ) async throws -> GameEvent {
        do {
            return try await database.write { db in
                try append(GameEvent(id: 0, playerID: playerID, kind: kind, checkpointID: checkpointID, riddleID: riddleID, xp: xp, occurredAt: date), db)
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw StorageError.notFound(error.message ?? "foreign key")
        }
    }

    public func events(playerID: Int64) async throws -> [GameEvent] {
        try await database.read { db in try Self.events(playerID: playerID, db) }
    }

    static func events(playerID: Int64, _ db: Database) throws -> [GameEvent] {
        try GameEventRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM gameEvent WHERE playerId = ? ORDER BY id"), arguments: [playerID])
            .map(\.event)
    }
}
