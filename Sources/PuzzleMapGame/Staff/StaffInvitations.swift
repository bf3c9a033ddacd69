import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import PuzzleMapTexts

/// An invitation just made: the token is in the mail and in this answer, and nowhere else.
public struct IssuedStaffInvitation: Sendable {
    public let invitation: StaffInvitation
    public let token: String
    /// `<publicURL>/staff/join/<token>`, the link the mail carries.
    public let link: String
}

/// Organisers invite shop staff by any email address; the invited person opens the link once,
/// chooses a name and a password, and is staff of the partner, signed in.
extension Hunt {
    /// Invites `email` to become staff of `partnerID`, on behalf of `organiser`, and queues the mail
    /// (in `language`, the organiser's: the barista's is not known yet).
    public func inviteStaff(email: String, partnerID: String, by organiser: Organiser,
                            language: String = TextBook.english) async throws -> IssuedStaffInvitation {
        let email = AccountPolicy.normalisedEmail(email)
        guard AccountPolicy.isWellFormedEmail(email) else { throw InvitationRefusal.invalidEmail }
        guard let partner = content.partner(id: partnerID) else {
            throw InvitationRefusal.unknownPartner(known: content.partners.map(\.id))
        }
        // A player (or staff) with this address already has an account: `puzzlemap staff add` changes its role.
        guard try await repository.account(login: email) == nil else { throw AccountRefusal.emailTaken }
        let token = SecretToken.generate()
        let link = "\(Self.trimmed(publicURL))/staff/join/\(token)"
        let now = now()
        let invitation = try await repository.createStaffInvitation(
            email: email, partnerID: partner.id, tokenHash: tokenHash(token), invitedBy: organiser.account.player.id,
            expiresAt: now + limits.staffInvitationLifetime,
            mail: AccountMail.staffInvitation(to: email, partner: partner.name, organiser: organiser.account.player.displayName, link: link,
                                              lifetimeMinutes: limits.staffInvitationHours * 60, hunt: content.info.title, language: language),
            at: now) { invitation in
                organiser.record(.staffInvited, subject: "staff-invitation:\(invitation.id)", detail: "\(invitation.email) for \(invitation.partnerID)")
            }
        return IssuedStaffInvitation(invitation: invitation, token: token, link: link)
    }

    /// Every invitation, newest first, for the organisers' list.
    public func staffInvitations(for organiser: Organiser) async throws -> [StaffInvitation] {
        try await repository.staffInvitations()
    }

    /// Revokes a pending (or lapsed) invitation; one already used is refused, one already revoked stays as it was.
    public func revokeStaffInvitation(id: Int64, by organiser: Organiser) async throws -> StaffInvitation {
        try await repository.revokeStaffInvitation(id: id, by: organiser.account.player.id, at: now(), audit: { invitation in
            organiser.record(.staffInvitationRevoked, subject: "staff-invitation:\(invitation.id)", detail: "\(invitation.email) for \(invitation.partnerID)")
        }, decide: { StaffInvitation.revokeRefusal($0) }).get()
    }

    /// The invitation a link names, while it can still be accepted; otherwise why not.
    public func openStaffInvitation(token: String) async throws -> StaffInvitation {
        let invitation = try await repository.staffInvitation(tokenHash: tokenHash(token))
        if let refusal = StaffInvitation.acceptRefusal(invitation, at: now()) { throw refusal }
        guard let invitation else { throw InvitationRefusal.notFound }
        return invitation
    }

    /// Spends the link on a staff account with the invitation's address (verified: the link
    /// came to it), the partner's role and the password chosen. The same password rules as a
    /// player's apply. Of two simultaneous acceptances, only one makes an account.
    public func acceptStaffInvitation(token: String, displayName: String, password: String) async throws -> Account {
        let invitation = try await openStaffInvitation(token: token)
        let displayName = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        try Self.checkDisplayName(displayName)
        if let weakness = AccountPolicy.weakness(of: password, username: "", email: invitation.email) {
            throw AccountRefusal.weakPassword(reason: weakness)
        }
        // Staff sign in with their email; the username only has to be unique, and a hyphen keeps
        // it out of the names players can choose.
        let account = NewStaffAccount(username: "staff-\(invitation.id)", displayName: displayName,
                                      passwordHash: try await passwordHasher.hash(password))
        let now = now()
        do {
            return try await repository.acceptStaffInvitation(tokenHash: tokenHash(token), account: account, at: now) {
                StaffInvitation.acceptRefusal($0, at: now)
            }.get()
        } catch StorageError.conflict("email") {
            throw AccountRefusal.emailTaken
        }
    }

    static func trimmed(_ url: String) -> String {
        var base = url
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}
