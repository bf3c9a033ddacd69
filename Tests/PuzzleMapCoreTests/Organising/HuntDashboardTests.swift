import Foundation
import PuzzleMapCore
import Testing

/// The dashboard made from a store's figures and the content: the same figures the statistics
/// use, read for what an organiser watching the hunt needs.
@Suite struct HuntDashboardTests {
    /// Wednesday 18 November 2026, 12:30 in Glasgow.
    let now = try! Date("2026-11-18T12:30:00Z", strategy: .iso8601)
    let library = Coordinate(latitude: 55.8733, longitude: -4.2889)
    let chapel = Coordinate(latitude: 55.8721, longitude: -4.2882)

    func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    var content: CampusContent {
        var libraryPlace = GameFixtures.checkpoint("university-library", "University Library", .lecture, tags: [])
        libraryPlace.coordinate = library
        libraryPlace.hours = OpeningHours(weekly: [.wed: [TimeRange(parsing: "08:00-12:00")!]])
        var chapelPlace = GameFixtures.checkpoint("memorial-chapel", "Memorial Chapel", .lecture, tags: [])
        chapelPlace.coordinate = chapel
        return CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                             checkpoints: [libraryPlace, chapelPlace], riddles: [], quiz: [], rules: GameFixtures.rules, badges: [],
                             partners: [], offers: [])
    }

    func figures(failures: [HuntFigures.FailedPhoto] = [], lastScans: [String: Date] = [:], pending: [String: Int] = [:]) -> DashboardFigures {
        DashboardFigures(
            figures: HuntFigures(
                players: 40, activePlayers: 12,
                scans: [.init(checkpoint: "university-library", outcome: "solved", count: 6, flagged: 0),
                        .init(checkpoint: "university-library", outcome: "wrong_place", count: 3, flagged: 1),
                        .init(checkpoint: "university-library", outcome: "photo_already_used", count: 5, flagged: 5),
                        .init(checkpoint: "university-library", outcome: "explored", count: 1, flagged: 0)],
                riddles: [], offers: [],
                places: [(id: "university-library", coordinate: library), (id: "memorial-chapel", coordinate: chapel)],
                failures: failures, lastScans: lastScans, pendingReportsByCheckpoint: pending, pendingReports: pending.values.reduce(1, +)),
            activeNow: 3, everActive: 30,
            signUps: [instant("2026-11-18T09:10:00Z"), instant("2026-11-18T09:50:00Z")],
            scans: [instant("2026-11-18T00:00:00Z"), instant("2026-11-18T12:29:59Z")],
            solves: [instant("2026-11-18T12:00:00Z")], hints: [instant("2026-11-18T11:59:59Z")],
            huntStartedAt: instant("2026-11-16T09:00:00Z"))
    }

    @Test func playersAndTodaysHoursComeStraightFromTheFigures() {
        let dashboard = HuntDashboard(figures(), content: content, now: now)
        let players = dashboard.players
        #expect(players.activeNow == 3 && players.activeToday == 12 && players.everActive == 30 && players.signedUp == 40)
        #expect(dashboard.day == LocalDate(year: 2026, month: 11, day: 18))
        #expect(dashboard.hours.count == 24)
        #expect(dashboard.hours[9].label == "09:00" && dashboard.hours[9].signUps == 2)
        #expect(dashboard.hours.map(\.scans).enumerated().filter { $0.element > 0 }.map(\.offset) == [0, 12])
        #expect(dashboard.hours[12].solves == 1 && dashboard.hours[11].hints == 1)
        #expect(dashboard.hours.reduce(0) { $0 + $1.signUps + $1.scans + $1.solves + $1.hints } == 6)
    }

    @Test func eachPlacesHealthLeavesReusedPhotosOutOfItsScans() throws {
        let lastScan = instant("2026-11-18T10:00:00Z")
        let dashboard = HuntDashboard(figures(lastScans: ["university-library": lastScan], pending: ["memorial-chapel": 2]), content: content, now: now)
        #expect(dashboard.checkpoints.map(\.id) == ["university-library", "memorial-chapel"])
        let library = dashboard.checkpoints[0]
        #expect(library.scans == 10 && library.solves == 6 && library.wrongPlace == 3)
        #expect(library.wrongPlaceRate == 0.3)
        #expect(library.lastScanAt == lastScan)
        #expect(!library.openNow)  // Wednesdays 08:00-12:00, and it is 12:30
        let chapel = dashboard.checkpoints[1]
        #expect(chapel.scans == 0 && chapel.wrongPlaceRate == nil && chapel.lastScanAt == nil && chapel.openNow)
        #expect(chapel.pendingReports == 2)
        #expect(dashboard.pendingReports == 3)
    }

    @Test func aPlaceOrganisersClosedIsNotOpenNowWhateverItsHours() {
        let dashboard = HuntDashboard(figures(), content: content, closed: ["memorial-chapel"], now: now)
        let chapel = dashboard.checkpoints[1]
        #expect(chapel.id == "memorial-chapel" && !chapel.openNow && chapel.closedByOrganisers)
        #expect(!dashboard.checkpoints[0].closedByOrganisers)
    }

    @Test func failedPhotosCountAgainstTheNearestPlaceEverAndWithinTheBurstWindow() {
        let nearLibrary = Coordinate(latitude: library.latitude + 0.0003, longitude: library.longitude)  // about 33 m
        let farAway = Coordinate(latitude: library.latitude + 0.01, longitude: library.longitude)
        let windowStart = now - 3600
        let failures = [
            HuntFigures.FailedPhoto(location: nearLibrary, at: instant("2026-11-17T10:00:00Z")),  // yesterday
            HuntFigures.FailedPhoto(location: nearLibrary, at: windowStart),  // exactly an hour ago: outside
        ] + (0..<5).map { HuntFigures.FailedPhoto(location: library, at: windowStart + Double($0 + 1)) }
            + [HuntFigures.FailedPhoto(location: farAway, at: now), HuntFigures.FailedPhoto(location: nil, at: now)]
        let dashboard = HuntDashboard(figures(failures: failures, lastScans: ["university-library": now, "memorial-chapel": now]),
                                      content: content, now: now)
        #expect(dashboard.checkpoints[0].failedPhotos == 7 && dashboard.checkpoints[0].recentFailedPhotos == 5)
        #expect(dashboard.checkpoints[1].failedPhotos == 0)
        #expect(dashboard.unplacedFailedPhotos == 2)
        #expect(dashboard.lookAt == [Attention(kind: .failedPhotos, checkpointID: "university-library", count: 5)])
    }

    @Test func theLookAtListUsesTheContentsThresholdsAndTheHuntsStart() {
        // Never scanned since Monday 16th: only Tuesday is a whole day since, under the default 3.
        #expect(HuntDashboard(figures(), content: content, now: now).lookAt.isEmpty)
        var strict = content
        strict.rules.limits.quietCodeDays = 1
        strict.rules.limits.reportsBeforeAlert = 2
        let dashboard = HuntDashboard(figures(pending: ["memorial-chapel": 2]), content: strict, now: now)
        // The library opens on Wednesdays only: Tuesday does not count for it.
        #expect(dashboard.lookAt == [Attention(kind: .manyReports, checkpointID: "memorial-chapel", count: 2),
                                     Attention(kind: .quietCode, checkpointID: "memorial-chapel", count: 1)])
    }

    @Test func placesOutOfPlayAreLeftOut() {
        var data = figures()
        data.figures.places = [(id: "memorial-chapel", coordinate: chapel)]
        #expect(HuntDashboard(data, content: content, now: now).checkpoints.map(\.id) == ["memorial-chapel"])
    }
}
