import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func saveReport(_ report: ProblemReport, playerID: Int64, at date: Date) async throws -> StoredReport {
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO problemReport (playerId, kind, checkpointId, text, context, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                """, arguments: [playerID, report.kind.rawValue, report.checkpointID, report.text, report.context, date])
            return StoredReport(id: db.lastInsertedRowID, playerID: playerID, report: report, createdAt: date)
        }
    }

    public func reports(limit: Int) async throws -> [StoredReport] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, playerId, kind, checkpointId, text, context, createdAt FROM problemReport ORDER BY createdAt DESC, id DESC LIMIT ?
                """, arguments: [limit]).map { row in
                StoredReport(
                    id: row["id"], playerID: row["playerId"],
                    report: ProblemReport(kind: ProblemReport.Kind(rawValue: row["kind"]) ?? .other, checkpointID: row["checkpointId"],
                                          text: row["text"], context: row["context"]),
                    createdAt: row["createdAt"])
            }
        }
    }
}
