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
