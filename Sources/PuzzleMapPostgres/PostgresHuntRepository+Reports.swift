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
            return try await self.report(id: id, connection) ?? StoredReport(id: id, playerID: playerID, report: report, createdAt: date)
        }
    }

    public func reports(limit: Int, status: ReportStatus?) async throws -> [StoredReport] {
        try await autocommit { connection in
            try await connection.rows("""
                \(unescaped: Self.reportColumns) WHERE (\(status?.rawValue)::text IS NULL OR r.status = \(status?.rawValue))
                ORDER BY r.createdAt DESC, r.id DESC LIMIT \(limit)
                """, as: ReportRow.self, logger: logger).map(Self.storedReport)
        }
    }

    public func setReportStatus(id: Int64, to status: ReportStatus, by organiserID: Int64, audit: AuditRecord, at date: Date) async throws -> StoredReport? {
        try await write { connection in
            guard try await connection.count("""
                UPDATE problemReport SET status = \(status.rawValue), statusSetBy = \(organiserID), statusSetAt = \(StoredDate(date))
                WHERE id = \(id) RETURNING id
                """, logger: logger) == 1
            else { return nil }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return try await report(id: id, connection)
        }
    }

    /// A report with the usernames of its reporter and of whoever set its status.
    static let reportColumns = """
        SELECT r.id, r.playerId, r.kind, r.checkpointId, r.text, r.context, r.createdAt, r.status, r.statusSetAt,
               reporter.username, organiser.username
        FROM problemReport r
        LEFT JOIN player reporter ON reporter.id = r.playerId
        LEFT JOIN player organiser ON organiser.id = r.statusSetBy
        """
    typealias ReportRow = (Int64, Int64?, String, String?, String, String?, StoredDate, String, StoredDate?, String?, String?)

    func report(id: Int64, _ connection: PostgresConnection) async throws -> StoredReport? {
        try await connection.row("\(unescaped: Self.reportColumns) WHERE r.id = \(id)", as: ReportRow.self, logger: logger).map(Self.storedReport)
    }

    static func storedReport(_ row: ReportRow) -> StoredReport {
        let (id, playerID, kind, checkpointID, text, context, createdAt, status, statusSetAt, reporter, organiser) = row
        return StoredReport(id: id, playerID: playerID,
                            report: ProblemReport(kind: ProblemReport.Kind(rawValue: kind) ?? .other, checkpointID: checkpointID, text: text,
                                                  context: context),
                            createdAt: createdAt.date, status: ReportStatus(rawValue: status) ?? .open, reporter: reporter,
                            statusSetBy: organiser, statusSetAt: statusSetAt?.date)
    }
}
