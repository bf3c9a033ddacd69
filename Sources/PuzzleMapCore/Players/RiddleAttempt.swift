import Foundation

/// A riddle a player holds: asked for, possibly with hints taken, until solved or given up.
/// Its `id` is what the player's app sees; the riddle and checkpoint ids stay on the server,
/// so an answer never gives the place away.
public struct RiddleAttempt: Hashable, Codable, Sendable, Identifiable {
    public enum Outcome: String, Codable, Sendable {
        case solved
        case givenUp = "given_up"
        /// Taken back because the content no longer plays the riddle (its place was retired,
        /// the riddle removed or moved): the player was told and may ask again at once.
        case released
    }

    public var id: Int64
    public var playerID: Int64
    public var riddleID: String
    public var checkpointID: String
    public var category: Category
    public var hintsUsed: Int
    public var startedAt: Date
    public var closedAt: Date?
    public var outcome: Outcome?

    public init(id: Int64, playerID: Int64, riddleID: String, checkpointID: String, category: Category, hintsUsed: Int,
                startedAt: Date, closedAt: Date?, outcome: Outcome?) {
        self.id = id
        self.playerID = playerID
        self.riddleID = riddleID
        self.checkpointID = checkpointID
        self.category = category
        self.hintsUsed = hintsUsed
        self.startedAt = startedAt
        self.closedAt = closedAt
        self.outcome = outcome
    }

    public var isActive: Bool { closedAt == nil }
}

/// A player's saved quiz: their answers and the profile they give.
public struct QuizResult: Hashable, Codable, Sendable {
    public var answers: [String: QuizAnswer]
    public var profile: TraitProfile
    public var takenAt: Date

    public init(answers: [String: QuizAnswer], profile: TraitProfile, takenAt: Date) {
        self.answers = answers
        self.profile = profile
        self.takenAt = takenAt
    }
}
