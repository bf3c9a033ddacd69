import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A leaderboard as one player sees it.
public struct Leaderboard: Sendable, Equatable {
    /// A row, with the player's level (from all-time XP, whatever the board's period).
    public struct Row: Sendable, Equatable {
        public var entry: LeaderboardEntry
        public var level: Int
    }

    public var period: LeaderboardPeriod
    public var friendsOnly: Bool
    public var rows: [Row]
    /// The viewer's own rank and XP. On everyone's board the rank is `nil` without XP there;
    /// on the board among friends the viewer is always ranked, at 0 XP without any, as every
    /// friend is listed.
    public var rank: Int?
    public var xp: Int
}

/// Leaderboards: this campus week's or all-time XP, of everyone or of the player and friends.
extension Hunt {
    /// The top `limit` players. A block hides each from the other here too; ranks stay those
    /// of the whole board.
    public func leaderboard(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool, limit: Int) async throws -> Leaderboard {
        let view = try await repository.boardView(playerID: playerID, period: period, friendsOnly: friendsOnly, at: now(), shown: limit)
        let entries = LeaderboardEntry.ranking(view.top).filter { !view.hidden.contains($0.player.id) }.prefix(limit)
        // Levels follow all-time XP, whatever the board's period.
        return Leaderboard(period: period, friendsOnly: friendsOnly,
                           rows: entries.map { Leaderboard.Row(entry: $0, level: content.rules.level(forXP: view.allTimeXP[$0.player.id] ?? $0.xp)) },
                           rank: view.mine.map { LeaderboardEntry.rank(playersAhead: $0.playersAhead) }, xp: view.mine?.xp ?? 0)
    }
}
