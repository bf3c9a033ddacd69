/// How a player's quiz profile tilts the odds between the three kinds of place, and why, in
/// words: shown when they pick a category.
public struct CategoryBias: Hashable, Sendable {
    /// Each category's share of the total selection weight of the checkpoints considered; they sum
    /// to 1 (all are 0 when no checkpoint was considered). A category without checkpoints gets 0.
    public var probabilities: [Category: Double]
    /// One readable line per category naming the player's strongest traits its places carry.
    public var explanations: [Category: String]

    public init(probabilities: [Category: Double], explanations: [Category: String]) {
        self.probabilities = probabilities
        self.explanations = explanations
    }

    /// How many of the player's traits an explanation names at most.
    public static let traitsNamed = 2

    /// Weighs `checkpoints` with `selector` and sums the weights per category.
    ///
    /// A neutral profile gives each category its share of the checkpoints. Explanations name up to
    /// ``traitsNamed`` traits the player leans to (affinity above 0) that at least one of the
    /// category's places carries, strongest first; with a strength of 0 the profile pulls nowhere,
    /// so no trait is named.
    public static func compute(
        profile: TraitProfile, checkpoints: [Checkpoint], selector: RiddleSelector
    ) -> CategoryBias {
        var weights: [Category: Double] = [:]
        for (checkpoint, weight) in zip(checkpoints, selector.usableWeights(of: checkpoints, for: profile)) {
            weights[checkpoint.category, default: 0] += weight
        }
        // Summed in a fixed order, so the same inputs give bit-for-bit the same shares.
        let total = Category.allCases.reduce(0) { $0 + (weights[$1] ?? 0) }

        var result = CategoryBias(probabilities: [:], explanations: [:])
        for category in Category.allCases {
            let weight = weights[category] ?? 0
            result.probabilities[category] = total > 0 ? weight / total : 0
            let carried = Set(checkpoints.filter { $0.category == category }.flatMap(\.tags))
            let pulls = selector.traitStrength > 0 ? strongestFirst(carried, in: profile) : []
            result.explanations[category] = explanation(
                for: category, traits: Array(pulls.prefix(traitsNamed))
            )
        }
        return result
    }

    /// The traits the player leans to, by falling affinity, ties in alphabetical order.
    private static func strongestFirst(_ traits: Set<String>, in profile: TraitProfile) -> [String] {
        let leaning: [(trait: String, affinity: Double)] = traits
            .map { (trait: $0, affinity: profile.affinity(for: $0)) }
            .filter { $0.affinity > 0 }
        let ordered = leaning.sorted { a, b in
            a.affinity != b.affinity ? a.affinity > b.affinity : a.trait < b.trait
        }
        return ordered.map(\.trait)
    }

    private static func explanation(for category: Category, traits: [String]) -> String {
        guard !traits.isEmpty else {
            return "Nothing in your answers pulls you here, but every \(category.placeNoun) is still in play."
        }
        return "Your love of \(EnglishList.joined(traits)) points you to \(category.placeNounPlural)."
    }
}

extension CategoryBias: Codable {
    // Keyed by the category's name, so the JSON reads `{"lab": 0.5, ...}` rather than the
    // alternating key/value array Swift uses for enum-keyed dictionaries.
    private enum CodingKeys: String, CodingKey { case probabilities, explanations }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        probabilities = try Self.byCategory(container.decode([String: Double].self, forKey: .probabilities),
                                            key: .probabilities, in: container)
        explanations = try Self.byCategory(container.decode([String: String].self, forKey: .explanations),
                                           key: .explanations, in: container)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(
            Dictionary(uniqueKeysWithValues: probabilities.map { ($0.key.rawValue, $0.value) }),
            forKey: .probabilities
        )
        try container.encode(
            Dictionary(uniqueKeysWithValues: explanations.map { ($0.key.rawValue, $0.value) }),
            forKey: .explanations
        )
    }

    private static func byCategory<Value>(
        _ values: [String: Value], key: CodingKeys, in container: KeyedDecodingContainer<CodingKeys>
    ) throws -> [Category: Value] {
        var result: [Category: Value] = [:]
        for (name, value) in values {
            guard let category = Category(rawValue: name) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key, in: container, debugDescription: "'\(name)' is not a category"
                )
            }
            result[category] = value
        }
        return result
    }
}

extension Category {
    /// What one place of this kind is called in sentences to players: "every lab".
    var placeNoun: String {
        switch self {
        case .lab: "lab"
        case .lecture: "lecture hall"
        case .social: "social spot"
        }
    }

    /// The plural of ``placeNoun``: "points you to labs".
    var placeNounPlural: String { placeNoun + "s" }
}

/// Joins words as an English list: "a", "a and b", "a, b and c".
enum EnglishList {
    static func joined(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + " and " + last
    }
}
