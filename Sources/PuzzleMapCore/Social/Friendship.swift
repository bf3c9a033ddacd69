/// Where two players stand with each other, as a store reads it with both of them locked.
public struct FriendshipState: Sendable, Equatable {
    public var areFriends: Bool
    /// The player's own request to the other, if it waits.
    public var requestSent: Int64?
    /// The other's request to the player, if it waits.
    public var requestReceived: Int64?

    public init(areFriends: Bool, requestSent: Int64?, requestReceived: Int64?) {
        self.areFriends = areFriends
        self.requestSent = requestSent
        self.requestReceived = requestReceived
    }
}

/// What a decision writes between two players. A store applies each part as given, in the
/// order of the properties; the rules below say which parts go together.
public struct FriendshipChange: Sendable, Equatable {
    /// End their friendship.
    public var unfriend = false
    /// Withdraw the requests either way.
    public var withdrawRequests = false
    /// Withdraw only the other's request to the player.
    public var withdrawReceived = false
    /// Make them friends.
    public var befriend = false
    /// Leave the player's request to the other waiting (one already waiting stays).
    public var request = false
    /// The player blocks the other.
    public var block = false

    public init(unfriend: Bool = false, withdrawRequests: Bool = false, withdrawReceived: Bool = false, befriend: Bool = false,
                request: Bool = false, block: Bool = false) {
        self.unfriend = unfriend
        self.withdrawRequests = withdrawRequests
        self.withdrawReceived = withdrawReceived
        self.befriend = befriend
        self.request = request
        self.block = block
    }

    /// Nothing changes.
    public static let none = FriendshipChange()
    /// Friends at last: nothing is left to ask either way.
    public static let befriending = FriendshipChange(withdrawRequests: true, befriend: true)
    /// A declined request is gone, and nothing else changes.
    public static let declining = FriendshipChange(withdrawReceived: true)
    /// A block ends the friendship and every request between the two.
    public static let blocking = FriendshipChange(unfriend: true, withdrawRequests: true, block: true)
}

extension FriendshipState {
    /// The player asks to be friends. Friends already: nothing changes. With `mutual` (the
    /// other's code was shown face to face, so both consent) or when the other had asked too,
    /// they become friends at once. Otherwise the request waits for the other's answer.
    public func asking(mutual: Bool) -> FriendshipChange {
        if areFriends { return .none }
        if mutual || requestReceived != nil { return .befriending }
        return FriendshipChange(request: true)
    }

    /// The player answers the other's request `id`; nothing changes if it no longer waits (a
    /// block or an earlier answer withdrew it).
    public func answering(request id: Int64, accept: Bool) -> FriendshipChange {
        guard requestReceived == id else { return .none }
        return accept ? .befriending : .declining
    }
}
