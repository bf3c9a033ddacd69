import Foundation
import PuzzleMapCore

/// The account a staff invitation makes when its link is accepted.
public struct NewStaffAccount: Sendable {
    public var username: String
    public var displayName: String
    public var passwordHash: String

    public init(username: String, displayName: String, passwordHash: String) {
        self.username = username
        self.displayName = displayName
        self.passwordHash = passwordHash
    }
}

/// Organisers' invitations for shop staff. The token is stored only as its hash; the decisions
/// (may this link still be used, may it be revoked) are the game's, made under the store's lock.
public protocol StaffInvitationStore: Sendable {
    /// Records an invitation by the organiser `invitedBy`, queues its mail and appends the
    /// audit line `audit` gives for it, in one transaction.
    func createStaffInvitation(email: String, partnerID: String, tokenHash: String, invitedBy: Int64, expiresAt: Date,
                               mail: MailDraft, at date: Date, audit: @Sendable (StaffInvitation) -> AuditRecord) async throws -> StaffInvitation
    /// Every invitation, newest first.
    func staffInvitations() async throws -> [StaffInvitation]
    /// The invitation whose token has this hash, whatever its state.
    func staffInvitation(tokenHash: String) async throws -> StaffInvitation?
    /// Reads the invitation under its lock (`nil` if none has the id), and marks it revoked by
    /// `revokedBy`, with the audit line `audit` gives, unless `decide` refuses; revoking a
    /// revoked one leaves it as it was, and writes no line.
    func revokeStaffInvitation(id: Int64, by revokedBy: Int64, at date: Date, audit: @Sendable (StaffInvitation) -> AuditRecord,
                               decide: @Sendable (StaffInvitation?) -> InvitationRefusal?) async throws -> Result<StaffInvitation, InvitationRefusal>
    /// Reads the invitation whose token has this hash under its lock (`nil` if none) and, unless
    /// `decide` refuses, creates the staff account (the invitation's email, verified, staff of
    /// its partner) and marks the invitation used by it, in one transaction: of simultaneous
    /// acceptances, `decide` sees each after the one before, so only one makes an account.
    /// `StorageError.conflict("email")` if an account has the address already.
    func acceptStaffInvitation(tokenHash: String, account: NewStaffAccount, at date: Date,
                               decide: @Sendable (StaffInvitation?) -> InvitationRefusal?) async throws -> Result<Account, InvitationRefusal>
}
