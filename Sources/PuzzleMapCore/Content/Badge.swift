/// What a player must do to earn a badge.
public enum BadgeRule: Hashable, Codable, Sendable {
    /// Solve `count` riddles, optionally only of one category and/or at places with one tag.
    case solve(count: Int, category: Category?, tag: String?)
    /// Visit (solve or explore) every one of these checkpoints.
    case visit(checkpointIDs: [String])
    /// Solve `count` riddles without taking a hint.
    case hintless(count: Int)
    /// Solve `count` riddles in every category.
    case everyCategory(count: Int)
    /// Reach this level.
    case level(Int)
    /// Solve `count` crew riddles with the crew (each solve the player took part in).
    case crew(count: Int)
}

/// An achievement shown on a player's progress page; some unlock offers.
public struct Badge: Hashable, Codable, Sendable, Identifiable {
    public var id: String
    public var name: String
    public var description: String
    public var rule: BadgeRule

    public init(id: String, name: String, description: String, rule: BadgeRule) {
        self.id = id
        self.name = name
        self.description = description
        self.rule = rule
    }
}
