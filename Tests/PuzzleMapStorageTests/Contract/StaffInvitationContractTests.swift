import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// What every store does with staff invitations: the token is found by its hash alone, the mail
/// is queued with the invitation, and an acceptance makes exactly one verified staff account
/// under the invitation's lock, however many arrive at once.
@Suite struct StaffInvitationContractTests {
    let start = ContractFixture.start

    static func invite(_ email: String, by organiser: Player, tokenHash: String, at date: Date = ContractFixture.start,
                       _ repository: any HuntRepository) async throws -> StaffInvitation {
        try await repository.createStaffInvitation(
            email: email, partnerID: "qmu-cafe", tokenHash: tokenHash, invitedBy: organiser.id, expiresAt: date + 3600,
            mail: MailDraft(recipient: email, subject: "Invitation", body: "Open the link"), at: date) { invitation in
            AuditRecord(actorID: organiser.id, actorName: organiser.username, action: .staffInvited, subject: "staff-invitation:\(invitation.id)",
                        detail: invitation.email)
        }
    }

    static func revoke(_ id: Int64, by organiser: Player, at date: Date, _ repository: any HuntRepository) async throws
        -> Result<StaffInvitation, InvitationRefusal> {
        try await repository.revokeStaffInvitation(id: id, by: organiser.id, at: date, audit: { invitation in
            AuditRecord(actorID: organiser.id, actorName: organiser.username, action: .staffInvitationRevoked,
                        subject: "staff-invitation:\(invitation.id)", detail: invitation.email)
        }, decide: { StaffInvitation.revokeRefusal($0) })
    }

    static func accept(_ tokenHash: String, as name: String, at date: Date, _ repository: any HuntRepository)
        async throws -> Result<Account, InvitationRefusal> {
        try await repository.acceptStaffInvitation(
            tokenHash: tokenHash, account: NewStaffAccount(username: "staff-\(name.lowercased())", displayName: name, passwordHash: "$argon2id$\(name)"),
            at: date) { StaffInvitation.acceptRefusal($0, at: date) }
    }

    @Test(arguments: StorageBackend.allCases)
    func anInvitationIsStoredWithItsMailAndFoundOnlyByItsTokensHash(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            let invitation = try await Self.invite("barista@kimchi-cafe.example", by: adam, tokenHash: "hash-1", repository)
            #expect(invitation == StaffInvitation(id: invitation.id, email: "barista@kimchi-cafe.example", partnerID: "qmu-cafe",
                                                  createdAt: start, expiresAt: start + 3600, invitedBy: "Adam"))
            #expect(try await repository.staffInvitation(tokenHash: "hash-1") == invitation)
            #expect(try await repository.staffInvitation(tokenHash: "hash-2") == nil)
            let mail = try await repository.allMail(limit: 10).filter { $0.recipient == "barista@kimchi-cafe.example" }
            #expect(mail.map(\.subject) == ["Invitation"])
            let later = try await Self.invite("cook@kimchi-cafe.example", by: adam, tokenHash: "hash-2", at: start + 60, repository)
            #expect(try await repository.staffInvitations().map(\.id) == [later.id, invitation.id])
            // Each invitation's audit line was written with it.
            #expect(try await repository.auditLog(limit: 10).map(\.record.subject) == ["staff-invitation:\(later.id)", "staff-invitation:\(invitation.id)"])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func acceptingMakesAVerifiedStaffAccountOfThePartnerAndSpendsTheInvitation(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            let invitation = try await Self.invite("barista@kimchi-cafe.example", by: adam, tokenHash: "hash-1", repository)
            let account = try await Self.accept("hash-1", as: "Sam", at: start + 60, repository).get()
            #expect(account.role == .staff && account.partnerID == "qmu-cafe" && account.emailVerifiedAt == start + 60)
            #expect(account.player.email == "barista@kimchi-cafe.example" && account.player.displayName == "Sam")
            #expect(try await repository.account(login: "barista@kimchi-cafe.example") == account)
            let used = try #require(try await repository.staffInvitation(tokenHash: "hash-1"))
            #expect(used.usedAt == start + 60 && used.staffID == account.player.id && used.staffName == "Sam")
            #expect(used.status(at: start + 61) == .used)
            // Once used, it never makes another account.
            #expect(try await Self.accept("hash-1", as: "Mallory", at: start + 120, repository) == .failure(.used(at: start + 60)))
            #expect(try await Self.accept("hash-9", as: "Mallory", at: start + 120, repository) == .failure(.notFound))
            #expect(try await repository.account(login: "staff-mallory") == nil)
            _ = invitation
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofTwentySimultaneousAcceptancesExactlyOneMakesAnAccount(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            _ = try await Self.invite("barista@kimchi-cafe.example", by: adam, tokenHash: "hash-1", repository)
            let outcomes = try await concurrently(20) { index in
                try await Self.accept("hash-1", as: "Sam\(index)", at: ContractFixture.start + 60, repository)
            }
            let accounts = outcomes.compactMap { try? $0.get() }
            #expect(accounts.count == 1)
            #expect(outcomes.filter { $0 == .failure(.used(at: ContractFixture.start + 60)) }.count == 19)
            #expect(try await repository.account(login: "barista@kimchi-cafe.example")?.player.id == accounts.first?.player.id)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aRevokedInvitationNamesWhoRevokedItAndNoLongerMakesAnAccount(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            let eve = try await repository.signUp("eve")
            let invitation = try await Self.invite("barista@kimchi-cafe.example", by: adam, tokenHash: "hash-1", repository)
            let revoked = try await Self.revoke(invitation.id, by: eve, at: start + 30, repository).get()
            #expect(revoked.revokedAt == start + 30 && revoked.revokedBy == "Eve" && revoked.status(at: start + 31) == .revoked)
            // Revoking again leaves it as it was.
            let again = try await Self.revoke(invitation.id, by: adam, at: start + 40, repository)
            #expect(again == .success(revoked))
            let lines = try await repository.auditLog(limit: 10).map { "\($0.record.actorName) \($0.record.action.rawValue)" }
            #expect(lines == ["eve staff_invitation_revoked", "adam staff_invited"])
            #expect(try await Self.accept("hash-1", as: "Sam", at: start + 60, repository) == .failure(.revoked(at: start + 30)))
            #expect(try await repository.account(login: "barista@kimchi-cafe.example") == nil)
            #expect(try await Self.revoke(invitation.id + 100, by: eve, at: start, repository) == .failure(.notFound))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aUsedInvitationCannotBeRevokedAndALapsedOneCannotBeAccepted(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            let used = try await Self.invite("barista@kimchi-cafe.example", by: adam, tokenHash: "hash-1", repository)
            _ = try await Self.accept("hash-1", as: "Sam", at: start + 60, repository).get()
            #expect(try await Self.revoke(used.id, by: adam, at: start + 90, repository) == .failure(.cannotRevokeUsed(at: start + 60)))
            _ = try await Self.invite("cook@kimchi-cafe.example", by: adam, tokenHash: "hash-2", repository)
            #expect(try await Self.accept("hash-2", as: "Cook", at: start + 3600, repository) == .failure(.expired(at: start + 3600)))
            #expect(try await repository.account(login: "cook@kimchi-cafe.example") == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anInvitationToAnAddressWithAnAccountMakesNone(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            _ = try await repository.signUp("ada")
            _ = try await Self.invite("ada@student.gla.ac.uk", by: adam, tokenHash: "hash-1", repository)
            await #expect(throws: StorageError.conflict("email")) { try await Self.accept("hash-1", as: "Ada", at: start + 60, repository) }
            #expect(try await repository.staffInvitation(tokenHash: "hash-1")?.usedAt == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func erasingAStaffAccountRemovesItsAddressFromTheInvitation(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let adam = try await repository.signUp("adam")
            _ = try await Self.invite("barista@kimchi-cafe.example", by: adam, tokenHash: "hash-1", repository)
            let staff = try await Self.accept("hash-1", as: "Sam", at: start + 60, repository).get()
            let placeholder = ErasedPlayer(id: staff.player.id)
            try await repository.eraseAccount(id: staff.player.id, leaving: placeholder, at: start + 120)
            #expect(try await repository.staffInvitation(tokenHash: "hash-1")?.email == placeholder.email)
        }
    }
}
