import Foundation

/// An organiser's invitation for someone at a partner shop to become its staff: a link mailed to
/// any address (a barista has no university one), which works once, until it lapses or is revoked.
/// Only the hash of the link's token is stored.
public struct StaffInvitation: Hashable, Sendable {
    /// Where an invitation stands at an instant.
    public enum Status: String, Sendable, Codable {
        case pending, used, revoked, expired
    }

    public var id: Int64
    /// The address the link was mailed to, which becomes the staff account's login.
    public var email: String
    public var partnerID: String
    public var createdAt: Date
    public var expiresAt: Date
    /// The organiser who invited, by display name (`nil` once their account is gone).
    public var invitedBy: String?
    public var usedAt: Date?
    /// The staff account the invitation made, and its display name.
    public var staffID: Int64?
    public var staffName: String?
    public var revokedAt: Date?
    /// The organiser who revoked it, by display name.
    public var revokedBy: String?

    public init(id: Int64, email: String, partnerID: String, createdAt: Date, expiresAt: Date, invitedBy: String?,
                usedAt: Date? = nil, staffID: Int64? = nil, staffName: String? = nil, revokedAt: Date? = nil, revokedBy: String? = nil) {
        self.id = id
        self.email = email
        self.partnerID = partnerID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.invitedBy = invitedBy
        self.usedAt = usedAt
        self.staffID = staffID
        self.staffName = staffName
        self.revokedAt = revokedAt
        self.revokedBy = revokedBy
    }

    /// Used beats revoked beats expired: each is what happened first that ends the link.
    public func status(at date: Date) -> Status {
        if usedAt != nil { return .used }
        if revokedAt != nil { return .revoked }
        if expiresAt <= date { return .expired }
        return .pending
    }

    /// Why the link cannot make an account at `date`, or `nil` if it can; `invitation` is `nil`
    /// when no invitation has the token presented.
    public static func acceptRefusal(_ invitation: StaffInvitation?, at date: Date) -> InvitationRefusal? {
        guard let invitation else { return .notFound }
        switch invitation.status(at: date) {
        case .pending: return nil
        case .used: return .used(at: invitation.usedAt ?? date)
        case .revoked: return .revoked(at: invitation.revokedAt ?? date)
        case .expired: return .expired(at: invitation.expiresAt)
        }
    }

    /// Why the invitation cannot be revoked, or `nil` if it can. A used link made an account,
    /// which revoking would not undo (`puzzlemap staff remove` does); revoking twice changes nothing.
    public static func revokeRefusal(_ invitation: StaffInvitation?) -> InvitationRefusal? {
        guard let invitation else { return .notFound }
        if let usedAt = invitation.usedAt { return .cannotRevokeUsed(at: usedAt) }
        return nil
    }
}

/// Why an invitation use case refused. The HTTP layer maps each case, in one table, to a
/// status, a stable code, a detail and a hint.
public enum InvitationRefusal: Error, Hashable, Sendable {
    /// No partner in the content has this id; `known` are those that do.
    case unknownPartner(known: [String])
    /// The address is not one mail can go to.
    case invalidEmail
    /// No invitation has this token or id.
    case notFound
    case used(at: Date)
    case revoked(at: Date)
    case expired(at: Date)
    /// The invitation already made an account.
    case cannotRevokeUsed(at: Date)
}
