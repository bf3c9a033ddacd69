import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The journal of solved riddles and the map of every place in play, drawn as a plan from the
/// places' coordinates (no tile server). The game decides what the player has found; these render.
struct MapPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("journal") { _, context in
            let identity = try context.requirePlayer()
            let entries = try await services.hunt.journal(playerID: identity.playerID)
            return page(context).response("journal", title: library.text("journal.title"), JournalView(entries: entries.map { written in
                var entry = written
                entry.riddle = library.reading(entry.riddle)
                return JournalView.Entry(
                    place: entry.checkpoint.name, building: entry.checkpoint.building, riddle: entry.riddle.text, insider: entry.riddle.insider,
                    facts: library.reading(entry.checkpoint).facts,
                    solved: library.text("journal.solved", ["date": CampusDates.day(entry.solvedAt, in: services.hunt.timeZone), "xp": "\(entry.xp)"]))
            }))
        }
        router.get("map") { _, context in
            let identity = try context.requirePlayer()
            guard try await services.hunt.hasTakenQuiz(playerID: identity.playerID) else { return Response.seeOther("/quiz") }
            let places = try await services.hunt.map(playerID: identity.playerID, playVersion: identity.playVersion)
            return page(context).response("map", title: library.text("map.title"),
                                          MapView(places, plan: try await services.hunt.campusPlan(), library: library))
        }
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    struct JournalView {
        struct Entry {
            var place: String
            var building: String
            var riddle: String
            var insider: String
            var facts: [String]
            var solved: String
        }
        var entries: [Entry]
    }

    /// The map as the game gives it: a card and pin per place, named and described once the
    /// player has found it, and only numbered before.
    struct MapView {
        struct Place {
            var number: Int
            /// The place's name once found; "Place 3" before.
            var name: String
            /// Building and floor, once found.
            var whereabouts: String?
            var status: String
            var statusClass: String
            var hours: String
            var openClass: String
            /// The weekly timetable, once found.
            var timetable: String?
            var facts: [String]
            /// The organisers' note while they have closed the place, once found.
            var closedNote: String?
            var x: String
            var y: String
            var labelY: String
            var report: String
            var reportLabel: String
            /// Open now: the phone may say how far it is.
            var isOpen: Bool
        }
        var places: [Place]
        /// How a position on campus lands on the plan (``MapPlan/projectionText``).
        var projection: String
        var viewBox: String
        var height: String
        /// The organisers' own plan, drawn under the places.
        var picture: String?
        /// What the colours mean, and which way the plan runs (north up only on the drawn plan).
        var key: String

        init(_ places: [MapPlace], plan campusPlan: CampusPlan?, library: PageLibrary) {
            let plan = MapPlan(places.map(\.coordinate), plan: campusPlan)
            (projection, viewBox, height, picture) = (plan.projectionText, plan.viewBox, plan.heightText, plan.picture)
            key = library.text(plan.picture == nil ? "map.key" : "map.keyOnPlan")
            self.places = places.enumerated().map { index, place in
                let checkpoint = place.checkpoint
                let point = plan.points[index]
                let hours: String = if place.isClosedByOrganisers {
                    library.text("map.closedByOrganisers")
                } else if place.isOpenNow {
                    library.text("map.openNow")
                } else if let next = place.nextOpening {
                    next.daysAhead == 0
                        ? library.text("map.opensAt", ["time": next.time.description])
                        : library.text("map.opensOn", ["day": CampusDates.weekdayName(next.weekday), "time": next.time.description])
                } else {
                    library.text("map.closed")
                }
                // A sticker report names a found place; one not found yet goes by its number.
                let reported = checkpoint?.id ?? "\(place.number)"
                return Place(
                    number: place.number, name: checkpoint?.name ?? library.text("map.unfoundPlace", ["number": "\(place.number)"]),
                    whereabouts: checkpoint.map { library.text("map.whereabouts", ["building": $0.building, "floor": "\($0.floor)"]) },
                    status: library.text("map.status.\(place.status.rawValue)"), statusClass: "status-\(place.status.rawValue)",
                    hours: hours, openClass: place.isOpenNow ? "open" : "shut", timetable: checkpoint.map { CampusDates.timetable($0.hours) },
                    facts: checkpoint.map { library.reading($0).facts } ?? [], closedNote: place.closure?.note,
                    x: String(format: "%.1f", point.x), y: String(format: "%.1f", point.y), labelY: String(format: "%.1f", point.y + 4),
                    report: "/report?kind=sticker_damaged&place=\(PageForm.escapeQuery(reported))",
                    reportLabel: checkpoint.map { library.text("map.report", ["place": $0.name]) }
                        ?? library.text("map.reportUnfound", ["number": "\(place.number)"]),
                    isOpen: place.isOpenNow && !place.isClosedByOrganisers)
            }
        }
    }
}

/// The plan the map draws: the organisers' own picture once it is pinned to campus, or else a
/// plan drawn from the places' coordinates (an equirectangular projection, as a campus is small
/// enough for it, scaled to fit with a margin, north up). Either is 320 units wide.
struct MapPlan {
    static let width = 320.0
    static let drawnHeight = 240.0
    static let margin = 18.0

    /// 240 for the drawn plan; as tall as the picture's shape makes it.
    var height: Double
    /// The organisers' picture, drawn under the places.
    var picture: String?
    var projection: PlanProjection?
    var points: [(x: Double, y: Double)]

    init(_ coordinates: [Coordinate], plan: CampusPlan?) {
        if let plan, let pinned = plan.projection {
            let scale = Self.width / Double(plan.width)
            (height, picture, projection) = (Double(plan.height) * scale, CampusPlanController.pictureAddress(plan), pinned.scaled(by: scale))
        } else {
            (height, picture, projection) = (Self.drawnHeight, nil, Self.drawn(coordinates))
        }
        // No projection only without places, so no points.
        points = projection.map { projection in coordinates.map(projection.point) } ?? []
    }

    /// The drawn plan's projection: the places' span fitted to the drawing, centred where it
    /// does not fill it; `nil` without places.
    private static func drawn(_ coordinates: [Coordinate]) -> PlanProjection? {
        guard let first = coordinates.first else { return nil }
        let shrink = cos(first.latitude * .pi / 180)
        let xs = coordinates.map { $0.longitude * shrink }, ys = coordinates.map(\.latitude)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        let spanX = max(maxX - minX, 1e-9), spanY = max(maxY - minY, 1e-9)
        let scale = min((width - 2 * margin) / spanX, (drawnHeight - 2 * margin) / spanY)
        let offsetX = (width - spanX * scale) / 2, offsetY = (drawnHeight - spanY * scale) / 2
        return PlanProjection(a: scale, b: 0, c: offsetX - minX * scale, d: 0, e: -scale, f: drawnHeight - offsetY + minY * scale, shrink: shrink)
    }

    /// Where a position on campus lands on the plan (off it when outside).
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double)? { projection?.point(coordinate) }

    /// The projection for the phone, to draw "you are here" (its location never leaves the
    /// phone) and read a tap as a position: x = a·X + b·Y + c, y = d·X + e·Y + f with X the
    /// longitude times `shrink` and Y the latitude, then the metres a unit covers, space-separated.
    var projectionText: String {
        guard let p = projection else { return "" }
        return [p.a, p.b, p.c, p.d, p.e, p.f, p.shrink, p.metresPerUnit].map { String(format: "%.12g", $0) }.joined(separator: " ")
    }

    var viewBox: String { "0 0 320 \(String(format: "%.1f", height))" }
    var heightText: String { String(format: "%.1f", height) }
}
