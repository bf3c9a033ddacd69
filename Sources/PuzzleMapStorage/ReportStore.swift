import Foundation
import PuzzleMapCore

/// Problem reports players send the organisers: damaged or missing stickers, wrong facts, bugs.
public protocol ReportStore: Sendable {
    /// Keeps a report, already checked by the game, and gives it back with its id.
    func saveReport(_ report: ProblemReport, playerID: Int64, at date: Date) async throws -> StoredReport
    /// The newest reports first, at most `limit`, only those with `status` if one is given; each
    /// with its reporter's username and who set its status.
    func reports(limit: Int, status: ReportStatus?) async throws -> [StoredReport]
    /// Sets a report's status, noting the organiser and when, and writes `audit` in the same
    /// transaction; the report as it now stands, or `nil` (and no audit line) if there is no such report.
    func setReportStatus(id: Int64, to status: ReportStatus, by organiserID: Int64, audit: AuditRecord, at date: Date) async throws -> StoredReport?
}

extension ReportStore {
    /// The newest reports first, whatever their status.
    public func reports(limit: Int) async throws -> [StoredReport] {
        try await reports(limit: limit, status: nil)
    }
}
