// STAND-IN for the lead's organiser gate (Organising/AuditEntry.swift on the lead's branch):
// the same `Organiser` without its audit lines, so the dashboard, reports and exports can be
// built and tested before that lands. Delete this file at the merge.

/// An organiser: an account with the admin role. Only the organising use cases take one, so a
/// player or shop account cannot reach them.
public struct Organiser: Hashable, Sendable {
    public let account: Account

    /// `nil` unless the account organises.
    public init?(_ account: Account) {
        guard account.role == .admin else { return nil }
        self.account = account
    }
}
