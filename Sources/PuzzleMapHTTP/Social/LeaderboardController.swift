import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// `GET /v1/leaderboard?scope=global|friends&period=week|all&limit=N`.
struct LeaderboardController {
    let services: HuntServices

    struct Entry: Codable, Hashable {
        var rank: Int
        var username: String
        var displayName: String
        var level: Int
        var xp: Int
    }

    struct Me: Codable, Hashable {
        var rank: Int?
        var xp: Int
    }

    struct Board: ResponseCodable, Hashable {
        var scope: String
        var period: String
        var entries: [Entry]
        var me: Me
    }

    /// A board's `period` (week or all, all by default) and `limit` (1 to 100, 20 by default),
    /// for the players' boards and the crews'.
    static func boardQuery(_ request: Request) throws -> (period: LeaderboardPeriod, limit: Int) {
        let query = request.uri.queryParameters
        let limit = query.get("limit").map { Int($0) ?? 0 } ?? 20
        guard let period = LeaderboardPeriod(rawValue: query.get("period") ?? "all"), (1...LeaderboardEntry.mostShown).contains(limit) else {
            throw Problem(.badRequest, code: .invalidLeaderboardQuery)
        }
        return (period, limit)
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.group().add(middleware: ConditionalGetMiddleware()).get("leaderboard") { request, context -> Response in
            let identity = try context.requirePlayer()
            let scope = request.uri.queryParameters.get("scope") ?? "global"
            guard scope == "global" || scope == "friends" else { throw Problem(.badRequest, code: .invalidLeaderboardQuery) }
            let (period, limit) = try Self.boardQuery(request)
            let board = try await services.hunt.leaderboard(playerID: identity.playerID, period: period, friendsOnly: scope == "friends", limit: limit)
            return try services.kept.boards.response(for: Board(scope: scope, period: period.rawValue, entries: board.rows.map { row in
                Entry(rank: row.entry.rank, username: row.entry.player.username, displayName: row.entry.player.displayName, level: row.level,
                      xp: row.entry.xp)
            }, me: Me(rank: board.rank, xp: board.xp)), context: context)
        }
    }
}
