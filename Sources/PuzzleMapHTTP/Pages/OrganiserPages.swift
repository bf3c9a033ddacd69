import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The organisers' pages: the live dashboard (which refreshes itself through `app.js`, and
/// offers a reload link without it), players' reports with their status, and the CSV exports.
/// The game decides; these render, as the API's `OrganiserController` does.
struct OrganiserPages {
    let services: HuntServices
    let library: PageLibrary

    /// How often the dashboard's script fetches it again.
    static let refreshSeconds = 20

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("console/dashboard") { _, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let dashboard = try await services.hunt.dashboard(for: organiser)
            return page(context).response("dashboard", title: library.text("dashboard.title"), DashboardPage(dashboard, pages: self))
        }
        router.get("console/reports") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let query = request.uri.queryParameters
            let status = query.get("status").flatMap(ReportStatus.init(rawValue:))
            let reports = try await services.hunt.reports(for: organiser, status: status)
            let notice = query.get("updated").flatMap(Int64.init).map { library.text("consoleReports.updated", ["id": "\($0)"]) }
            return page(context).response("console-reports", title: library.text("consoleReports.title"),
                                          ReportsPage(reports: reports, filter: status, notice: notice, pages: self))
        }
        router.post("console/reports/:id") { request, context in
            // The form's token first: a forged form is refused as such, whoever sends it.
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            guard let id = context.parameters.get("id", as: Int64.self) else { throw ReportRefusal.reportNotFound }
            guard let status = form["status"].flatMap(ReportStatus.init(rawValue:)) else {
                throw Problem.invalidReportStatus(form["status"] ?? "", status: .unprocessableContent)
            }
            _ = try await services.hunt.setReportStatus(id: id, to: status, by: organiser)
            let back = form["filter"].flatMap(ReportStatus.init(rawValue:)).map { "&status=\($0.rawValue)" } ?? ""
            return Response.seeOther("/console/reports?updated=\(id)\(back)#report-\(id)")
        }
        router.get("console/exports") { request, context in
            _ = try context.requireOrganiser(in: services.hunt)
            let query = request.uri.queryParameters
            return exportsPage(context, from: query.get("from"), to: query.get("to"), partner: query.get("partner"))
        }
        for kind in ExportKind.allCases {
            router.get("console/exports/\(kind.rawValue).csv") { request, context in
                let organiser = try context.requireOrganiser(in: services.hunt)
                let query = request.uri.queryParameters
                do {
                    let range = try CampusDateRange.parse(from: query.get("from"), to: query.get("to")).get()
                    return OrganiserController.csvResponse(try await services.hunt.export(kind, range: range, partnerID: query.get("partner"),
                                                                                          for: organiser))
                } catch let refusal as CampusDateRange.Refusal {
                    return exportsPage(context, from: query.get("from"), to: query.get("to"), partner: query.get("partner"), problem: Problem(refusal))
                } catch let refusal as ExportRefusal {
                    return exportsPage(context, from: query.get("from"), to: query.get("to"), partner: query.get("partner"), problem: Problem(refusal))
                }
            }
        }
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    /// The sections of the organisers' pages, the current one marked.
    func sections(current: String) -> [Section] {
        [("", "console.title"), ("/dashboard", "console.dashboard"), ("/reports", "console.reports"), ("/exports", "console.exports")].map { path, key in
            Section(href: "/console\(path)", label: library.text(key), current: "/\(current)" == path)
        }
    }

    struct Section {
        var href: String
        var label: String
        var current: Bool
    }

    // MARK: The dashboard

    struct DashboardPage {
        struct Figure {
            var value: Int
            var label: String
        }
        struct Line {
            var place: String
            var text: String
        }
        struct HourRow {
            var label: String
            var signUps: Int
            var scans: Int
            var solves: Int
            var hints: Int
        }
        struct PlaceRow {
            var name: String
            var building: String
            var open: String
            var openClass: String
            var lastScan: String
            var scans: Int
            var solves: Int
            var wrongPlace: String
            var failedPhotos: String
            var reports: Int
        }
        var sections: [Section]
        var refreshSeconds: Int
        var updated: String
        var players: [Figure]
        var lookAt: [Line]
        var hours: [HourRow]
        var places: [PlaceRow]
        var pendingReports: String
        var unplacedFailedPhotos: String

        init(_ dashboard: HuntDashboard, pages: OrganiserPages) {
            let library = pages.library
            let timeZone = pages.services.hunt.timeZone
            let now = dashboard.generatedAt
            sections = pages.sections(current: "dashboard")
            refreshSeconds = OrganiserPages.refreshSeconds
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone
            let clock = calendar.dateComponents([.hour, .minute, .second], from: now)
            updated = library.text("dashboard.updated", [
                "time": String(format: "%02d:%02d:%02d", clock.hour ?? 0, clock.minute ?? 0, clock.second ?? 0),
            ])
            players = [
                Figure(value: dashboard.players.activeNow, label: library.text("dashboard.activeNow")),
                Figure(value: dashboard.players.activeToday, label: library.text("dashboard.activeToday")),
                Figure(value: dashboard.players.everActive, label: library.text("dashboard.everActive")),
                Figure(value: dashboard.players.signedUp, label: library.text("dashboard.signedUp")),
            ]
            let names = Dictionary(uniqueKeysWithValues: dashboard.checkpoints.map { ($0.id, $0.name) })
            let burst = library.duration(minutes: pages.services.hunt.limits.failedPhotoBurstMinutes)
            lookAt = dashboard.lookAt.map { item in
                Line(place: names[item.checkpointID] ?? item.checkpointID,
                     text: library.text("dashboard.lookAt.\(item.kind.rawValue)", ["count": "\(item.count)", "window": burst]))
            }
            // The hours so far today, newest first, from the first that saw anything (or this one).
            let sofar = dashboard.hours.filter { $0.start <= now }
            let first = sofar.firstIndex { $0.signUps + $0.scans + $0.solves + $0.hints > 0 } ?? max(0, sofar.count - 1)
            hours = sofar[first...].reversed().map {
                HourRow(label: $0.label, signUps: $0.signUps, scans: $0.scans, solves: $0.solves, hints: $0.hints)
            }
            places = dashboard.checkpoints.map { place in
                PlaceRow(
                    name: place.name, building: place.building,
                    open: library.text(place.closedByOrganisers ? "dashboard.closedByOrganisers" : place.openNow ? "dashboard.open" : "dashboard.closed"),
                    openClass: place.openNow ? "open" : "shut",
                    lastScan: place.lastScanAt.map { OrganiserPages.ago($0, now: now, library: library) } ?? library.text("dashboard.ago.never"),
                    scans: place.scans, solves: place.solves,
                    wrongPlace: place.wrongPlaceRate.map { "\(Int(($0 * 100).rounded())) %" } ?? "–",
                    failedPhotos: library.text("dashboard.failedPhotos", ["all": "\(place.failedPhotos)", "lately": "\(place.recentFailedPhotos)"]),
                    reports: place.pendingReports)
            }
            pendingReports = library.text("dashboard.pendingReports", ["count": "\(dashboard.pendingReports)"])
            unplacedFailedPhotos = library.text("dashboard.unplacedFailedPhotos", ["count": "\(dashboard.unplacedFailedPhotos)"])
        }
    }

    /// How long ago, as an organiser glances at it: `just now`, `12 min ago`, `5 h ago`, `3 days ago`.
    static func ago(_ date: Date, now: Date, library: PageLibrary) -> String {
        let minutes = Int(max(0, now.timeIntervalSince(date)) / 60)
        if minutes < 1 { return library.text("dashboard.ago.justNow") }
        if minutes < 60 { return library.text("dashboard.ago.minutes", ["count": "\(minutes)"]) }
        if minutes < 48 * 60 { return library.text("dashboard.ago.hours", ["count": "\(minutes / 60)"]) }
        return library.text("dashboard.ago.days", ["count": "\(minutes / 1440)"])
    }

    // MARK: Reports

    struct ReportsPage {
        struct Filter {
            var href: String
            var label: String
            var current: Bool
        }
        struct Choice {
            var value: String
            var label: String
            var selected: Bool
        }
        struct Report {
            var id: Int64
            var kind: String
            var place: String?
            var text: String
            var context: String?
            var from: String
            var status: String
            var statusClass: String
            var setBy: String?
            var statuses: [Choice]
        }
        var sections: [Section]
        var filters: [Filter]
        var filter: String
        var reports: [Report]
        var notice: String?

        init(reports stored: [StoredReport], filter: ReportStatus?, notice: String?, pages: OrganiserPages) {
            let library = pages.library
            let timeZone = pages.services.hunt.timeZone
            let places = Dictionary(uniqueKeysWithValues: pages.services.content.checkpoints.map { ($0.id, $0.name) })
            sections = pages.sections(current: "reports")
            filters = [Filter(href: "/console/reports", label: library.text("consoleReports.all"), current: filter == nil)]
                + ReportStatus.allCases.map { status in
                    Filter(href: "/console/reports?status=\(status.rawValue)", label: library.text("consoleReports.status.\(status.rawValue)"),
                           current: status == filter)
                }
            self.filter = filter?.rawValue ?? ""
            reports = stored.map { report in
                let who = report.playerID == nil ? library.text("consoleReports.erased") : "@\(report.reporter ?? "")"
                return Report(
                    id: report.id, kind: library.text("report.kind.\(report.report.kind.rawValue)"),
                    place: report.report.checkpointID.map { places[$0] ?? $0 }, text: report.report.text, context: report.report.context,
                    from: library.text("consoleReports.from", ["who": who, "when": CampusDates.dayAndTime(report.createdAt, in: timeZone)]),
                    status: library.text("consoleReports.status.\(report.status.rawValue)"), statusClass: report.status.rawValue,
                    setBy: report.statusSetBy.flatMap { by in
                        report.statusSetAt.map { library.text("consoleReports.setBy", ["who": "@\(by)", "when": CampusDates.dayAndTime($0, in: timeZone)]) }
                    },
                    statuses: ReportStatus.allCases.map { status in
                        Choice(value: status.rawValue, label: library.text("consoleReports.status.\(status.rawValue)"), selected: status == report.status)
                    })
            }
            self.notice = notice
        }
    }

    // MARK: Exports

    struct ExportsPage {
        struct Partner {
            var id: String
            var name: String
            var selected: Bool
        }
        var sections: [Section]
        var from: String
        var to: String
        var partners: [Partner]
        var everyPartner: Bool
        var clock: String
        var problem: Problem?
    }

    /// The exports' form, filled in as sent (the last seven campus days by default), with why
    /// a download was refused if it was.
    private func exportsPage(_ context: AppRequestContext, from: String?, to: String?, partner: String?, problem: Problem? = nil) -> Response {
        let timeZone = services.hunt.timeZone
        let today = LocalDate(services.now(), in: timeZone)
        var weekAgo = today
        // Six days back and today: seven campus days.
        for _ in 0..<6 { weekAgo = LocalDate(weekAgo.interval(in: timeZone).start - 3600, in: timeZone) }
        let view = ExportsPage(
            sections: sections(current: "exports"), from: from ?? weekAgo.description, to: to ?? today.description,
            partners: services.content.partners.map { ExportsPage.Partner(id: $0.id, name: $0.name, selected: $0.id == partner) },
            everyPartner: partner.map(\.isEmpty) ?? true,
            clock: library.text("exports.clock", ["zone": timeZone.identifier]), problem: problem?.onPage)
        return page(context).response("exports", title: library.text("exports.title"), status: problem?.status ?? .ok, view)
    }
}
