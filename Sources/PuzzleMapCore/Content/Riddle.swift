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
    /// The riddle's words in other languages, by language tag (`zh`); `nil` when it has none
    /// (so content without translations keeps its fingerprint).
    public var translations: [String: Words]?

    /// What a player reads of a riddle, in one language.
    public struct Words: Hashable, Codable, Sendable {
        public var text: String
        public var hints: [String]
        public var insider: String

        public init(text: String, hints: [String], insider: String) {
            self.text = text
            self.hints = hints
            self.insider = insider
        }
    }

    public init(
        id: String, checkpointID: String, difficulty: Difficulty, text: String,
        hints: [String], insider: String, translations: [String: Words]? = nil
    ) {
        self.id = id
        self.checkpointID = checkpointID
        self.difficulty = difficulty
        self.text = text
        self.hints = hints
        self.insider = insider
        self.translations = translations
    }

    /// The riddle in the organiser's words alone, as the stores keep it.
    public var withoutTranslations: Riddle {
        var riddle = self
        riddle.translations = nil
        return riddle
    }

    /// The riddle as a reader of `language` reads it: its translation's words where the
    /// content has one, else the organiser's.
    public func reading(in language: String) -> Riddle {
        guard let words = translations?[language] else { return self }
        var translated = self
        (translated.text, translated.hints, translated.insider) = (words.text, words.hints, words.insider)
        return translated
    }
}
