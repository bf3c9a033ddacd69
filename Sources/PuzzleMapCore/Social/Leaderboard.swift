/// The boards: this campus week's XP, or all of it.
public enum LeaderboardPeriod: String, Sendable, CaseIterable {
    case week
    case all
}

/// A player's XP on a board.
public struct PlayerScore: Sendable, Hashable {
    public var player: Player
    public var xp: Int

    public init(player: Player, xp: Int) {
        self.player = player
        self.xp = xp
    }
}

/// A row of a leaderboard.
public struct LeaderboardEntry: Sendable, Hashable {
    public var rank: Int
    public var player: Player
    public var xp: Int

    public init(rank: Int, player: Player, xp: Int) {
        self.rank = rank
        self.player = player
        self.xp = xp
    }

    /// The most rows a board shows at once.
    public static let mostShown = 100

    /// Ties share a rank: one more than the number of players strictly ahead.
    public static func rank(playersAhead: Int) -> Int { playersAhead + 1 }

    /// Ranks scores given best first (the top of a board, cut anywhere).
    public static func ranking(_ scores: [PlayerScore]) -> [LeaderboardEntry] {
        zip(ranks(scores.map(\.xp)), scores).map { LeaderboardEntry(rank: $0, player: $1.player, xp: $1.xp) }
    }

    /// The ranks of values given best first: a value equal to the one before shares its rank.
    public static func ranks(_ values: [Int]) -> [Int] {
        var ranks: [Int] = []
        for (index, value) in values.enumerated() {
            ranks.append(index > 0 && values[index - 1] == value ? ranks[index - 1] : rank(playersAhead: index))
        }
        return ranks
    }
}
