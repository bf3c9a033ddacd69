import Foundation

/// The session a refresh token names, as stored, read under its lock when the token is presented.
public struct RefreshingSession: Hashable, Sendable {
    public var session: Session
    /// When its refresh token was spent on a rotation, if it was.
    public var refreshedAt: Date?
    public var revokedAt: Date?

    public init(session: Session, refreshedAt: Date?, revokedAt: Date?) {
        self.session = session
        self.refreshedAt = refreshedAt
        self.revokedAt = revokedAt
    }

    /// What presenting its refresh token at `date` does. A token already spent means a copy is
    /// in someone else's hands, so the whole family goes, whoever presents it.
    public func decision(at date: Date) -> RefreshDecision {
        if refreshedAt != nil { return .revokeFamily }
        guard revokedAt == nil, session.refreshExpiresAt > date else { return .refuse }
        return .rotate
    }
}

/// What a presented refresh token does, and so what the store writes.
public enum RefreshDecision: Hashable, Sendable {
    /// Spend the token: its session is replaced by a new one in the same family.
    case rotate
    /// Reuse of a spent token: revoke every live session of the family.
    case revokeFamily
    /// Expired or revoked: nothing changes.
    case refuse
}
