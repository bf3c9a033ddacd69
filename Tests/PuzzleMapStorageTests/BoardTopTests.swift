import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// A board's top patched with the totals the store tells (``BoardTop/scoring(_:xp:)``,
/// ``BoardTop/tallying(xp:players:)``) is the top a read would find, or nil where only a read
/// can tell.
@Suite struct BoardTopTests {
    /// Everyone's all-time total (0: not on the board) and the top a store would read of it.
    struct Board {
        var xp: [Int64: Int]
        let asked: Int

        static func player(_ id: Int64) -> Player {
            Player(id: id, email: "p\(id)@student.gla.ac.uk", username: "p\(id)", displayName: "Player \(id)",
                   createdAt: Date(timeIntervalSince1970: 1_790_000_000))
        }

        var read: BoardTop {
            let on = xp.filter { $0.value > 0 }.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            let totals = Dictionary(grouping: on, by: \.value).map { BoardTop.Total(xp: $0.key, players: $0.value.count) }
            return BoardTop(period: .all, top: on.prefix(asked).map { (PlayerScore(player: Self.player($0.key), xp: $0.value), $0.value) },
                            asked: asked, totals: totals)
        }

        func held(_ total: Int) -> Int {
            xp.values.count { $0 == total }
        }
    }

    /// Random moves of random players on boards small and large (whole, or longer than their top),
    /// with ties: each patch that answers is the read, and most moves outside the top answer.
    @Test(arguments: [(players: 6, asked: 10), (players: 40, asked: 10), (players: 300, asked: 25)])
    func aTopPatchedWithEachMoveIsWhatAReadFinds(_ shape: (players: Int, asked: Int)) {
        var random = SplitMix64(seed: UInt64(shape.players * 1_000 + shape.asked))
        var board = Board(xp: Dictionary(uniqueKeysWithValues: (1...Int64(shape.players)).map { ($0, Int.random(in: 0...20, using: &random) * 10) }),
                          asked: shape.asked)
        var kept = board.read
        var (patched, read) = (0, 0)
        for _ in 0..<2_000 {
            let player = Int64.random(in: 1...Int64(shape.players), using: &random)
            let from = board.xp[player]!
            // Mostly up, by what a solve or a place gives; now and then voided or taken to 0.
            let to = switch Int.random(in: 0..<10, using: &random) {
            case 0: 0
            case 1: max(0, from - 50)
            default: from + [10, 50, 100].randomElement(using: &random)!
            }
            guard to != from else { continue }
            board.xp[player] = to
            // The store tells the player's total and the two tallies, in an order of its own.
            var told: [(BoardTop) -> BoardTop?] = [{ $0.scoring(player, xp: to) }]
            for total in [from, to] where total > 0 {
                told.append { $0.tallying(xp: total, players: board.held(total)) }
            }
            told.shuffle(using: &random)
            if let moved = told.reduce(Optional(kept), { top, tell in top.flatMap(tell) }) {
                #expect(moved == board.read, "player \(player) from \(from) to \(to)")
                kept = moved
                patched += 1
            } else {
                kept = board.read
                read += 1
            }
        }
        #expect(patched > read, "\(patched) patched, \(read) read again")
    }

    /// A weekly top keeps its players' all-time XP beside them, for their levels: moved with
    /// their all-time total, left for others, and read again when it goes.
    @Test func aWeeklyTopFollowsItsPlayersAllTimeXP() {
        let top = BoardTop(period: .week, top: [(PlayerScore(player: Board.player(1), xp: 50), 300)], asked: 10,
                           totals: [BoardTop.Total(xp: 50, players: 1)])
        #expect(top.scoringAllTime(1, xp: 350)?.allTimeXP == [1: 350])
        #expect(top.scoringAllTime(2, xp: 80) == top)
        #expect(top.scoringAllTime(1, xp: 0) == nil)
    }
}
