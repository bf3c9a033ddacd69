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
        let view = try await boardView(playerID: playerID, period: period, friendsOnly: friendsOnly, shown: limit)
        let entries = LeaderboardEntry.ranking(view.top).filter { !view.hidden.contains($0.player.id) }.prefix(limit)
        // Levels follow all-time XP, whatever the board's period.
        return Leaderboard(period: period, friendsOnly: friendsOnly,
                           rows: entries.map { Leaderboard.Row(entry: $0, level: content.rules.level(forXP: view.allTimeXP[$0.player.id] ?? $0.xp)) },
                           rank: view.mine.map { LeaderboardEntry.rank(playersAhead: $0.playersAhead) }, xp: view.mine?.xp ?? 0)
    }

    /// After a player's own write, which may have moved their totals before the store's
    /// signals of it are heard: what is kept of their boards is made to show it on their next
    /// read. Their standing and their friends' boards are dropped, and the tops shared by
    /// everyone are looked at when they next read a board among everyone (``boardView``).
    func forgetBoards(afterWriteOf player: Int64) {
        keptBoards.standings.hear(.player(player))
        keptBoards.circles.hear(.player(player))
        keptBoards.wrote(player)
    }

    /// What the player's view of a board is made from, from what is kept (``KeptBoards``) where
    /// it holds: among everyone, their standing over the board's shared top; among friends, the
    /// board as last read for them (down to `LeaderboardEntry.mostShown`). What is not kept is
    /// read and kept.
    private func boardView(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool, shown: Int) async throws -> BoardView {
        let date = now()
        let week = content.weeks.start(of: date)
        let board = KeptBoards.TopKey(period: period, week: period == .week ? week : "")
        if friendsOnly {
            return try await keptBoards.circles.value(for: KeptBoards.CircleKey(player: playerID, board: board)) {
                // A friendship or a block made since the circle was read touches the player's
                // row: heard, it overtakes this read.
                let circle = try await friendVersions(playerID: playerID)
                let view = try await repository.boardView(playerID: playerID, period: period, friendsOnly: true, at: date,
                                                          shown: LeaderboardEntry.mostShown)
                return (view, [playerID] + circle.map(\.player.id))
            }
        }
        // Looked at before the standing: a write answered since dropped the standing, which is
        // then read after it.
        let write = keptBoards.writeSinceLooking(playerID)
        let standing = try await keptBoards.standings.value(for: KeptBoards.StandingKey(player: playerID, week: week)) {
            (try await repository.boardStanding(playerID: playerID, at: date), [playerID])
        }
        if let write {
            // Their own write may not be on the tops yet: a top kept, or read as it committed, is
            // dropped or read again where it shows them (they are in it, or now come into it).
            // Elsewhere their rank is counted from the totals above theirs, which their own move
            // does not change, and the top is left for the signals to patch.
            let totals = [KeptBoards.TopKey(period: .all, week: ""): standing.allTimeXP, KeptBoards.TopKey(period: .week, week: week): standing.weekXP]
            keptBoards.tops.hear(patching: { board, top in
                guard let xp = totals[board] else { return top }
                return top.showing(playerID, at: xp) ? nil : top
            })
            keptBoards.looked(playerID, after: write)
        }
        let top: BoardTop
        do {
            top = try await keptBoards.tops.value(for: board, everyPlayer: true) {
                (try await repository.boardTop(period: period, at: date, count: LeaderboardEntry.mostShown), [])
            }
        } catch is KeptUntilSignalled<KeptBoards.TopKey, BoardTop>.Overtaken {
            // Players came into the top or left it while it was read, every time: the view read whole.
            return try await repository.boardView(playerID: playerID, period: period, friendsOnly: false, at: date, shown: shown)
        }
        if let view = top.view(by: standing, shown: shown) { return view }
        return try await repository.boardView(playerID: playerID, period: period, friendsOnly: false, at: date, shown: shown)
    }
}
