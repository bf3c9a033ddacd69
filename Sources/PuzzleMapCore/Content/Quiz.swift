/// The four-point scale every quiz question is answered on.
public enum QuizAnswer: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
    case stronglyAgree = "strongly_agree"
    case agree
    case disagree
    case stronglyDisagree = "strongly_disagree"
}

/// One statement of the personality quiz, and what each answer says about the player.
public struct QuizQuestion: Hashable, Codable, Sendable, Identifiable {
    public var id: String
    public var text: String
    /// For each answer, the weight it adds to each trait.
    public var effects: [QuizAnswer: [String: Double]]

    public init(id: String, text: String, effects: [QuizAnswer: [String: Double]]) {
        self.id = id
        self.text = text
        self.effects = effects
    }
}
