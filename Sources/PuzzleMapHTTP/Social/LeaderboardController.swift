import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// `GET /v1/leaderboard?scope=global|friends&period=week|all&limit=N`.
struct LeaderboardController {
    let services: HuntServices

    struct Entry: Codable {
        var rank: Int
        var username: String
        var displayName: String
        var level: Int
        var xp: Int
    }

    struct Me: Codable {
        var rank: Int?
        var xp: Int
    }

    struct Board: ResponseCodable {
        var scope: String
        var period: String
        var entries: [Entry]
        var me: Me
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("leaderboard") { request, context -> Board in
            let identity = try context.requirePlayer()
            let query = request.uri.queryParameters
            let scope = query.get("scope") ?? "global"
            let limit = query.get("limit").map { Int($0) ?? 0 } ?? 20
            guard scope == "global" || scope == "friends",
                  let period = LeaderboardPeriod(rawValue: query.get("period") ?? "all"),
                  (1...100).contains(limit)
            else {
                throw Problem(.badRequest, code: .invalidLeaderboardQuery)
            }
            let board = try await services.hunt.leaderboard(playerID: identity.playerID, period: period, friendsOnly: scope == "friends", limit: limit)
            return Board(scope: scope, period: period.rawValue, entries: board.rows.map { row in
                Entry(rank: row.entry.rank, username: row.entry.player.username, displayName: row.entry.player.displayName, level: row.level,
                      xp: row.entry.xp)
            }, me: Me(rank: board.rank, xp: board.xp))
        }
    }
}
