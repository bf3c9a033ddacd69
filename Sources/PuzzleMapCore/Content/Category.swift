/// The three kinds of place a riddle can lead to. A player picks one before asking for a riddle.
public enum Category: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable, Comparable {
    case lab
    case lecture
    case social

    public static func < (lhs: Category, rhs: Category) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
