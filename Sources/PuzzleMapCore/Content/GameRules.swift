/// The numbers that make the game: rewards, the level curve, how strongly the quiz biases riddles.
/// Organisers tune them in `Campus/game.yaml` without a rebuild.
public struct GameRules: Hashable, Codable, Sendable {
    /// A riddle's reward before hints, by difficulty.
    public var solveXP: [Difficulty: Int]
    /// XP taken off a riddle's reward by the first, second and third hint.
    public var hintCost: [Int]
    /// A solved riddle never pays less than this.
    public var minimumReward: Int
    /// Finding a place with no riddle active.
    public var exploreXP: Int
    /// Registering a wrong-place check-in.
    public var checkInXP: Int
    /// The bonus for scanning a challenge's place before the friend does.
    public var challengeWinXP: Int
    /// `levelThresholds[i]` is the XP needed to reach level `i + 1`; the first is 0.
    public var levelThresholds: [Int]
    /// How strongly the quiz profile biases riddle choice; 0 gives uniform odds.
    public var traitStrength: Double
    /// Scans further apart than this speed allows are flagged for organisers.
    public var maxSpeedMetresPerSecond: Double
    /// Rate limits, time windows and token lifetimes (`limits` in `game.yaml`).
    public var limits: GameLimits
    /// Crews' size, co-op window and bonus (`crew` in `game.yaml`, optional).
    public var crew = CrewRules()

    public init(
        solveXP: [Difficulty: Int], hintCost: [Int], minimumReward: Int, exploreXP: Int,
        checkInXP: Int, challengeWinXP: Int = GameRules.defaultChallengeWinXP, levelThresholds: [Int], traitStrength: Double,
        maxSpeedMetresPerSecond: Double, limits: GameLimits = GameLimits()
    ) {
        self.solveXP = solveXP
        self.hintCost = hintCost
        self.minimumReward = minimumReward
        self.exploreXP = exploreXP
        self.checkInXP = checkInXP
        self.challengeWinXP = challengeWinXP
        self.levelThresholds = levelThresholds
        self.traitStrength = traitStrength
        self.maxSpeedMetresPerSecond = maxSpeedMetresPerSecond
        self.limits = limits
    }

    /// `xp.challengeWin` is optional in `game.yaml`; this is what a hunt without it pays.
    public static let defaultChallengeWinXP = 50

    /// The level a player with this much XP has reached (level 1 at 0 XP).
    public func level(forXP xp: Int) -> Int {
        max(1, levelThresholds.lastIndex(where: { $0 <= xp }).map { $0 + 1 } ?? 1)
    }

    /// A riddle's reward after `hintsUsed` hints, never below the floor.
    public func reward(for difficulty: Difficulty, hintsUsed: Int) -> Int {
        let base = solveXP[difficulty] ?? minimumReward
        let cost = hintCost.prefix(max(0, hintsUsed)).reduce(0, +)
        return max(minimumReward, base - cost)
    }
}
