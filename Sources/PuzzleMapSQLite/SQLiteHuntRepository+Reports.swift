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
            return try Self.report(id: db.lastInsertedRowID, db) ?? StoredReport(id: db.lastInsertedRowID, playerID: playerID, report: report, createdAt: date)
        }
    }

    public func reports(limit: Int, status: ReportStatus?) async throws -> [StoredReport] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                \(Self.reportColumns) WHERE (? IS NULL OR r.status = ?) ORDER BY r.createdAt DESC, r.id DESC LIMIT ?
                """, arguments: [status?.rawValue, status?.rawValue, limit]).map(Self.storedReport)
        }
    }

    public func setReportStatus(id: Int64, to status: ReportStatus, by organiserID: Int64, audit: AuditRecord, at date: Date) async throws -> StoredReport? {
        try await database.write { db in
            try db.execute(sql: "UPDATE problemReport SET status = ?, statusSetBy = ?, statusSetAt = ? WHERE id = ?",
                           arguments: [status.rawValue, organiserID, date, id])
            guard db.changesCount == 1 else { return nil }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return try Self.report(id: id, db)
        }
    }

    /// A report with the usernames of its reporter and of whoever set its status.
    static let reportColumns = """
        SELECT r.id, r.playerId, r.kind, r.checkpointId, r.text, r.context, r.createdAt, r.status, r.statusSetAt,
               reporter.username AS reporterName, organiser.username AS organiserName
        FROM problemReport r
        LEFT JOIN player reporter ON reporter.id = r.playerId
        LEFT JOIN player organiser ON organiser.id = r.statusSetBy
        """

    static func report(id: Int64, _ db: Database) throws -> StoredReport? {
        try Row.fetchOne(db, sql: "\(reportColumns) WHERE r.id = ?", arguments: [id]).map(storedReport)
    }

    static func storedReport(_ row: Row) -> StoredReport {
        StoredReport(
            id: row["id"], playerID: row["playerId"],
            report: ProblemReport(kind: ProblemReport.Kind(rawValue: row["kind"]) ?? .other, checkpointID: row["checkpointId"],
                                  text: row["text"], context: row["context"]),
            createdAt: row["createdAt"], status: ReportStatus(rawValue: row["status"]) ?? .open, reporter: row["reporterName"],
            statusSetBy: row["organiserName"], statusSetAt: row["statusSetAt"])
    }
}
