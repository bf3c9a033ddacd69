/// What a player's ledger adds up to: their XP, their level and how far they are into it.
/// Always recomputed from the events, never stored on its own.
public struct LedgerTotals: Sendable, Equatable {
    /// The sum of every event's XP.
    public let xp: Int
    /// The level that XP reaches on the organiser's curve (level 1 at 0 XP).
    public let level: Int
    /// XP earned since the current level's threshold, and the XP between that threshold and the
    /// next level's (0 at the top level, where `current` keeps counting).
    public let levelProgress: (current: Int, needed: Int)

    public init(events: [GameEvent], rules: GameRules) {
        self.init(xp: events.reduce(0) { $0 + $1.xp }, rules: rules)
    }

    public init(xp: Int, rules: GameRules) {
        self.xp = xp
        self.level = rules.level(forXP: xp)
        self.levelProgress = rules.levelProgress(forXP: xp)
    }

    public static func == (lhs: LedgerTotals, rhs: LedgerTotals) -> Bool {
        lhs.xp == rhs.xp && lhs.level == rhs.level && lhs.levelProgress == rhs.levelProgress
    }
}

extension GameRules {
    /// XP earned since the threshold of the level `xp` reaches, and the XP from that threshold to
    /// the next level's (0 at the top level).
    public func levelProgress(forXP xp: Int) -> (current: Int, needed: Int) {
        let level = level(forXP: xp)
        let floor = levelThresholds.indices.contains(level - 1) ? levelThresholds[level - 1] : 0
        let needed = levelThresholds.indices.contains(level) ? levelThresholds[level] - floor : 0
        return (max(0, xp - floor), needed)
    }

    /// Whether going from `oldXP` to `newXP` crosses at least one level threshold.
    public func levelUp(from oldXP: Int, to newXP: Int) -> Bool {
        level(forXP: newXP) > level(forXP: oldXP)
    }
}
