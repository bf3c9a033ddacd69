import Foundation

/// What organisers need to see to run the hunt, read straight from the database.
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
    /// Players with a ledger event in the last seven days.
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
}

public protocol StatsStore: Sendable {
    func statistics(at date: Date) async throws -> HuntStatistics
}
