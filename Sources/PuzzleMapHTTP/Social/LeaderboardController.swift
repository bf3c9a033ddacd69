import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapStorage

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
                throw Problem(.badRequest, code: .invalidLeaderboardQuery,
                              detail: "scope is global or friends; period is week or all; limit is a whole number from 1 to 100.",
                              hint: "e.g. /v1/leaderboard?scope=friends&period=week&limit=20")
            }
            let among = scope == "friends"
                ? try await services.repository.friends(playerID: identity.playerID).map(\.id) + [identity.playerID] : nil
            let now = services.now()
            // A block hides each from the other here too; ranks stay those of the whole board.
            let hidden = try await services.repository.blockedEitherWay(playerID: identity.playerID)
            let entries = try await services.repository.leaderboard(period: period, among: among, limit: limit + hidden.count, at: now)
                .filter { !hidden.contains($0.player.id) }.prefix(limit)
            // Levels follow all-time XP, whatever the board's period.
            let allTime = period == .all ? [:] : try await services.repository.allTimeXP(playerIDs: entries.map(\.player.id))
            let mine = try await services.repository.standing(playerID: identity.playerID, period: period, among: among, at: now)
            return Board(scope: scope, period: period.rawValue, entries: entries.map { entry in
                Entry(rank: entry.rank, username: entry.player.username, displayName: entry.player.displayName,
                      level: services.content.rules.level(forXP: allTime[entry.player.id] ?? entry.xp), xp: entry.xp)
            }, me: Me(rank: mine.rank, xp: mine.xp))
        }
    }
}
