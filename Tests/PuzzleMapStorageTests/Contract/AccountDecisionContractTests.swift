import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// What every store does with the game's account decisions: it shows `decide` the state as
/// stored, under its lock, and writes exactly what the decision says, whatever it is.
@Suite struct AccountDecisionContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func aVerificationVerdictIsAppliedAsGiven(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let stored = PendingVerification(codeHash: "code-ada", expiresAt: start + 3600, failedAttempts: 0)
            let wrong = try await repository.verifyEmail(playerID: ada.id, at: start) { pending in
                #expect(pending == stored)
                return .wrongCode
            }
            #expect(wrong == .wrongCode)
            let refused = try await repository.verifyEmail(playerID: ada.id, at: start) { pending in
                #expect(pending.failedAttempts == 1)
                return .refused
            }
            #expect(refused == .refused)
            #expect(try await repository.account(id: ada.id)?.emailVerifiedAt == nil)
            let verified = try await repository.verifyEmail(playerID: ada.id, at: start + 5) { pending in
                #expect(pending.failedAttempts == 1)
                return .verified
            }
            #expect(verified == .verified)
            #expect(try await repository.account(id: ada.id)?.emailVerifiedAt == start + 5)
            // The code is spent: there is nothing left to decide on.
            #expect(try await repository.verifyEmail(playerID: ada.id, at: start + 6) { _ in .verified } == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefreshDecisionIsAppliedAsGiven(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let session = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            let refusedRefresh = try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("2"), at: start + 1) { stored in
                #expect(stored == RefreshingSession(session: session, refreshedAt: nil, revokedAt: nil))
                return .refuse
            }
            #expect(refusedRefresh == .invalid)
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 2)?.session == session)
            #expect(try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("3"), at: start + 3) { _ in .revokeFamily }
                    == .reuseDetected)
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 4) == nil)
            let afterRevocation = try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("4"), at: start + 5) { stored in
                #expect(stored.refreshedAt == nil)
                #expect(stored.revokedAt == start + 3)
                return .refuse
            }
            #expect(afterRevocation == .invalid)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aResetIsSpentOnlyWhenAdmitted(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            try await repository.createPasswordReset(playerID: ada.id, tokenHash: "reset", expiresAt: start + 3600,
                                                     mail: ContractFixture.mail(to: "ada"), at: start)
            let refusedReset = try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "refused", at: start + 1) { reset in
                #expect(reset == PendingPasswordReset(playerID: ada.id, expiresAt: start + 3600, usedAt: nil))
                return false
            }
            #expect(refusedReset == nil)
            #expect(try await repository.account(id: ada.id)?.passwordHash == "$argon2id$ada")
            #expect(try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "admitted", at: start + 2) { _ in true } == ada.id)
            #expect(try await repository.account(id: ada.id)?.passwordHash == "admitted")
            let spentReset = try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "again", at: start + 3) { reset in
                #expect(reset.usedAt == start + 2)
                return false
            }
            #expect(spentReset == nil)
        }
    }
}
