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
    /// The facts in other languages, by language tag (`zh`); `nil` when there are none (so
    /// content without translations keeps its fingerprint).
    public var translations: [String: Words]?

    /// What a player reads of a place, in one language.
    public struct Words: Hashable, Codable, Sendable {
        public var facts: [String]

        public init(facts: [String]) {
            self.facts = facts
        }
    }

    public init(
        id: String, name: String, category: Category, building: String, floor: Int,
        coordinate: Coordinate, hours: OpeningHours, tags: [String], facts: [String], translations: [String: Words]? = nil
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
        self.translations = translations
    }

    /// The place in the organiser's words alone, as the stores keep it.
    public var withoutTranslations: Checkpoint {
        var place = self
        place.translations = nil
        return place
    }

    /// The place as a reader of `language` reads it: its translated facts where the content
    /// has them, else the organiser's.
    public func reading(in language: String) -> Checkpoint {
        guard let words = translations?[language] else { return self }
        var translated = self
        translated.facts = words.facts
        return translated
    }
}
