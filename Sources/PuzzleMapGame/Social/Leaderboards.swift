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
    /// The viewer's own rank (`nil` with no XP on this board) and XP.
    public var rank: Int?
    public var xp: Int
}

/// Leaderboards: this campus week's or all-time XP, of everyone or of the player and friends.
extension Hunt {
    /// The top `limit` players. A block hides each from the other here too; ranks stay those
    /// of the whole board.
    public func leaderboard(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool, limit: Int) async throws -> Leaderboard {
        let among = friendsOnly ? try await repository.friends(playerID: playerID).map(\.id) + [playerID] : nil
        let now = now()
        let hidden = try await repository.blockedEitherWay(playerID: playerID)
        let entries = LeaderboardEntry.ranking(try await repository.topScores(period: period, among: among, limit: limit + hidden.count, at: now))
            .filter { !hidden.contains($0.player.id) }.prefix(limit)
        // Levels follow all-time XP, whatever the board's period.
        let allTime = period == .all ? [:] : try await repository.allTimeXP(playerIDs: entries.map(\.player.id))
        let mine = try await repository.score(playerID: playerID, period: period, among: among, at: now)
        return Leaderboard(period: period, friendsOnly: friendsOnly,
                           rows: entries.map { Leaderboard.Row(entry: $0, level: content.rules.level(forXP: allTime[$0.player.id] ?? $0.xp)) },
                           rank: mine.map { LeaderboardEntry.rank(playersAhead: $0.playersAhead) }, xp: mine?.xp ?? 0)
    }
}
