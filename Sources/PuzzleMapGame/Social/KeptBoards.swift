import PuzzleMapCore
import PuzzleMapStorage
import Synchronization

/// What the boards are made of, kept in the instance while the store's signals say it holds,
/// so that a board read again is worked out here and not read from the store.
///
/// - The top of each board among everyone, with every total on it: the same for every viewer.
///   A total that moves is told with its new value (``AccountSignal/scored(_:week:xp:)``,
///   ``AccountSignal/tallied(week:xp:players:)``) and patched in; the top is dropped only when a
///   player comes into it or leaves it (``BoardTop/scoring(_:xp:)``), or by a signal about any
///   player's row (their name may have changed), not by their play version moving alone.
/// - Each viewer's standing: who is hidden from them, their XP all time and this week; their
///   totals patched as they move, dropped by a signal about their row (a block made or lifted
///   by either side touches both players' rows).
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

        /// Whether this is the board a signal about `week` (nil: all time) is about.
        func counts(_ week: String?) -> Bool {
            week.map { period == .week && self.week == $0 } ?? (period == .all)
        }
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

    /// The players whose own writes were answered since they last read a board among everyone,
    /// each with the count of writes answered at their last: their totals may have moved before
    /// the store's signals of them are heard.
    private let writers = Mutex<(answered: UInt64, pending: [Int64: UInt64])>((0, [:]))

    /// A player's own write was answered (``Hunt/forgetBoards(afterWriteOf:)``). Past the
    /// capacity of the standings, the tops are dropped for everyone and the writers forgotten.
    func wrote(_ player: Int64) {
        writers.withLock { writers in
            writers.answered += 1
            writers.pending[player] = writers.answered
            guard writers.pending.count > standings.capacity else { return }
            // The tops go before the writers are forgotten: none is looked at unchecked.
            tops.hear(.anything)
            writers.pending = [:]
        }
    }

    /// The mark of the player's last own write answered since they last looked at the tops, if any.
    func writeSinceLooking(_ player: Int64) -> UInt64? {
        writers.withLock { $0.pending[player] }
    }

    /// The player looked at the tops after their writes up to `write`.
    func looked(_ player: Int64, after write: UInt64) {
        writers.withLock { writers in if writers.pending[player] == write { writers.pending[player] = nil } }
    }

    /// What the store signalled. Boards read players' rows and totals, not their play: a play
    /// version moving alone (a hint, a riddle asked for or given up) leaves them. A total that
    /// moved is told with its new value, and what is kept is patched with it: the tops with the
    /// player's total and how many hold each total (dropped only when the player comes into a
    /// top or leaves it), the player's own standing with their total; their friends' boards are
    /// dropped.
    func hear(_ signal: AccountSignal) {
        switch signal {
        case .played:
            return
        case .scored(let player, let week, let xp):
            tops.hear(patching: { board, top in
                if board.counts(week) { return top.scoring(player, xp: xp) }
                // A weekly top keeps its players' all-time XP, for their levels.
                return week == nil ? top.scoringAllTime(player, xp: xp) : top
            })
            // The player's standing is read again: a signal heard late, of a commit before the
            // one it was read after, would set it back (the tops take that until the next
            // signal of the same row, heard right after).
            standings.hear(.player(player))
            circles.hear(.player(player))
        case .tallied(let week, let xp, let players):
            tops.hear(patching: { board, top in board.counts(week) ? top.tallying(xp: xp, players: players) : top })
        case .player, .session, .anything, .lost, .listening:
            tops.hear(signal)
            standings.hear(signal)
            circles.hear(signal)
        }
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
