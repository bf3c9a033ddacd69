/// How hard a riddle is; it sets the riddle's reward.
public enum Difficulty: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
    case easy
    case medium
    case hard
}

/// A riddle describing one checkpoint without naming it.
public struct Riddle: Hashable, Codable, Sendable, Identifiable {
    /// Exactly this many hints per riddle, each easier than the one before.
    public static let hintCount = 3

    public var id: String
    public var checkpointID: String
    public var difficulty: Difficulty
    public var text: String
    /// The hint ladder; validated to hold exactly ``hintCount`` entries.
    public var hints: [String]
    /// The insider fact revealed when the riddle is solved.
    public var insider: String

    public init(
        id: String, checkpointID: String, difficulty: Difficulty, text: String,
        hints: [String], insider: String
    ) {
        self.id = id
        self.checkpointID = checkpointID
        self.difficulty = difficulty
        self.text = text
        self.hints = hints
        self.insider = insider
    }
}
