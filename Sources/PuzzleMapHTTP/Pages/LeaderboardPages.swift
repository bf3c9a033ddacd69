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
            let scope = ["friends", "crews"].first { $0 == query.get("scope") } ?? "everyone"
            func choice(_ key: String, period: LeaderboardPeriod, scope: String, current: Bool) -> BoardView.Choice {
                .init(label: library.text(key), href: "/leaderboard?period=\(period.rawValue)&scope=\(scope)", current: current)
            }
            var view = BoardView(
                periods: [choice("leaderboard.week", period: .week, scope: scope, current: period == .week),
                          choice("leaderboard.all", period: .all, scope: scope, current: period == .all)],
                scopes: ["everyone", "friends", "crews"].map { choice("leaderboard.\($0)", period: period, scope: $0, current: scope == $0) },
                caption: library.text("leaderboard.caption.\(period.rawValue).\(scope)"), me: "", rows: [])
            if scope == "crews" {
                let board = try await services.hunt.crewLeaderboard(playerID: identity.playerID, period: period, limit: Self.rows)
                view.me = board.mine.map { mine in
                    mine.rank.map { library.text("leaderboard.crewRank", ["crew": mine.name, "rank": "\($0)", "solved": "\(mine.solved)"]) }
                        ?? library.text("leaderboard.crewUnranked", ["crew": mine.name])
                } ?? library.text("leaderboard.noCrew")
                view.crewBoard = .init(rows: board.rows.map { row in
                    .init(rank: row.rank, name: row.score.name,
                          members: library.text(row.score.members == 1 ? "leaderboard.member" : "leaderboard.members", ["count": "\(row.score.members)"]),
                          solved: row.score.solved, mine: row.score.crewID == board.mine?.crewID)
                })
            } else {
                let board = try await services.hunt.leaderboard(playerID: identity.playerID, period: period, friendsOnly: scope == "friends", limit: Self.rows)
                view.me = board.rank.map { library.text("leaderboard.rank", ["rank": "\($0)", "xp": "\(board.xp)"]) } ?? library.text("leaderboard.unranked")
                view.rows = board.rows.map { row in
                    .init(rank: row.entry.rank, name: row.entry.player.displayName, username: row.entry.player.username,
                          level: row.level, xp: row.entry.xp, mine: row.entry.player.id == identity.playerID)
                }
            }
            return PageRendering(library: library, context: context).response("leaderboard", title: library.text("leaderboard.title"), view)
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
        struct CrewRow {
            var rank: Int
            var name: String
            /// "2 members", beside the name.
            var members: String
            var solved: Int
            var mine: Bool
        }
        var periods: [Choice]
        var scopes: [Choice]
        var caption: String
        var me: String
        var rows: [Row]
        struct CrewBoard { var rows: [CrewRow] }
        /// The crews' board, when it is the one shown.
        var crewBoard: CrewBoard?
    }
}
