import Foundation

/// What a store reads for the organisers' live dashboard, in one snapshot: the statistics'
/// figures (players active since the campus day began) and what happened today, instant by instant.
public struct DashboardFigures: Sendable {
    /// The same figures `puzzlemap stats` reads, with `activePlayers` counted since the day began.
    public var figures: HuntFigures
    /// Players who did something in the game (as `HuntFigures.activePlayers` counts) lately.
    public var activeNow: Int
    /// Players who ever did something in the game.
    public var everActive: Int
    /// When each player of today signed up, each scan was made, each riddle solved and each hint
    /// taken, since the day began.
    public var signUps: [Date]
    public var scans: [Date]
    public var solves: [Date]
    public var hints: [Date]
    /// The first content import: when the hunt began, as far as the database knows.
    public var huntStartedAt: Date?

    public init(figures: HuntFigures, activeNow: Int, everActive: Int, signUps: [Date], scans: [Date], solves: [Date], hints: [Date],
                huntStartedAt: Date?) {
        self.figures = figures
        self.activeNow = activeNow
        self.everActive = everActive
        self.signUps = signUps
        self.scans = scans
        self.solves = solves
        self.hints = hints
        self.huntStartedAt = huntStartedAt
    }
}

/// The organisers' live dashboard: who is playing, today hour by hour, each place's health and
/// what needs a look. Made from a store's `DashboardFigures` and the content, with no I/O.
public struct HuntDashboard: Sendable, Codable {
    public struct Players: Sendable, Codable, Equatable {
        /// Did something in the game in the last `HuntDashboard.activeNowWindow`.
        public var activeNow: Int
        /// ...since the campus day began.
        public var activeToday: Int
        /// ...ever.
        public var everActive: Int
        /// Player accounts, whether they played or not.
        public var signedUp: Int
    }

    public struct Hour: Sendable, Codable, Equatable {
        public var start: Date
        public var label: String
        public var signUps: Int
        public var scans: Int
        public var solves: Int
        public var hints: Int
    }

    public struct CheckpointHealth: Sendable, Codable, Equatable {
        public var id: String
        public var name: String
        public var building: String
        /// Open by its hours and not closed by the organisers.
        public var openNow: Bool
        /// Closed for now by an organiser (whatever its hours say).
        public var closedByOrganisers: Bool
        /// When its code was last read (any scan but a reused photo's).
        public var lastScanAt: Date?
        /// Scans that read its code (reused photos left out), and of those the solves and wrong places.
        public var scans: Int
        public var solves: Int
        public var wrongPlace: Int
        /// `wrongPlace / scans`; `nil` before the first scan.
        public var wrongPlaceRate: Double?
        /// Photos that gave no code near it (within `FailureAttribution.radiusMetres`), ever and
        /// within the burst window.
        public var failedPhotos: Int
        public var recentFailedPhotos: Int
        /// Its reports still open or in hand.
        public var pendingReports: Int
    }

    /// How recently a player must have played to count as active now.
    public static let activeNowWindow: TimeInterval = 15 * 60
    /// The outcome a reused photo's scan is logged with: the code was not read at the place.
    public static let reusedPhotoOutcome = "photo_already_used"

    public var generatedAt: Date
    /// The campus day the hours are of.
    public var day: LocalDate
    public var players: Players
    public var hours: [Hour]
    public var checkpoints: [CheckpointHealth]
    public var lookAt: [Attention]
    /// Reports still open or in hand, whatever they are about.
    public var pendingReports: Int
    /// Photos that gave no code far from every place, or sent without a location.
    public var unplacedFailedPhotos: Int

    /// `closed`: the places organisers closed for now.
    public init(_ data: DashboardFigures, content: CampusContent, closed: Set<String> = [], now: Date) {
        let timeZone = content.timeZone
        let limits = content.rules.limits
        let figures = data.figures
        generatedAt = now
        day = LocalDate(now, in: timeZone)
        players = Players(activeNow: data.activeNow, activeToday: figures.activePlayers, everActive: data.everActive, signedUp: figures.players)

        let campusHours = CampusHour.hours(of: day, in: timeZone)
        let (signUps, scans, solves, hints) = (CampusHour.counts(of: data.signUps, in: campusHours), CampusHour.counts(of: data.scans, in: campusHours),
                                               CampusHour.counts(of: data.solves, in: campusHours), CampusHour.counts(of: data.hints, in: campusHours))
        hours = campusHours.indices.map { index in
            Hour(start: campusHours[index].start, label: campusHours[index].label, signUps: signUps[index], scans: scans[index],
                 solves: solves[index], hints: hints[index])
        }

        let failedEver = FailureAttribution.count(at: figures.failures.map(\.location), places: figures.places)
        let windowStart = now - limits.failedPhotoBurstWindow
        let failedLately = FailureAttribution.count(at: figures.failures.filter { $0.at > windowStart }.map(\.location), places: figures.places)
        var outcomes: [String: [String: Int]] = [:]
        for count in figures.scans { outcomes[count.checkpoint, default: [:]][count.outcome, default: 0] += count.count }
        let inPlay = Set(figures.places.map(\.id))
        let places = content.checkpoints.filter { inPlay.contains($0.id) }
        checkpoints = places.map { checkpoint in
            let byOutcome = outcomes[checkpoint.id] ?? [:]
            let read = byOutcome.filter { $0.key != Self.reusedPhotoOutcome }.values.reduce(0, +)
            let wrongPlace = byOutcome["wrong_place"] ?? 0
            return CheckpointHealth(
                id: checkpoint.id, name: checkpoint.name, building: checkpoint.building,
                openNow: !closed.contains(checkpoint.id) && checkpoint.hours.isOpen(at: now, in: timeZone),
                closedByOrganisers: closed.contains(checkpoint.id), lastScanAt: figures.lastScans[checkpoint.id],
                scans: read, solves: byOutcome["solved"] ?? 0, wrongPlace: wrongPlace,
                wrongPlaceRate: read == 0 ? nil : Double(wrongPlace) / Double(read),
                failedPhotos: failedEver[checkpoint.id] ?? 0, recentFailedPhotos: failedLately[checkpoint.id] ?? 0,
                pendingReports: figures.pendingReportsByCheckpoint[checkpoint.id] ?? 0)
        }
        lookAt = LookAtThis.items(
            for: zip(places, checkpoints).map { checkpoint, health in
                LookAtThis.Place(id: checkpoint.id, hours: checkpoint.hours, lastScanAt: health.lastScanAt,
                                 recentFailedPhotos: health.recentFailedPhotos, pendingReports: health.pendingReports)
            },
            limits: limits, huntStartedAt: data.huntStartedAt, now: now, timeZone: timeZone)
        pendingReports = figures.pendingReports
        unplacedFailedPhotos = failedEver[FailureAttribution.unlocated] ?? 0
    }
}
