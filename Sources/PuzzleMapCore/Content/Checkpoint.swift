/// A place on campus where a QR code is stuck up, and which riddles lead to.
public struct Checkpoint: Hashable, Codable, Sendable, Identifiable {
    /// Stable identifier (kebab-case); printed codes and players' history refer to it.
    public var id: String
    public var name: String
    public var category: Category
    public var building: String
    /// 0 is the ground floor, negative numbers are basements.
    public var floor: Int
    public var coordinate: Coordinate
    public var hours: OpeningHours
    /// Trait tags matched against a player's quiz profile (`coffee`, `science`, ...).
    public var tags: [String]
    /// Public facts, shown on the map once the place is visited.
    public var facts: [String]

    public init(
        id: String, name: String, category: Category, building: String, floor: Int,
        coordinate: Coordinate, hours: OpeningHours, tags: [String], facts: [String]
    ) {
        self.id = id
        self.name = name
        self.category = category
        self.building = building
        self.floor = floor
        self.coordinate = coordinate
        self.hours = hours
        self.tags = tags
        self.facts = facts
    }
}
