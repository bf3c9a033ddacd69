import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func appendAudit(_ record: AuditRecord, at date: Date) async throws -> AuditEntry {
        try await database.write { db in try Self.appendAudit(record, at: date, in: db) }
    }

    public func auditLog(limit: Int) async throws -> [AuditEntry] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, actorId, actorName, action, subject, detail, at FROM auditLog ORDER BY id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                AuditEntry(id: row["id"], record: AuditRecord(
                    actorID: row["actorId"], actorName: row["actorName"], action: try AuditAction.stored(row["action"]),
                    subject: row["subject"], detail: row["detail"]), at: row["at"])
            }
        }
    }

    /// Writes an audit line inside the caller's transaction, beside the change it records.
    static func appendAudit(_ record: AuditRecord, at date: Date, in db: Database) throws -> AuditEntry {
        try db.execute(sql: """
            INSERT INTO auditLog (actorId, actorName, action, subject, detail, at) VALUES (?, ?, ?, ?, ?, ?)
            """, arguments: [record.actorID, record.actorName, record.action.rawValue, record.subject, record.detail, date])
        return AuditEntry(id: db.lastInsertedRowID, record: record, at: date)
    }
}
