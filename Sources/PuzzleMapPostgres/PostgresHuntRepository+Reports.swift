import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func saveReport(_ report: ProblemReport, playerID: Int64, at date: Date) async throws -> StoredReport {
        try await autocommit { connection in
            let id = try await connection.returned("""
                INSERT INTO problemReport (playerId, kind, checkpointId, text, context, createdAt)
                VALUES (\(playerID), \(report.kind.rawValue), \(report.checkpointID), \(report.text), \(report.context), \(StoredDate(date)))
                RETURNING id
                """, as: Int64.self, from: "problemReport", logger: logger)
            return StoredReport(id: id, playerID: playerID, report: report, createdAt: date)
        }
    }

    public func reports(limit: Int) async throws -> [StoredReport] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT id, playerId, kind, checkpointId, text, context, createdAt FROM problemReport ORDER BY createdAt DESC, id DESC LIMIT \(limit)
                """, as: (Int64, Int64?, String, String?, String, String?, StoredDate).self, logger: logger).map { row in
                let (id, playerID, kind, checkpointID, text, context, createdAt) = row
                return StoredReport(id: id, playerID: playerID,
                                    report: ProblemReport(kind: ProblemReport.Kind(rawValue: kind) ?? .other, checkpointID: checkpointID, text: text,
                                                          context: context),
                                    createdAt: createdAt.date)
            }
        }
    }
}
