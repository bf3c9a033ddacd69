import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The crews' board as one player sees it.
public struct CrewLeaderboard: Sendable, Equatable {
    /// The player's crew on this board: its rank (`nil` with nothing solved in the period).
    public struct Mine: Sendable, Equatable {
        public var crewID: Int64
        public var name: String
        public var rank: Int?
        public var solved: Int
    }

    public var period: LeaderboardPeriod
    public var rows: [CrewBoardEntry]
    /// `nil` when the player is in no crew.
    public var mine: Mine?
}

/// The crews' board: riddles solved together this campus week or all time.
extension Hunt {
    /// The top `limit` crews, and the player's crew.
    public func crewLeaderboard(playerID: Int64, period: LeaderboardPeriod, limit: Int) async throws -> CrewLeaderboard {
        let now = now()
        let rows = CrewBoardEntry.ranking(try await repository.crewScores(period: period, limit: limit, at: now))
        var mine: CrewLeaderboard.Mine?
        if let crew = try await repository.crew(ofPlayer: playerID) {
            let score = try await repository.crewScore(crewID: crew.id, period: period, at: now)
            mine = CrewLeaderboard.Mine(crewID: crew.id, name: crew.name, rank: score.map { LeaderboardEntry.rank(playersAhead: $0.crewsAhead) },
                                        solved: score?.solved ?? 0)
        }
        return CrewLeaderboard(period: period, rows: rows, mine: mine)
    }
}
