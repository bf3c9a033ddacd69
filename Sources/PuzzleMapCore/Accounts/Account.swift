import Foundation

/// A person's account: who they are in the game, what they may do, and how they sign in.
public struct Account: Hashable, Sendable {
    public var player: Player
    public var role: Role
    /// The partner a staff account redeems for.
    public var partnerID: String?
    /// Claiming freebies waits for this; playing does not.
    public var emailVerifiedAt: Date?
    /// Argon2id in PHC string form; never leaves the server.
    public var passwordHash: String
    public var deletedAt: Date?
    /// Set while an organiser has suspended the player: they cannot score or redeem.
    public var suspension: Suspension?
    /// The open day a guest joined, while the account is a guest's (a nickname, no address).
    public var guestEventID: Int64?

    public init(player: Player, role: Role, partnerID: String?, emailVerifiedAt: Date?, passwordHash: String, deletedAt: Date?,
                suspension: Suspension? = nil, guestEventID: Int64? = nil) {
        self.player = player
        self.role = role
        self.partnerID = partnerID
        self.emailVerifiedAt = emailVerifiedAt
        self.passwordHash = passwordHash
        self.deletedAt = deletedAt
        self.suspension = suspension
        self.guestEventID = guestEventID
    }

    /// Whether the owner has confirmed their email.
    public var isEmailVerified: Bool { emailVerifiedAt != nil }

    /// Whether the account is an open day's guest.
    public var isGuest: Bool { guestEventID != nil }

    /// Whether the owner's freebies can be claimed at a counter: once the address is confirmed,
    /// or straight away for a guest (who has none, and unlocks only the freebies the open day allows).
    public var mayClaimFreebies: Bool { isEmailVerified || isGuest }
}

/// A signed-in device: an access token for requests, a refresh token to renew it. Both are
/// stored only as hashes. Sessions renewed from one sign-in share a family, so reuse of a
/// spent refresh token (a stolen copy) can revoke them all.
public struct Session: Hashable, Sendable {
    public var id: Int64
    public var playerID: Int64
    public var familyID: String
    public var accessExpiresAt: Date
    public var refreshExpiresAt: Date

    public init(id: Int64, playerID: Int64, familyID: String, accessExpiresAt: Date, refreshExpiresAt: Date) {
        self.id = id
        self.playerID = playerID
        self.familyID = familyID
        self.accessExpiresAt = accessExpiresAt
        self.refreshExpiresAt = refreshExpiresAt
    }
}

/// A mail waiting in the outbox, or delivered.
public struct OutgoingMail: Hashable, Sendable, Codable {
    public var id: Int64
    public var recipient: String
    public var subject: String
    public var body: String
    public var createdAt: Date
    public var sentAt: Date?
    public var attempts: Int
    public var lastError: String?

    public init(id: Int64, recipient: String, subject: String, body: String, createdAt: Date, sentAt: Date?, attempts: Int, lastError: String?) {
        self.id = id
        self.recipient = recipient
        self.subject = subject
        self.body = body
        self.createdAt = createdAt
        self.sentAt = sentAt
        self.attempts = attempts
        self.lastError = lastError
    }
}
