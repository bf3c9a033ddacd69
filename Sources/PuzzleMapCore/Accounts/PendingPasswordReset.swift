import Foundation

/// A mailed password reset as stored, read under its lock when the token comes back.
public struct PendingPasswordReset: Hashable, Sendable {
    public var playerID: Int64
    public var expiresAt: Date
    public var usedAt: Date?

    public init(playerID: Int64, expiresAt: Date, usedAt: Date?) {
        self.playerID = playerID
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// A reset token works once, and only before it lapses.
    public func isSpendable(at date: Date) -> Bool {
        usedAt == nil && expiresAt > date
    }
}
