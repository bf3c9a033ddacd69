import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' watch over the running hunt: the live dashboard, players' reports with
/// their status, and the CSV exports. Every route is for organisers only.
struct OrganiserController {
    let services: HuntServices

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("admin/dashboard") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return DashboardView(try await services.hunt.dashboard(for: organiser), content: services.content)
        }
        router.get("admin/reports") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let status = try request.uri.queryParameters.get("status").map { text in
                guard let status = ReportStatus(rawValue: text) else { throw Problem.invalidReportStatus(text, status: .badRequest) }
                return status
            }
            let reports = try await services.hunt.reports(for: organiser, status: status)
            return ReportListView(reports: reports.map { OrganiserReportView($0, content: services.content) })
        }
        router.patch("admin/reports/:id") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: StatusChange.self, context: context)
            guard let status = ReportStatus(rawValue: body.status) else { throw Problem.invalidReportStatus(body.status, status: .unprocessableContent) }
            guard let id = context.parameters.get("id", as: Int64.self) else { throw ReportRefusal.reportNotFound }
            return OrganiserReportView(try await services.hunt.setReportStatus(id: id, to: status, by: organiser), content: services.content)
        }
        for kind in ExportKind.allCases {
            router.get("admin/exports/\(kind.rawValue).csv") { request, context in
                let organiser = try context.requireOrganiser(in: services.hunt)
                let query = request.uri.queryParameters
                let range = try CampusDateRange.parse(from: query.get("from"), to: query.get("to")).get()
                return Self.csvResponse(try await services.hunt.export(kind, range: range, partnerID: query.get("partner"), for: organiser))
            }
        }
    }

    struct StatusChange: Decodable {
        var status: String
    }

    /// A CSV file the browser saves rather than shows.
    static func csvResponse(_ file: ExportFile) -> Response {
        Response(status: .ok, headers: [
            .contentType: "text/csv; charset=utf-8; header=present",
            .contentDisposition: "attachment; filename=\"\(file.filename)\"",
            .cacheControl: "no-store",
        ], body: .init(byteBuffer: ByteBuffer(string: file.table.text)))
    }
}

extension Problem {
    static func invalidReportStatus(_ text: String, status: HTTPResponse.Status) -> Problem {
        Problem(status, code: .invalidReportStatus, values: ["status": text, "statuses": ReportStatus.allCases.map(\.rawValue).joined(separator: ", ")])
    }
}

/// The dashboard as the API answers it.
struct DashboardView: ResponseCodable {
    struct Players: Codable {
        var activeNow: Int
        var activeToday: Int
        var everActive: Int
        var signedUp: Int
    }
    struct Hour: Codable {
        var start: Date
        var label: String
        var signUps: Int
        var scans: Int
        var solves: Int
        var hints: Int
    }
    struct Checkpoint: Codable {
        var id: String
        var name: String
        var building: String
        var openNow: Bool
        var closedByOrganisers: Bool
        var lastScanAt: Date?
        var scans: Int
        var solves: Int
        var wrongPlace: Int
        var wrongPlaceRate: Double?
        var failedPhotos: Int
        var recentFailedPhotos: Int
        var pendingReports: Int
    }
    struct LookAt: Codable {
        var kind: Attention.Kind
        var checkpointId: String
        var checkpointName: String
        var count: Int
    }
    struct Thresholds: Codable {
        var quietCodeDays: Int
        var failedPhotoBurst: Int
        var failedPhotoBurstMinutes: Int
        var reportsBeforeAlert: Int
    }

    var generatedAt: Date
    var day: String
    var timeZone: String
    var players: Players
    var hours: [Hour]
    var checkpoints: [Checkpoint]
    var lookAt: [LookAt]
    var pendingReports: Int
    var unplacedFailedPhotos: Int
    var thresholds: Thresholds

    init(_ dashboard: HuntDashboard, content: CampusContent) {
        let names = Dictionary(uniqueKeysWithValues: content.checkpoints.map { ($0.id, $0.name) })
        let limits = content.rules.limits
        generatedAt = dashboard.generatedAt
        day = dashboard.day.description
        timeZone = content.timeZone.identifier
        players = Players(activeNow: dashboard.players.activeNow, activeToday: dashboard.players.activeToday,
                          everActive: dashboard.players.everActive, signedUp: dashboard.players.signedUp)
        hours = dashboard.hours.map {
            Hour(start: $0.start, label: $0.label, signUps: $0.signUps, scans: $0.scans, solves: $0.solves, hints: $0.hints)
        }
        checkpoints = dashboard.checkpoints.map {
            Checkpoint(id: $0.id, name: $0.name, building: $0.building, openNow: $0.openNow, closedByOrganisers: $0.closedByOrganisers,
                       lastScanAt: $0.lastScanAt, scans: $0.scans,
                       solves: $0.solves, wrongPlace: $0.wrongPlace, wrongPlaceRate: $0.wrongPlaceRate, failedPhotos: $0.failedPhotos,
                       recentFailedPhotos: $0.recentFailedPhotos, pendingReports: $0.pendingReports)
        }
        lookAt = dashboard.lookAt.map {
            LookAt(kind: $0.kind, checkpointId: $0.checkpointID, checkpointName: names[$0.checkpointID] ?? $0.checkpointID, count: $0.count)
        }
        pendingReports = dashboard.pendingReports
        unplacedFailedPhotos = dashboard.unplacedFailedPhotos
        thresholds = Thresholds(quietCodeDays: limits.quietCodeDays, failedPhotoBurst: limits.failedPhotoBurst,
                                failedPhotoBurstMinutes: limits.failedPhotoBurstMinutes, reportsBeforeAlert: limits.reportsBeforeAlert)
    }
}

/// A player's report as organisers see it: who sent it, about what and where, when, and where it stands.
struct OrganiserReportView: ResponseCodable {
    var id: Int64
    var kind: ProblemReport.Kind
    var checkpointId: String?
    var checkpointName: String?
    var text: String
    var context: String?
    /// The reporter's username; absent once they erased their account.
    var reporter: String?
    var createdAt: Date
    var status: ReportStatus
    var statusSetBy: String?
    var statusSetAt: Date?

    init(_ stored: StoredReport, content: CampusContent) {
        id = stored.id
        kind = stored.report.kind
        checkpointId = stored.report.checkpointID
        checkpointName = stored.report.checkpointID.flatMap { id in content.checkpoints.first { $0.id == id }?.name }
        text = stored.report.text
        context = stored.report.context
        reporter = stored.playerID == nil ? nil : stored.reporter
        createdAt = stored.createdAt
        status = stored.status
        statusSetBy = stored.statusSetBy
        statusSetAt = stored.statusSetAt
    }
}

struct ReportListView: ResponseCodable {
    var reports: [OrganiserReportView]
}
