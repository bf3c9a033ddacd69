import Foundation
import Logging
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func appendAudit(_ record: AuditRecord, at date: Date) async throws -> AuditEntry {
        try await autocommit { connection in try await Self.appendAudit(record, at: date, on: connection, logger: logger) }
    }

    public func auditLog(limit: Int) async throws -> [AuditEntry] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT id, actorId, actorName, action, subject, detail, at FROM auditLog ORDER BY id DESC LIMIT \(limit)
                """, as: (Int64, Int64?, String, String, String, String, StoredDate).self, logger: logger).map { row in
                let (id, actorID, actorName, action, subject, detail, at) = row
                return AuditEntry(id: id, record: AuditRecord(actorID: actorID, actorName: actorName, action: try AuditAction.stored(action),
                                                              subject: subject, detail: detail), at: at.date)
            }
        }
    }

    /// Writes an audit line on the caller's connection, inside its transaction, beside the
    /// change it records.
    nonisolated(nonsending) static func appendAudit(_ record: AuditRecord, at date: Date, on connection: PostgresConnection, logger: Logger) async throws -> AuditEntry {
        let id = try await connection.returned("""
            INSERT INTO auditLog (actorId, actorName, action, subject, detail, at)
            VALUES (\(record.actorID), \(record.actorName), \(record.action.rawValue), \(record.subject), \(record.detail), \(StoredDate(date)))
            RETURNING id
            """, as: Int64.self, from: "auditLog", logger: logger)
        return AuditEntry(id: id, record: record, at: date)
    }
}
