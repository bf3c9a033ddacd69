import PuzzleMapCore
import PuzzleMapStorage

/// What the boards are made of, kept in the instance while the store's signals say it holds,
/// so that a board read again is worked out here and not read from the store.
///
/// - The top of each board among everyone, with every total on it: the same for every viewer,
///   and dropped by a signal about any player's row or totals (their XP may have moved, or
///   their name), not by their play version moving alone.
/// - Each viewer's standing: who is hidden from them, their XP all time and this week; dropped
///   by a signal about them (their ledger, or a block made or lifted by either side, which
///   touches both players' rows).
/// - Each viewer's board among friends, as read: dropped by a signal about them (a friendship
///   or a block) or about any of their friends.
///
/// A viewer's view of a board among everyone is their standing over the shared top
/// (``BoardTop/view(by:shown:)``); only one who hides too many of its players has it read
/// whole. Nothing is kept while signals are not heard.
final class KeptBoards: Sendable {
    struct TopKey: Hashable {
        var period: LeaderboardPeriod
        /// The campus week a weekly board counts, empty for the all-time one.
        var week: String
    }

    struct StandingKey: Hashable {
        var player: Int64
        var week: String
    }

    struct CircleKey: Hashable {
        var player: Int64
        var board: TopKey
    }

    let tops = KeptUntilSignalled<TopKey, BoardTop>(capacity: 8)
    let standings = KeptUntilSignalled<StandingKey, BoardStanding>(capacity: 25_000)
    let circles = KeptUntilSignalled<CircleKey, BoardView>(capacity: 25_000)

    /// What the store signalled. Boards read players' rows and totals, not their play: a play
    /// version moving alone (a hint, a riddle asked for or given up) leaves them, and a change
    /// of a player's totals is heard as a change of the player.
    func hear(_ signal: AccountSignal) {
        let heard: AccountSignal
        switch signal {
        case .played: return
        case .scored(let player): heard = .player(player)
        case .player, .session, .anything, .lost, .listening: heard = signal
        }
        tops.hear(heard)
        standings.hear(heard)
        circles.hear(heard)
    }

    /// How each part served, for `/metrics`.
    var figures: [(part: String, figures: KeptFigures)] {
        [("top", tops.figures), ("standing", standings.figures), ("friends", circles.figures)]
    }
}

extension Hunt {
    /// How what the boards are made of, kept in the instance, served, for `/metrics`.
    public var boardPartFigures: [(part: String, figures: KeptFigures)] {
        keptBoards.figures
    }
}
