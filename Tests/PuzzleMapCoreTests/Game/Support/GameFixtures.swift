import PuzzleMapCore

/// Values shaped like the sample campus (`Campus/*.yaml`), built in code: Core tests read no files.
enum GameFixtures {
    /// `Campus/game.yaml`.
    static let rules = GameRules(
        solveXP: [.easy: 100, .medium: 150, .hard: 220], hintCost: [20, 30, 40], minimumReward: 40,
        exploreXP: 25, checkInXP: 10, levelThresholds: [0, 150, 350, 600, 900, 1300, 1800, 2400, 3100, 4000],
        traitStrength: 0.6, maxSpeedMetresPerSecond: 7
    )

    static func checkpoint(_ id: String, _ name: String, _ category: Category, tags: [String]) -> Checkpoint {
        Checkpoint(
            id: id, name: name, category: category, building: name, floor: 0,
            coordinate: Coordinate(latitude: 55.8721, longitude: -4.2882), hours: .always, tags: tags, facts: []
        )
    }

    /// Nine checkpoints from the sample campus, in its file order: four labs, three lecture
    /// places, two social ones, with differing tags.
    static let checkpoints: [Checkpoint] = [
        checkpoint("hunterian-museum", "Hunterian Museum", .lab, tags: ["history", "science", "medicine"]),
        checkpoint("zoology-museum", "Hunterian Zoology Museum", .lab, tags: ["nature", "science"]),
        checkpoint("kelvin-building", "Kelvin Building", .lab, tags: ["science", "engineering"]),
        checkpoint("rankine-building", "Rankine Building", .lab, tags: ["engineering"]),
        checkpoint("memorial-chapel", "Memorial Chapel", .lecture, tags: ["history", "music", "quiet"]),
        checkpoint("university-library", "University Library", .lecture, tags: ["quiet", "coffee"]),
        checkpoint("boyd-orr-building", "Boyd Orr Building", .lecture, tags: ["science", "food"]),
        checkpoint("queen-margaret-union", "Queen Margaret Union", .social, tags: ["music", "food", "coffee"]),
        checkpoint("gilbert-scott-cloisters", "The Cloisters", .social, tags: ["history", "quiet"]),
    ]

    /// Three questions of `Campus/quiz.yaml`.
    static let quiz: [QuizQuestion] = [
        QuizQuestion(id: "morning-coffee", text: "I can't start a morning without a proper coffee.", effects: [
            .stronglyAgree: ["coffee": 2, "food": 1], .agree: ["coffee": 1],
            .disagree: ["quiet": 1], .stronglyDisagree: ["quiet": 2],
        ]),
        QuizQuestion(id: "take-it-apart", text: "I've taken something apart just to see how it works.", effects: [
            .stronglyAgree: ["engineering": 3], .agree: ["engineering": 1, "science": 1],
            .disagree: ["art": 1], .stronglyDisagree: ["art": 1, "music": 1],
        ]),
        QuizQuestion(id: "body-curious", text: "I could happily binge a medical drama.", effects: [
            .stronglyAgree: ["medicine": 3], .agree: ["medicine": 1, "science": 1],
            .disagree: [:], .stronglyDisagree: ["art": 1],
        ]),
    ]

    /// A player keen on engineering and science, a little on coffee, who dislikes quiet places.
    /// Affinities: engineering 1, science 0.5, coffee 0.25, everything else 0.
    static let tinkerer = TraitProfile(scores: [
        "engineering": 4, "science": 2, "coffee": 1, "quiet": -2, "history": 0,
    ])
}
