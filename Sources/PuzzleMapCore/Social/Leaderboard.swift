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

    /// Ties share a rank: one more than the number of players strictly ahead.
    public static func rank(playersAhead: Int) -> Int { playersAhead + 1 }

    /// Ranks scores given best first (the top of a board, cut anywhere).
    public static func ranking(_ scores: [PlayerScore]) -> [LeaderboardEntry] {
        var entries: [LeaderboardEntry] = []
        for score in scores {
            let rank = entries.last.flatMap { $0.xp == score.xp ? $0.rank : nil } ?? rank(playersAhead: entries.count)
            entries.append(LeaderboardEntry(rank: rank, player: score.player, xp: score.xp))
        }
        return entries
    }
}
