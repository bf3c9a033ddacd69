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
    case requested(id: Int64)
    /// Both sides consented (the other had asked too, or their code was scanned face to face).
    case befriended
    case alreadyFriends
}

/// A row of a leaderboard.
public struct LeaderboardEntry: Sendable, Hashable {
    public var rank: Int
    public var player: Player
    public var xp: Int

    public init(rank: Int, player: Player, xp: Int) {
        self.rank = rank
        self.player = player
        self.xp = xp
    }
}

public enum LeaderboardPeriod: String, Sendable, CaseIterable {
    case week
    case all
}

/// Why a gift was refused.
public enum GiftRefusal: Error, Sendable, Equatable {
    /// Not the giver's, already redeemed or expired, or already given: the voucher cannot move.
    case notGiftable
    case dailyLimit
}

/// Friends, blocks, leaderboards and gifts.
public protocol SocialStore: Sendable {
    /// Whether either player blocks the other.
    func isBlocked(_ a: Int64, _ b: Int64) async throws -> Bool
    /// A request by username waits for the other's answer; with `mutual` (their code was shown)
    /// or when they had asked too, the friendship is made at once.
    func requestFriend(from: Int64, to: Int64, mutual: Bool, at date: Date) async throws -> FriendRequestOutcome
    func friendRequests(playerID: Int64) async throws -> (incoming: [FriendRequest], outgoing: [FriendRequest])
    /// Accepts or declines a request addressed to `playerID`; false if there is none.
    func answerFriendRequest(id: Int64, playerID: Int64, accept: Bool, at date: Date) async throws -> Bool
    func friends(playerID: Int64) async throws -> [Player]
    func areFriends(_ a: Int64, _ b: Int64) async throws -> Bool
    func unfriend(_ a: Int64, _ b: Int64) async throws -> Bool
    /// Blocks, removing any friendship and pending requests between the two.
    func block(blocker: Int64, blocked: Int64, at date: Date) async throws
    func unblock(blocker: Int64, blocked: Int64) async throws -> Bool
    /// Everyone the player blocks or is blocked by.
    func blockedEitherWay(playerID: Int64) async throws -> Set<Int64>

    /// The top `limit` players (all of them, or among `among`) by XP, ties sharing a rank.
    func leaderboard(period: LeaderboardPeriod, among: [Int64]?, limit: Int, at date: Date) async throws -> [LeaderboardEntry]
    /// A player's rank and XP on that board (`nil` rank with no XP yet).
    func standing(playerID: Int64, period: LeaderboardPeriod, among: [Int64]?, at date: Date) async throws -> (rank: Int?, xp: Int)
    func lastActive(playerID: Int64) async throws -> Date?
    /// All-time XP of each of these players (for levels beside a weekly board).
    func allTimeXP(playerIDs: [Int64]) async throws -> [Int64: Int]

    /// Moves an unclaimed voucher to `to`, exactly once even when given twice at the same moment,
    /// within `dailyLimit` gifts a day from the giver.
    func giftVoucher(id: Int64, from: Int64, to: Int64, dailyLimit: Int, dayStart: Date, at date: Date) async throws -> Result<Voucher, GiftRefusal>
}
