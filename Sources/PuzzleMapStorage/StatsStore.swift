import Foundation

/// What organisers need to see to run the hunt, read straight from the database.
public struct HuntStatistics: Sendable, Codable {
    public struct CheckpointScans: Sendable, Codable {
        public var checkpoint: String
        public var outcomes: [String: Int]
        public var flagged: Int
    }
    public struct RiddleStats: Sendable, Codable {
        public var riddle: String
        public var solved: Int
        public var givenUp: Int
        public var hintsUsed: Int
        public var medianMinutesToSolve: Double?
    }
    public struct OfferStats: Sendable, Codable {
        public var offer: String
        public var issued: Int
        public var redeemed: Int
        public var left: Int
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
}

public protocol StatsStore: Sendable {
    func statistics(at date: Date) async throws -> HuntStatistics
}
