import Foundation
import PuzzleMapCore
import PuzzleMapStorage

extension Hunt {
    /// The organisers' live dashboard as it stands now: players active now, today and ever; today
    /// hour by hour on the campus clock; each place's health; and what needs a look.
    public func dashboard(for organiser: Organiser) async throws -> HuntDashboard {
        let now = now()
        let today = LocalDate(now, in: timeZone).interval(in: timeZone)
        let figures = try await repository.dashboardFigures(dayStart: today.start, activeNowSince: now - HuntDashboard.activeNowWindow)
        return HuntDashboard(figures, content: content, closed: Set(try await liveNotices().closures.keys), now: now)
    }

    /// Players' reports, newest first, only those with `status` if one is given.
    public func reports(for organiser: Organiser, status: ReportStatus?, limit: Int = 200) async throws -> [StoredReport] {
        try await repository.reports(limit: limit, status: status)
    }

    /// Sets where a report stands, naming the organiser who did, with its audit line in the same
    /// transaction; `reportNotFound` if there is no such report.
    public func setReportStatus(id: Int64, to status: ReportStatus, by organiser: Organiser) async throws -> StoredReport {
        let audit = organiser.record(.reportStatusSet, subject: "report:\(id)", detail: status.rawValue)
        guard let report = try await repository.setReportStatus(id: id, to: status, by: organiser.account.player.id, audit: audit, at: now()) else {
            throw ReportRefusal.reportNotFound
        }
        return report
    }
}
