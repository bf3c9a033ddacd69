import Foundation

/// What organisers need to see to run the hunt, made from the figures a store counts.
public struct HuntStatistics: Sendable, Codable {
    public struct CheckpointScans: Sendable, Codable {
        public var checkpoint: String
        public var outcomes: [String: Int]
        public var flagged: Int

        public init(checkpoint: String, outcomes: [String: Int], flagged: Int) {
            self.checkpoint = checkpoint
            self.outcomes = outcomes
            self.flagged = flagged
        }
    }
    public struct RiddleStats: Sendable, Codable {
        public var riddle: String
        public var solved: Int
        public var givenUp: Int
        public var hintsUsed: Int
        public var medianMinutesToSolve: Double?

        public init(riddle: String, solved: Int, givenUp: Int, hintsUsed: Int, medianMinutesToSolve: Double?) {
            self.riddle = riddle
            self.solved = solved
            self.givenUp = givenUp
            self.hintsUsed = hintsUsed
            self.medianMinutesToSolve = medianMinutesToSolve
        }
    }
    public struct OfferStats: Sendable, Codable {
        public var offer: String
        public var issued: Int
        public var redeemed: Int
        public var left: Int

        public init(offer: String, issued: Int, redeemed: Int, left: Int) {
            self.offer = offer
            self.issued = issued
            self.redeemed = redeemed
            self.left = left
        }
    }

    public var players: Int
    /// Players who did something in the game (see ``HuntFigures/activePlayers``) in the last seven days.
    public var activePlayers: Int
    public var scansByCheckpoint: [CheckpointScans]
    public var riddles: [RiddleStats]
    public var offers: [OfferStats]
    public var flaggedScans: Int
    /// Photos that gave no code, by the checkpoint nearest (within 75 m) to where the phone said
    /// it was; `unlocated` for those sent without a location.
    public var decodeFailuresByCheckpoint: [String: Int]

    public init(players: Int, activePlayers: Int, scansByCheckpoint: [CheckpointScans], riddles: [RiddleStats], offers: [OfferStats],
                flaggedScans: Int, decodeFailuresByCheckpoint: [String: Int]) {
        self.players = players
        self.activePlayers = activePlayers
        self.scansByCheckpoint = scansByCheckpoint
        self.riddles = riddles
        self.offers = offers
        self.flaggedScans = flaggedScans
        self.decodeFailuresByCheckpoint = decodeFailuresByCheckpoint
    }

    /// How recently a player must have played to count as active.
    public static let activeWindow: TimeInterval = 7 * 86_400

    /// The statistics from the raw counts: scans grouped by place, the median solve time,
    /// stock left, and photos that gave no code attributed to the nearest place.
    public init(_ figures: HuntFigures) {
        var scans: [String: CheckpointScans] = [:]
        for count in figures.scans {
            scans[count.checkpoint, default: CheckpointScans(checkpoint: count.checkpoint, outcomes: [:], flagged: 0)]
                .outcomes[count.outcome, default: 0] += count.count
            scans[count.checkpoint]?.flagged += count.flagged
        }
        self.init(
            players: figures.players, activePlayers: figures.activePlayers,
            scansByCheckpoint: scans.values.sorted { $0.checkpoint < $1.checkpoint },
            riddles: figures.riddles.sorted { $0.riddle < $1.riddle }.map { riddle in
                RiddleStats(riddle: riddle.riddle, solved: riddle.solved, givenUp: riddle.givenUp, hintsUsed: riddle.hintsUsed,
                            medianMinutesToSolve: Self.median(riddle.solveDurations.map { $0 / 60 }))
            },
            offers: figures.offers.sorted { $0.offer < $1.offer }.map { offer in
                OfferStats(offer: offer.offer, issued: offer.issued, redeemed: offer.redeemed, left: max(0, offer.stock - offer.issued))
            },
            flaggedScans: figures.scans.reduce(0) { $0 + $1.flagged },
            decodeFailuresByCheckpoint: FailureAttribution.count(at: figures.failures.map(\.location), places: figures.places))
    }

    static func median(_ values: [Double]) -> Double? {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return nil }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// The raw counts behind the organisers' statistics, read by a store in one snapshot.
public struct HuntFigures: Sendable {
    /// Scans of one outcome at one place.
    public struct ScanCount: Sendable {
        public var checkpoint: String
        public var outcome: String
        public var count: Int
        public var flagged: Int

        public init(checkpoint: String, outcome: String, count: Int, flagged: Int) {
            self.checkpoint = checkpoint
            self.outcome = outcome
            self.count = count
            self.flagged = flagged
        }
    }
    /// One riddle's attempts, and how long each solve took.
    public struct RiddleCount: Sendable {
        public var riddle: String
        public var solved: Int
        public var givenUp: Int
        public var hintsUsed: Int
        public var solveDurations: [TimeInterval]

        public init(riddle: String, solved: Int, givenUp: Int, hintsUsed: Int, solveDurations: [TimeInterval]) {
            self.riddle = riddle
            self.solved = solved
            self.givenUp = givenUp
            self.hintsUsed = hintsUsed
            self.solveDurations = solveDurations
        }
    }
    /// One offer's stock and what became of it.
    public struct OfferCount: Sendable {
        public var offer: String
        public var stock: Int
        public var issued: Int
        public var redeemed: Int

        public init(offer: String, stock: Int, issued: Int, redeemed: Int) {
            self.offer = offer
            self.stock = stock
            self.issued = issued
            self.redeemed = redeemed
        }
    }

    /// A photo that gave no code: when, and where the phone said it was, if it did.
    public struct FailedPhoto: Sendable, Hashable {
        public var location: Coordinate?
        public var at: Date

        public init(location: Coordinate?, at: Date) {
            self.location = location
            self.at = at
        }
    }

    /// Live accounts of the player role.
    public var players: Int
    /// Players who did something in the game since the active window began: a ledger event, a
    /// scan, a photo that gave no code, a riddle taken or a hint.
    public var activePlayers: Int
    public var scans: [ScanCount]
    public var riddles: [RiddleCount]
    public var offers: [OfferCount]
    /// Checkpoints still in play, in the store's own order (which decides between equidistant ones).
    public var places: [(id: String, coordinate: Coordinate)]
    /// Each photo that gave no code, oldest first.
    public var failures: [FailedPhoto]
    /// When each place's code was last read (any scan but a reused photo's).
    public var lastScans: [String: Date]
    /// Reports still open or in hand, by the place they name (reports naming none are left out).
    public var pendingReportsByCheckpoint: [String: Int]
    /// Reports still open or in hand, all of them.
    public var pendingReports: Int

    public init(players: Int, activePlayers: Int, scans: [ScanCount], riddles: [RiddleCount], offers: [OfferCount],
                places: [(id: String, coordinate: Coordinate)], failures: [FailedPhoto], lastScans: [String: Date] = [:],
                pendingReportsByCheckpoint: [String: Int] = [:], pendingReports: Int = 0) {
        self.players = players
        self.activePlayers = activePlayers
        self.scans = scans
        self.riddles = riddles
        self.offers = offers
        self.places = places
        self.failures = failures
        self.lastScans = lastScans
        self.pendingReportsByCheckpoint = pendingReportsByCheckpoint
        self.pendingReports = pendingReports
    }
}
