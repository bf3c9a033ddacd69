import Foundation
import Logging
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func setClosure(_ closure: CheckpointClosure?, checkpointID: String, audit: AuditRecord, at date: Date) async throws -> StoredCheckpoint {
        try await write { connection in
            guard let row = try await connection.row("SELECT \(unescaped: Columns.checkpoint) FROM checkpoint WHERE id = \(checkpointID) FOR UPDATE",
                                                     as: Columns.CheckpointRow.self, logger: logger)
            else { throw StorageError.notFound("checkpoint \(checkpointID)") }
            if let closure {
                try await connection.run("""
                    INSERT INTO checkpointClosure (checkpointId, note, closedAt, closedBy)
                    VALUES (\(checkpointID), \(closure.note), \(StoredDate(closure.closedAt)), \(closure.closedBy))
                    ON CONFLICT (checkpointId) DO UPDATE SET note = excluded.note, closedAt = excluded.closedAt, closedBy = excluded.closedBy
                    """, logger: logger)
            } else {
                try await connection.run("DELETE FROM checkpointClosure WHERE checkpointId = \(checkpointID)", logger: logger)
            }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            var stored = try Columns.checkpoint(row).stored
            stored.closure = closure
            return stored
        }
    }

    public func closures() async throws -> [String: CheckpointClosure] {
        try await autocommit { connection in try await closures(on: connection) }
    }

    public func sendBroadcast(text: String, sentBy: String, audit: AuditRecord, at date: Date) async throws -> Broadcast {
        try await write { connection in
            try await connection.run("UPDATE broadcast SET endedAt = \(StoredDate(date)) WHERE endedAt IS NULL", logger: logger)
            let id = try await connection.returned("""
                INSERT INTO broadcast (text, sentAt, sentBy) VALUES (\(text), \(StoredDate(date)), \(sentBy)) RETURNING id
                """, as: Int64.self, from: "broadcast", logger: logger)
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            try await announceBroadcast(connection)
            return Broadcast(id: id, text: text, sentAt: date, sentBy: sentBy)
        }
    }

    public func endBroadcast(audit: AuditRecord, at date: Date) async throws -> Bool {
        try await write { connection in
            let ended = try await connection.values("UPDATE broadcast SET endedAt = \(StoredDate(date)) WHERE endedAt IS NULL RETURNING id",
                                                    as: Int64.self, logger: logger)
            guard !ended.isEmpty else { return false }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return true
        }
    }

    public func currentBroadcast() async throws -> Broadcast? {
        try await autocommit { connection in
            try await connection.row("SELECT id, text, sentAt, sentBy FROM broadcast WHERE endedAt IS NULL ORDER BY id DESC LIMIT 1",
                                     as: (Int64, String, StoredDate, String).self, logger: logger).map { row in
                let (id, text, sentAt, sentBy) = row
                return Broadcast(id: id, text: text, sentAt: sentAt.date, sentBy: sentBy)
            }
        }
    }

    public func stickerPrints() async throws -> [String: StickerPrint] {
        try await autocommit { connection in
            let rows = try await connection.rows("SELECT checkpointId, name, codeVersion, printedAt FROM stickerPrint",
                                                 as: (String, String, Int, StoredDate).self, logger: logger)
            return Dictionary(uniqueKeysWithValues: rows.map { id, name, version, printedAt in
                (id, StickerPrint(checkpointID: id, name: name, codeVersion: version, printedAt: printedAt.date))
            })
        }
    }

    public func recordStickerPrints(_ prints: [StickerPrint], audit: AuditRecord, at date: Date) async throws {
        try await write { connection in
            for print in prints {
                try await connection.run("""
                    INSERT INTO stickerPrint (checkpointId, name, codeVersion, printedAt)
                    VALUES (\(print.checkpointID), \(print.name), \(print.codeVersion), \(StoredDate(print.printedAt)))
                    ON CONFLICT (checkpointId) DO UPDATE SET name = excluded.name, codeVersion = excluded.codeVersion, printedAt = excluded.printedAt
                    """, logger: logger)
            }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
        }
    }

    /// The closures of every checkpoint, or of one, on the caller's connection.
    func closures(on connection: PostgresConnection, checkpointID: String? = nil) async throws -> [String: CheckpointClosure] {
        let rows = try await connection.rows("""
            SELECT checkpointId, note, closedAt, closedBy FROM checkpointClosure WHERE \(checkpointID)::text IS NULL OR checkpointId = \(checkpointID)
            """, as: (String, String, StoredDate, String).self, logger: logger)
        return Dictionary(uniqueKeysWithValues: rows.map { row in
            let (id, note, closedAt, closedBy) = row
            return (id, CheckpointClosure(note: note, closedAt: closedAt.date, closedBy: closedBy))
        })
    }
}
