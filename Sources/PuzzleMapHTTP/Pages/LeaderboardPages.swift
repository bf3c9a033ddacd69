import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The leaderboard: this campus week or all time, everyone or friends, with the player's rank.
struct LeaderboardPages {
    let services: HuntServices
    let library: PageLibrary

    /// How many rows a board shows.
    static let rows = 20

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("leaderboard") { request, context in
            let identity = try context.requirePlayer()
            let query = request.uri.queryParameters
            // The page's own links pick these; anything else shows the default board.
            let period = query.get("period").flatMap(LeaderboardPeriod.init(rawValue:)) ?? .week
            let friendsOnly = query.get("scope") == "friends"
            let board = try await services.hunt.leaderboard(playerID: identity.playerID, period: period, friendsOnly: friendsOnly, limit: Self.rows)
            let scope = friendsOnly ? "friends" : "everyone"
            func choice(_ key: String, period: LeaderboardPeriod, scope: String, current: Bool) -> BoardView.Choice {
                .init(label: library.text(key), href: "/leaderboard?period=\(period.rawValue)&scope=\(scope)", current: current)
            }
            let me = board.rank.map { library.text("leaderboard.rank", ["rank": "\($0)", "xp": "\(board.xp)"]) } ?? library.text("leaderboard.unranked")
            return PageRendering(library: library, context: context).response("leaderboard", title: library.text("leaderboard.title"), BoardView(
                periods: [choice("leaderboard.week", period: .week, scope: scope, current: period == .week),
                          choice("leaderboard.all", period: .all, scope: scope, current: period == .all)],
                scopes: [choice("leaderboard.everyone", period: period, scope: "everyone", current: !friendsOnly),
                         choice("leaderboard.friends", period: period, scope: "friends", current: friendsOnly)],
                caption: library.text("leaderboard.caption.\(period.rawValue).\(scope)"),
                me: me,
                rows: board.rows.map { row in
                    .init(rank: row.entry.rank, name: row.entry.player.displayName, username: row.entry.player.username,
                          level: row.level, xp: row.entry.xp, mine: row.entry.player.id == identity.playerID)
                }))
        }
    }

    struct BoardView {
        struct Choice {
            var label: String
            var href: String
            var current: Bool
        }
        struct Row {
            var rank: Int
            var name: String
            var username: String
            var level: Int
            var xp: Int
            var mine: Bool
        }
        var periods: [Choice]
        var scopes: [Choice]
        var caption: String
        var me: String
        var rows: [Row]
    }
}
