import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func setClosure(_ closure: CheckpointClosure?, checkpointID: String, audit: AuditRecord, at date: Date) async throws -> StoredCheckpoint {
        try await database.write { db in
            guard let record = try CheckpointRecord.fetchOne(db, key: checkpointID) else { throw StorageError.notFound("checkpoint \(checkpointID)") }
            if let closure {
                try db.execute(sql: """
                    INSERT INTO checkpointClosure (checkpointId, note, closedAt, closedBy) VALUES (?, ?, ?, ?)
                    ON CONFLICT(checkpointId) DO UPDATE SET note = excluded.note, closedAt = excluded.closedAt, closedBy = excluded.closedBy
                    """, arguments: [checkpointID, closure.note, closure.closedAt, closure.closedBy])
            } else {
                try db.execute(sql: "DELETE FROM checkpointClosure WHERE checkpointId = ?", arguments: [checkpointID])
            }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return record.stored(closure: closure)
        }
    }

    public func closures() async throws -> [String: CheckpointClosure] {
        try await database.read { db in try Self.closures(in: db) }
    }

    public func sendBroadcast(text: String, sentBy: String, audit: AuditRecord, at date: Date) async throws -> Broadcast {
        try await database.write { db in
            try db.execute(sql: "UPDATE broadcast SET endedAt = ? WHERE endedAt IS NULL", arguments: [date])
            try db.execute(sql: "INSERT INTO broadcast (text, sentAt, sentBy) VALUES (?, ?, ?)", arguments: [text, date, sentBy])
            let broadcast = Broadcast(id: db.lastInsertedRowID, text: text, sentAt: date, sentBy: sentBy)
            _ = try Self.appendAudit(audit, at: date, in: db)
            announceBroadcast(db)
            return broadcast
        }
    }

    public func endBroadcast(audit: AuditRecord, at date: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE broadcast SET endedAt = ? WHERE endedAt IS NULL", arguments: [date])
            guard db.changesCount > 0 else { return false }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return true
        }
    }

    public func currentBroadcast() async throws -> Broadcast? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT id, text, sentAt, sentBy FROM broadcast WHERE endedAt IS NULL ORDER BY id DESC LIMIT 1").map { row in
                Broadcast(id: row["id"], text: row["text"], sentAt: row["sentAt"], sentBy: row["sentBy"])
            }
        }
    }

    public func stickerPrints() async throws -> [String: StickerPrint] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT checkpointId, name, codeVersion, printedAt FROM stickerPrint")
            return Dictionary(uniqueKeysWithValues: rows.map { row in
                (row["checkpointId"], StickerPrint(checkpointID: row["checkpointId"], name: row["name"], codeVersion: row["codeVersion"], printedAt: row["printedAt"]))
            })
        }
    }

    public func recordStickerPrints(_ prints: [StickerPrint], audit: AuditRecord, at date: Date) async throws {
        try await database.write { db in
            for print in prints {
                try db.execute(sql: """
                    INSERT INTO stickerPrint (checkpointId, name, codeVersion, printedAt) VALUES (?, ?, ?, ?)
                    ON CONFLICT(checkpointId) DO UPDATE SET name = excluded.name, codeVersion = excluded.codeVersion, printedAt = excluded.printedAt
                    """, arguments: [print.checkpointID, print.name, print.codeVersion, print.printedAt])
            }
            _ = try Self.appendAudit(audit, at: date, in: db)
        }
    }

    /// The closures of every checkpoint, or of one.
    static func closures(in db: Database, checkpointID: String? = nil) throws -> [String: CheckpointClosure] {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT checkpointId, note, closedAt, closedBy FROM checkpointClosure WHERE ? IS NULL OR checkpointId = ?
            """), arguments: [checkpointID, checkpointID])
        return Dictionary(uniqueKeysWithValues: rows.map { row in
            (row["checkpointId"] as String, CheckpointClosure(note: row["note"], closedAt: row["closedAt"], closedBy: row["closedBy"]))
        })
    }
}
