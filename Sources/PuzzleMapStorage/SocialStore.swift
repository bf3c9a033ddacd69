import Foundation
import PuzzleMapCore

/// A pending friend request.
public struct FriendRequest: Sendable, Hashable {
    public var id: Int64
    public var from: Player
    public var to: Player
    public var createdAt: Date

    public init(id: Int64, from: Player, to: Player, createdAt: Date) {
        self.id = id
        self.from = from
        self.to = to
        self.createdAt = createdAt
    }
}

/// What asking to be friends led to.
public enum FriendRequestOutcome: Sendable, Equatable {
    /// The request waits for the other's answer.
    case requested(id: Int64)
    /// Both sides consented (the other had asked too, or their code was shown face to face).
    case befriended
    case alreadyFriends
}

/// Friends, blocks and leaderboards. The decisions are the game's: a store reads, locks and
/// writes what it is told.
public protocol SocialStore: Sendable {
    /// Whether either player blocks the other.
    func isBlocked(_ a: Int64, _ b: Int64) async throws -> Bool
    /// Reads where `player` and `other` stand with both locked, lets `decide` choose the
    /// change and applies it, in one transaction. Returns the change and the player's request
    /// to the other that waits afterwards.
    /// `announce` names the live events the change makes, written with it.
    func changeFriendship(of player: Int64, with other: Int64, at date: Date,
                          decide: @Sendable (FriendshipState) -> FriendshipChange,
                          announce: @Sendable (FriendshipChange) -> [LiveEvent]) async throws -> (change: FriendshipChange, requestSent: Int64?)
    /// Who sent request `id` to `playerID`, if it waits.
    func friendRequestSender(id: Int64, to playerID: Int64) async throws -> Int64?
    func friendRequests(playerID: Int64) async throws -> (incoming: [FriendRequest], outgoing: [FriendRequest])
    /// The friends as ``friendVersions(playerID:)`` lists them, each with their whole ledger
    /// oldest first, read at once: one snapshot, whatever the number of friends.
    func friendLedgers(playerID: Int64) async throws -> [PlayerLedger]
    /// The player's friends by username, ignoring case (erased ones left out), each with their
    /// play version: what a friends list summed up before still answers while these are
    /// unchanged.
    func friendVersions(playerID: Int64) async throws -> [FriendVersion]
    func areFriends(_ a: Int64, _ b: Int64) async throws -> Bool
    /// Ends a friendship; false if there was none.
    func unfriend(_ a: Int64, _ b: Int64) async throws -> Bool
    func unblock(blocker: Int64, blocked: Int64) async throws -> Bool

    /// What one player's view of a board is made from, read at once (one snapshot): the board
    /// among everyone or among the player and their friends (top first, ties by id), the
    /// players hidden from them either way (a block by either side), the board from its top
    /// down to its `shown`-th player not hidden (all of it if it holds fewer), the hidden ones
    /// among them still there (so that `shown` remain when the game leaves those out, ranked
    /// among the whole board), those players' all-time XP on a weekly board, and the player's
    /// own XP with how many have more.
    /// The board among everyone holds those with XP on it (above 0), and `mine` is nil without
    /// any. The board among friends holds the player and every friend (erased accounts left
    /// out), those without XP on it at 0, so a friend just added is there before they score;
    /// `mine` is always there, at 0 XP without any. `shown` is 1 to `LeaderboardEntry.mostShown`.
    func boardView(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool, at date: Date,
                   shown: Int) async throws -> BoardView
    /// What every player's view of the board among everyone shares, read at once (one
    /// snapshot): its first `count` players (those with XP on it), best first, ties by id, each
    /// with their all-time XP on the weekly board; and every total on it with how many hold it.
    func boardTop(period: LeaderboardPeriod, at date: Date, count: Int) async throws -> BoardTop
    /// What of the boards among everyone is the player's own, read at once: the players hidden
    /// from them either way (a block by either side), and their XP all time and in the campus
    /// week of `date` (0 without any).
    func boardStanding(playerID: Int64, at date: Date) async throws -> BoardStanding
}

/// What ``SocialStore/boardView(playerID:period:friendsOnly:at:shown:)`` reads.
public struct BoardView: Sendable, Equatable {
    public var hidden: Set<Int64>
    public var top: [PlayerScore]
    /// For a weekly board: the all-time XP of the players in `top`; empty for the all-time one.
    public var allTimeXP: [Int64: Int]
    public var mine: Mine?

    public struct Mine: Sendable, Equatable {
        public var xp: Int
        public var playersAhead: Int

        public init(xp: Int, playersAhead: Int) {
            self.xp = xp
            self.playersAhead = playersAhead
        }
    }

    public init(hidden: Set<Int64>, top: [PlayerScore], allTimeXP: [Int64: Int], mine: Mine?) {
        self.hidden = hidden
        self.top = top
        self.allTimeXP = allTimeXP
        self.mine = mine
    }

    /// A view from the top rows as a store reads them, each with its player's all-time XP,
    /// which is kept only beside a weekly board.
    public init(period: LeaderboardPeriod, hidden: Set<Int64>, top: [(score: PlayerScore, allTimeXP: Int)], mine: Mine?) {
        self.init(hidden: hidden, top: top.map(\.score),
                  allTimeXP: period == .all ? [:] : Dictionary(uniqueKeysWithValues: top.map { ($0.score.player.id, $0.allTimeXP) }), mine: mine)
    }
}

/// What ``SocialStore/boardTop(period:at:count:)`` reads: the top of a board among everyone,
/// the same for every viewer, from which each viewer's ``BoardView`` is made with their own
/// ``BoardStanding``.
public struct BoardTop: Sendable, Equatable {
    /// A total on the board and how many players hold it.
    public struct Total: Sendable, Equatable {
        public var xp: Int
        public var players: Int

        public init(xp: Int, players: Int) {
            self.xp = xp
            self.players = players
        }
    }

    public var period: LeaderboardPeriod
    public var top: [PlayerScore]
    /// For a weekly board: the all-time XP of the players in `top`; empty for the all-time one.
    public var allTimeXP: [Int64: Int]
    /// Whether `top` is the whole board: it holds fewer players than were asked for.
    public var isWhole: Bool
    /// Every total on the board, highest first.
    public private(set) var totals: [Total]
    /// How many players hold more than each of `totals`, in the same order, then all of them.
    private var ahead: [Int]

    /// A top as a store reads it: the board's first players, at most `asked` of them, each with
    /// their all-time XP (kept only beside a weekly board), and its totals in any order.
    public init(period: LeaderboardPeriod, top: [(score: PlayerScore, allTimeXP: Int)], asked: Int, totals: [Total]) {
        self.period = period
        self.top = top.map(\.score)
        allTimeXP = period == .all ? [:] : Dictionary(uniqueKeysWithValues: top.map { ($0.score.player.id, $0.allTimeXP) })
        isWhole = top.count < asked
        (self.totals, ahead) = Self.ordered(totals)
    }

    /// Totals highest first, with how many players hold more than each, then all of them.
    private static func ordered(_ totals: [Total]) -> (totals: [Total], ahead: [Int]) {
        let sorted = totals.sorted { $0.xp > $1.xp }
        return (sorted, sorted.reduce(into: [0]) { ahead, total in ahead.append(ahead.last! + total.players) })
    }

    /// How many players on the board hold more than `xp`.
    public func playersAhead(of xp: Int) -> Int {
        // The first total not above `xp`: every one before it is.
        var low = 0, high = totals.count
        while low < high {
            let middle = (low + high) / 2
            if totals[middle].xp > xp { low = middle + 1 } else { high = middle }
        }
        return ahead[low]
    }

    /// The view of this board by the player standing as `standing`, down to its `shown`-th
    /// player not hidden from them, as ``SocialStore/boardView(playerID:period:friendsOnly:at:shown:)``
    /// reads it; nil when those are not all in `top` (the viewer hides too many of them).
    public func view(by standing: BoardStanding, shown: Int) -> BoardView? {
        var notHidden = 0
        let rows = top.prefix { score in
            defer { if !standing.hidden.contains(score.player.id) { notHidden += 1 } }
            return notHidden < shown
        }
        guard notHidden >= shown || isWhole else { return nil }
        let xp = period == .all ? standing.allTimeXP : standing.weekXP
        return BoardView(hidden: standing.hidden, top: Array(rows),
                         allTimeXP: Dictionary(uniqueKeysWithValues: rows.compactMap { row in allTimeXP[row.player.id].map { (row.player.id, $0) } }),
                         mine: xp > 0 ? BoardView.Mine(xp: xp, playersAhead: playersAhead(of: xp)) : nil)
    }
}

extension BoardTop {
    /// This top with `player`'s total on the board at `xp` (0: off it), as a read would find it
    /// now that the store signalled it (``AccountSignal/scored(_:week:xp:)``); nil when only a
    /// read can tell: the player comes into the top (their name is not here), or leaves it, or
    /// falls below every other player in it, while players not in it may come before them.
    /// The board's totals move by their own signals (``tallying(xp:players:)``).
    public func scoring(_ player: Int64, xp: Int) -> BoardTop? {
        var rows = top
        guard let index = rows.firstIndex(where: { $0.player.id == player }) else {
            // Not in the top: still not, unless they now come before its last player.
            guard xp > 0 else { return self }
            if isWhole { return nil }
            if let last = rows.last, Self.ranking(xp, player, before: last) { return nil }
            return self
        }
        let row = rows.remove(at: index)
        guard xp > 0 else { return isWhole ? with(rows) : nil }
        let at = rows.firstIndex { !Self.ranking($0.xp, $0.player.id, before: xp, player) } ?? rows.count
        if at == rows.count, !isWhole { return nil }
        rows.insert(PlayerScore(player: row.player, xp: xp), at: at)
        return with(rows)
    }

    /// Whether `player` is in this top, or would be with `xp`.
    public func showing(_ player: Int64, at xp: Int) -> Bool {
        top.contains { $0.player.id == player } || xp > 0 && (isWhole || top.last.map { Self.ranking(xp, player, before: $0) } ?? true)
    }

    /// A weekly top with `player`'s all-time XP at `xp`, where it is kept beside their row; nil
    /// when their all-time total went (an erasure), which only a read can tell the level of.
    public func scoringAllTime(_ player: Int64, xp: Int) -> BoardTop? {
        guard allTimeXP[player] != nil else { return self }
        guard xp > 0 else { return nil }
        var moved = self
        moved.allTimeXP[player] = xp
        return moved
    }

    /// This top with `players` holding `xp` on the board (``AccountSignal/tallied(week:xp:players:)``).
    public func tallying(xp: Int, players: Int) -> BoardTop {
        var moved = self
        var totals = self.totals.filter { $0.xp != xp }
        if xp > 0, players > 0 { totals.append(Total(xp: xp, players: players)) }
        (moved.totals, moved.ahead) = Self.ordered(totals)
        return moved
    }

    /// Whether a player holding `xp` comes before one holding `otherXP`, as a board orders them:
    /// more XP first, then the older account (the lower id).
    static func ranking(_ xp: Int, _ player: Int64, before otherXP: Int, _ other: Int64) -> Bool {
        xp != otherXP ? xp > otherXP : player < other
    }

    private static func ranking(_ xp: Int, _ player: Int64, before row: PlayerScore) -> Bool {
        ranking(xp, player, before: row.xp, row.player.id)
    }

    private func with(_ rows: [PlayerScore]) -> BoardTop {
        var moved = self
        moved.top = rows
        return moved
    }
}

/// What ``SocialStore/boardStanding(playerID:at:)`` reads: the viewer's own part of a board
/// among everyone.
public struct BoardStanding: Sendable, Equatable {
    public var hidden: Set<Int64>
    public var allTimeXP: Int
    public var weekXP: Int

    public init(hidden: Set<Int64>, allTimeXP: Int, weekXP: Int) {
        self.hidden = hidden
        self.allTimeXP = allTimeXP
        self.weekXP = weekXP
    }
}

extension SocialStore {
    /// A change of friendship that announces nothing.
    public func changeFriendship(of player: Int64, with other: Int64, at date: Date,
                                 decide: @Sendable (FriendshipState) -> FriendshipChange) async throws -> (change: FriendshipChange, requestSent: Int64?) {
        try await changeFriendship(of: player, with: other, at: date, decide: decide, announce: { _ in [] })
    }
}

/// A friend and their play version (``SignedIn/playVersion``): every write to their ledger, on
/// any instance, raises it.
public struct FriendVersion: Sendable, Equatable {
    public var player: Player
    public var playVersion: Int64

    public init(player: Player, playVersion: Int64) {
        self.player = player
        self.playVersion = playVersion
    }
}
