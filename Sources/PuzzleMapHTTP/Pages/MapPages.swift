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
                    facts: entry.checkpoint.facts,
                    solved: library.text("journal.solved", ["date": CampusDates.day(entry.solvedAt, in: services.hunt.timeZone), "xp": "\(entry.xp)"]))
            }))
        }
        router.get("map") { _, context in
            let identity = try context.requirePlayer()
            guard try await services.hunt.hasTakenQuiz(playerID: identity.playerID) else { return Response.seeOther("/quiz") }
            let places = try await services.hunt.map(playerID: identity.playerID, playVersion: identity.playVersion)
            return page(context).response("map", title: library.text("map.title"), MapView(places, library: library))
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
        /// How a position on campus lands on the plan, for the phone to draw "you are here"
        /// (its location never leaves the phone): the projection's numbers, space-separated.
        var projection: String

        init(_ places: [MapPlace], library: PageLibrary) {
            let plan = MapPlan(places.map(\.coordinate))
            projection = plan.projection.map { String(format: "%.9g", $0) }.joined(separator: " ")
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
                    facts: place.facts ?? [], closedNote: place.closure?.note,
                    x: String(format: "%.1f", point.x), y: String(format: "%.1f", point.y), labelY: String(format: "%.1f", point.y + 4),
                    report: "/report?kind=sticker_damaged&place=\(PageForm.escapeQuery(reported))",
                    reportLabel: checkpoint.map { library.text("map.report", ["place": $0.name]) }
                        ?? library.text("map.reportUnfound", ["number": "\(place.number)"]),
                    isOpen: place.isOpenNow && !place.isClosedByOrganisers)
            }
        }
    }
}

/// The places' coordinates on a small plan: an equirectangular projection (a campus is small
/// enough for it), scaled to fit the drawing with a margin, north up.
struct MapPlan {
    static let width = 320.0
    static let height = 240.0
    static let margin = 18.0

    var points: [(x: Double, y: Double)]
    /// x = offsetX + (longitude × shrink − minX) × scale, y = height − offsetY − (latitude − minY) × scale,
    /// and a unit of the plan is `metresPerUnit` on the ground: [shrink, minX, minY, scale, offsetX, offsetY, metresPerUnit].
    var projection: [Double] = []

    init(_ coordinates: [Coordinate]) {
        guard let first = coordinates.first else { points = []; return }
        let shrink = cos(first.latitude * .pi / 180)
        let xs = coordinates.map { $0.longitude * shrink }, ys = coordinates.map(\.latitude)
        let (minX, maxX, minY, maxY) = (xs.min()!, xs.max()!, ys.min()!, ys.max()!)
        let spanX = max(maxX - minX, 1e-9), spanY = max(maxY - minY, 1e-9)
        let scale = min((Self.width - 2 * Self.margin) / spanX, (Self.height - 2 * Self.margin) / spanY)
        // Centre the drawing in whichever direction it does not fill.
        let offsetX = (Self.width - spanX * scale) / 2, offsetY = (Self.height - spanY * scale) / 2
        // A degree of latitude is 111.2 km on the mean Earth; x is in the same measure.
        projection = [shrink, minX, minY, scale, offsetX, offsetY, 111_195 / scale]
        points = []
        points = coordinates.map { point($0)! }
    }

    /// Where a position on campus lands on the plan (off it when outside the places' span).
    func point(_ coordinate: Coordinate) -> (x: Double, y: Double)? {
        guard projection.count == 7 else { return nil }
        let (shrink, minX, minY, scale, offsetX, offsetY) = (projection[0], projection[1], projection[2], projection[3], projection[4], projection[5])
        return (offsetX + (coordinate.longitude * shrink - minX) * scale, Self.height - offsetY - (coordinate.latitude - minY) * scale)
    }
}
