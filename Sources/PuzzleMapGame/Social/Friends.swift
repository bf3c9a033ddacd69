import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// Friends and blocks. A block hides each player from the other: every use case refuses them
/// as nobody (`playerNotFound`), so a block is never revealed.
extension Hunt {
    /// The player `username` names, as `playerID` may see them: never themself, staff or
    /// someone either of them blocks. Only by username, never by email address: that would
    /// let anyone map a private address to a player, or learn that it has an account.
    public func visiblePlayer(_ username: String, to playerID: Int64) async throws -> Account {
        try await visible(try await accountNamed(username), to: playerID)
    }

    /// The account, if `playerID` may see it as a player (see `visiblePlayer`).
    private func visible(_ other: Account?, to playerID: Int64) async throws -> Account {
        guard let other, other.role == .player, !other.isGuest, other.player.id != playerID,
              try await !repository.isBlocked(playerID, other.player.id)
        else { throw SocialRefusal.playerNotFound }
        return other
    }

    /// The account with this username, if it is one a username could name.
    private func accountNamed(_ username: String) async throws -> Account? {
        let name = username.lowercased()
        guard AccountPolicy.isValidUsername(name) else { return nil }
        return try await repository.account(login: name)
    }

    /// The text of the player's friend code, for others to scan face to face.
    public func friendCode(playerID: Int64) -> String {
        TagSigner(secrets: secrets).qrText(for: TagPayload(purpose: .friend, subject: UInt64(playerID), version: 1), baseURL: publicURL)
    }

    /// Asks `username` to be friends: the request waits for their answer, unless they had
    /// asked too.
    public func requestFriend(_ username: String, from playerID: Int64) async throws -> FriendRequestOutcome {
        try await requireFullAccount(playerID: playerID)
        return try await askToBeFriends(from: playerID, to: try await visiblePlayer(username, to: playerID).player.id, mutual: false)
    }

    /// Befriends the player whose friend code is among `texts` (scanned from their screen or
    /// typed): they showed it, so both consent and no answer is awaited.
    public func befriend(byCode texts: [String], playerID: Int64) async throws -> FriendRequestOutcome {
        try await requireFullAccount(playerID: playerID)
        let other = try await codes.first(in: texts, expecting: .friend) { payload in
            try await visible(try await repository.account(id: Int64(payload.subject)), to: playerID)
        }
        return try await askToBeFriends(from: playerID, to: other.player.id, mutual: true)
    }

    /// Asks as the game rules (`FriendshipState.asking`): a request by username waits for the
    /// other's answer; with `mutual` (their code was shown) or when they had asked too, the
    /// friendship is made at once.
    private func askToBeFriends(from playerID: Int64, to other: Int64, mutual: Bool) async throws -> FriendRequestOutcome {
        let name = try await repository.account(id: playerID)?.player.displayName ?? ""
        let (change, requestSent) = try await repository.changeFriendship(of: playerID, with: other, at: now(), decide: { $0.asking(mutual: mutual) },
                                                                          announce: { Self.friendship($0, tells: other, from: name) })
        if change.befriend { return .befriended }
        if change.request, let requestSent { return .requested(id: requestSent) }
        return .alreadyFriends
    }

    /// What `other` hears of a change `name` made: a request waiting for an answer, or a
    /// friendship made (their request accepted, or their code scanned).
    static func friendship(_ change: FriendshipChange, tells other: Int64, from name: String) -> [LiveEvent] {
        if change.befriend { return [LiveEvent(playerID: other, kind: .friendAccepted, values: ["from": name])] }
        if change.request { return [LiveEvent(playerID: other, kind: .friendRequest, values: ["from": name])] }
        return []
    }

    /// The requests waiting for the player's answer, and the player's own waiting for others'.
    public func friendRequests(playerID: Int64) async throws -> (incoming: [FriendRequest], outgoing: [FriendRequest]) {
        try await repository.friendRequests(playerID: playerID)
    }

    /// Accepts (they become friends) or declines a request addressed to the player.
    public func answerFriendRequest(id: Int64, playerID: Int64, accept: Bool) async throws {
        guard let sender = try await repository.friendRequestSender(id: id, to: playerID) else { throw SocialRefusal.friendRequestNotFound }
        let name = try await repository.account(id: playerID)?.player.displayName ?? ""
        guard try await repository.changeFriendship(of: playerID, with: sender, at: now(), decide: { $0.answering(request: id, accept: accept) },
                                                    announce: { Self.friendship($0, tells: sender, from: name) }).change != .none
        else { throw SocialRefusal.friendRequestNotFound }
    }

    /// Ends a friendship with `username`.
    public func unfriend(_ username: String, playerID: Int64) async throws {
        let other = try await visiblePlayer(username, to: playerID)
        guard try await repository.unfriend(playerID, other.player.id) else { throw SocialRefusal.playerNotFound }
    }

    /// Blocks `username`: their friendship and requests either way end, and each is hidden
    /// from the other. Blocking twice changes nothing.
    public func block(_ username: String, playerID: Int64) async throws {
        guard let other = try await accountNamed(username), other.player.id != playerID else { throw SocialRefusal.playerNotFound }
        _ = try await repository.changeFriendship(of: playerID, with: other.player.id, at: now()) { _ in .blocking }
    }

    /// Lifts the player's block of `username`.
    public func unblock(_ username: String, playerID: Int64) async throws {
        guard let other = try await accountNamed(username),
              try await repository.unblock(blocker: playerID, blocked: other.player.id)
        else { throw SocialRefusal.playerNotFound }
    }
}
