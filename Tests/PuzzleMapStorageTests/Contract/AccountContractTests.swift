import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Accounts, email verification and password resets, alike on every store.
@Suite struct AccountContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func signingUpStoresTheAccountItsCodeAndItsWelcomeMail(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let account = try await repository.createAccount(
                email: "Ada@student.gla.ac.uk", username: "Ada_L", displayName: "Ada", passwordHash: "$argon2id$x",
                verificationCodeHash: "code", verificationExpiresAt: start + 900,
                mail: MailDraft(recipient: "Ada@student.gla.ac.uk", subject: "Welcome", body: "Code 1"), at: start)
            #expect(account == Account(player: Player(id: account.player.id, email: "Ada@student.gla.ac.uk", username: "Ada_L", displayName: "Ada",
                                                      createdAt: start),
                                       role: .player, partnerID: nil, emailVerifiedAt: nil, passwordHash: "$argon2id$x", deletedAt: nil))
            #expect(try await repository.account(id: account.player.id) == account)
            #expect(try await repository.account(login: "ada@STUDENT.gla.ac.uk") == account)
            #expect(try await repository.account(login: "ada_l") == account)
            #expect(try await repository.account(login: "nobody") == nil)
            #expect(try await repository.account(id: account.player.id + 1000) == nil)
            let mail = try await repository.allMail(limit: 10)
            #expect(mail.map(\.recipient) == ["Ada@student.gla.ac.uk"])
            #expect(mail.first?.subject == "Welcome")
            #expect(mail.first?.body == "Code 1")
            #expect(mail.first?.createdAt == start)
            #expect(mail.first?.sentAt == nil)
            #expect(mail.first?.attempts == 0)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func takenEmailsAndUsernamesConflictInAnyCaseEmailFirst(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.signUp("ada")
            await #expect(throws: StorageError.conflict("email")) {
                _ = try await repository.createAccount(
                    email: "ADA@student.gla.ac.uk", username: "other", displayName: "O", passwordHash: "h", verificationCodeHash: "c",
                    verificationExpiresAt: start, mail: ContractFixture.mail(to: "x"), at: start)
            }
            await #expect(throws: StorageError.conflict("username")) {
                _ = try await repository.createAccount(
                    email: "b@student.gla.ac.uk", username: "ADA", displayName: "O", passwordHash: "h", verificationCodeHash: "c",
                    verificationExpiresAt: start, mail: ContractFixture.mail(to: "x"), at: start)
            }
            await #expect(throws: StorageError.conflict("email")) {
                _ = try await repository.createAccount(
                    email: "ada@student.gla.ac.uk", username: "ada", displayName: "O", passwordHash: "h", verificationCodeHash: "c",
                    verificationExpiresAt: start, mail: ContractFixture.mail(to: "x"), at: start)
            }
            // NOCASE folds ASCII letters only: these are other names.
            _ = try await repository.createAccount(
                email: "éva@student.gla.ac.uk", username: "éva", displayName: "É", passwordHash: "h", verificationCodeHash: "c",
                verificationExpiresAt: start, mail: ContractFixture.mail(to: "x"), at: start)
            _ = try await repository.createAccount(
                email: "Éva@student.gla.ac.uk", username: "Éva", displayName: "É", passwordHash: "h", verificationCodeHash: "c",
                verificationExpiresAt: start, mail: ContractFixture.mail(to: "x"), at: start)
            #expect(try await repository.allMail(limit: 10).count == 3)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousSignUpsWithOneUsernameExactlyOneSucceeds(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let outcomes = try await concurrently(20) { index -> String in
                do {
                    _ = try await repository.createAccount(
                        email: "p\(index)@student.gla.ac.uk", username: index % 2 == 0 ? "same" : "SAME", displayName: "P", passwordHash: "h",
                        verificationCodeHash: "c", verificationExpiresAt: start, mail: ContractFixture.mail(to: "p\(index)"), at: start)
                    return "created"
                } catch let error as StorageError {
                    return "\(error)"
                }
            }
            #expect(outcomes.filter { $0 == "created" }.count == 1)
            #expect(outcomes.filter { $0 == "\(StorageError.conflict("username"))" }.count == 19)
            // The losers' transactions left nothing behind: no account, no mail.
            #expect(try await repository.allMail(limit: 100).count == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func updatingChangesOnlyWhatIsGiven(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let player = try await repository.signUp("ada")
            let renamed = try await repository.updateAccount(id: player.id, displayName: "Countess", passwordHash: nil)
            #expect(renamed.player.displayName == "Countess")
            #expect(renamed.passwordHash == "$argon2id$ada")
            let rehashed = try await repository.updateAccount(id: player.id, displayName: nil, passwordHash: "$argon2id$new")
            #expect(rehashed.player.displayName == "Countess")
            #expect(rehashed.passwordHash == "$argon2id$new")
            #expect(try await repository.account(id: player.id) == rehashed)
            await #expect(throws: StorageError.notFound("player \(player.id + 99)")) {
                _ = try await repository.updateAccount(id: player.id + 99, displayName: "X", passwordHash: nil)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func rolesAreSetByEmailInAnyCase(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let player = try await repository.signUp("quinn")
            let staff = try await repository.setRole(email: "QUINN@student.gla.ac.uk", role: .staff, partnerID: "qmu-cafe")
            #expect(staff.role == .staff)
            #expect(staff.partnerID == "qmu-cafe")
            #expect(try await repository.account(id: player.id)?.role == .staff)
            let admin = try await repository.setRole(email: "quinn@student.gla.ac.uk", role: .admin, partnerID: nil)
            #expect(admin.role == .admin)
            #expect(admin.partnerID == nil)
            await #expect(throws: StorageError.notFound("account nobody@gla.ac.uk")) {
                _ = try await repository.setRole(email: "nobody@gla.ac.uk", role: .staff, partnerID: nil)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func erasingAnAccountForgetsThePersonButKeepsTheAnonymousLedger(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let event = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: content.checkpoints[0].id, riddleID: nil,
                                                         xp: 25, at: start)
            _ = try await repository.createSession(playerID: ada.id, familyID: "f", tokens: tokens("a"), at: start)
            try await repository.createPasswordReset(playerID: ada.id, tokenHash: "reset", expiresAt: start + 3600,
                                                     mail: ContractFixture.mail(to: "ada"), at: start)
            try await repository.saveQuiz(playerID: ada.id, result: QuizResult(answers: [:], profile: TraitProfile(scores: [:]), takenAt: start))

            try await repository.eraseAccount(id: ada.id, at: start + 60)
            #expect(try await repository.account(id: ada.id) == nil)
            #expect(try await repository.account(login: "ada") == nil)
            #expect(try await repository.signedIn(accessHash: "access-a", at: start) == nil)
            #expect(try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "x", at: start + 120) == nil)
            #expect(try await repository.events(playerID: ada.id) == [event])
            #expect(try await repository.leaderboard(viewer: ada.id, period: .all, limit: 10, at: start).isEmpty)
            #expect(try await repository.standing(playerID: ada.id, period: .all, at: start) == (nil, 0))
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 5, at: start) == false)
            await #expect(throws: StorageError.notFound("player \(ada.id)")) { try await repository.eraseAccount(id: ada.id, at: start) }
            // The address and the name are free again.
            let again = try await repository.signUp("ada")
            #expect(again.id != ada.id)
        }
    }

    // MARK: Email verification

    @Test(arguments: StorageBackend.allCases)
    func theRightCodeVerifiesOnceAndWrongOnesAreCountedUpToTheLimit(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "wrong", maxAttempts: 3, at: start) == false)
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "wrong", maxAttempts: 3, at: start) == false)
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 3, at: start + 1))
            #expect(try await repository.account(id: ada.id)?.emailVerifiedAt == start + 1)
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 3, at: start + 2) == false)
            #expect(try await repository.account(id: ada.id)?.emailVerifiedAt == start + 1)

            let bob = try await repository.signUp("bob")
            for _ in 0..<3 { _ = try await repository.verifyEmail(playerID: bob.id, codeHash: "wrong", maxAttempts: 3, at: start) }
            #expect(try await repository.verifyEmail(playerID: bob.id, codeHash: "code-bob", maxAttempts: 3, at: start) == false)
            // A new code starts the count again, and its mail is queued.
            try await repository.replaceVerificationCode(playerID: bob.id, codeHash: "new", expiresAt: start + 600,
                                                         mail: MailDraft(recipient: "bob", subject: "New code", body: "2"), at: start + 5)
            #expect(try await repository.allMail(limit: 1).first?.subject == "New code")
            #expect(try await repository.verifyEmail(playerID: bob.id, codeHash: "code-bob", maxAttempts: 3, at: start + 6) == false)
            #expect(try await repository.verifyEmail(playerID: bob.id, codeHash: "new", maxAttempts: 3, at: start + 7))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anExpiredCodeNeverVerifies(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada") // its code lapses an hour after the start
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 3, at: start + 3600) == false)
            #expect(try await repository.account(id: ada.id)?.emailVerifiedAt == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousWrongGuessesEachCount(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let results = try await concurrently(10) { _ in
                try await repository.verifyEmail(playerID: ada.id, codeHash: "wrong", maxAttempts: 5, at: start)
            }
            #expect(results == Array(repeating: false, count: 10))
            // Five were counted; the right code now comes too late.
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 5, at: start) == false)
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 6, at: start))
        }
    }

    // MARK: Password resets

    @Test(arguments: StorageBackend.allCases)
    func aResetTokenSetsThePasswordAndRevokesEverySessionOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            _ = try await repository.createSession(playerID: ada.id, familyID: "f1", tokens: tokens("1"), at: start)
            _ = try await repository.createSession(playerID: ada.id, familyID: "f2", tokens: tokens("2"), at: start)
            try await repository.createPasswordReset(playerID: ada.id, tokenHash: "reset", expiresAt: start + 3600,
                                                     mail: MailDraft(recipient: "ada", subject: "Reset", body: "link"), at: start)
            #expect(try await repository.pendingMail(limit: 10, at: start).map(\.subject) == ["Welcome", "Reset"])
            #expect(try await repository.resetPassword(tokenHash: "unknown", newPasswordHash: "x", at: start) == nil)
            #expect(try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "$argon2id$new", at: start + 60) == ada.id)
            #expect(try await repository.account(id: ada.id)?.passwordHash == "$argon2id$new")
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 61) == nil)
            #expect(try await repository.signedIn(accessHash: "access-2", at: start + 61) == nil)
            #expect(try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "$argon2id$again", at: start + 120) == nil)
            #expect(try await repository.account(id: ada.id)?.passwordHash == "$argon2id$new")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anExpiredResetTokenDoesNothing(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            try await repository.createPasswordReset(playerID: ada.id, tokenHash: "reset", expiresAt: start + 3600,
                                                     mail: ContractFixture.mail(to: "ada"), at: start)
            #expect(try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "x", at: start + 3600) == nil)
            #expect(try await repository.account(id: ada.id)?.passwordHash == "$argon2id$ada")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousResetsWithOneTokenExactlyOneSucceeds(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            try await repository.createPasswordReset(playerID: ada.id, tokenHash: "reset", expiresAt: start + 3600,
                                                     mail: ContractFixture.mail(to: "ada"), at: start)
            let results = try await concurrently(20) { index in
                try await repository.resetPassword(tokenHash: "reset", newPasswordHash: "hash-\(index)", at: start + 1)
            }
            #expect(results.compactMap { $0 } == [ada.id])
        }
    }

    // MARK: Mail

    @Test(arguments: StorageBackend.allCases)
    func mailIsSentOnceAndAFailedOneWaitsForItsRetry(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.signUp("ada")
            _ = try await repository.signUp("bob", at: start + 1)
            let pending = try await repository.pendingMail(limit: 10, at: start + 1)
            #expect(pending.map(\.recipient) == ["ada@student.gla.ac.uk", "bob@student.gla.ac.uk"])
            #expect(try await repository.pendingMail(limit: 1, at: start + 1).map(\.recipient) == ["ada@student.gla.ac.uk"])
            #expect(try await repository.pendingMail(limit: 10, at: start).map(\.recipient) == ["ada@student.gla.ac.uk"])

            try await repository.markMailSent(id: pending[0].id, at: start + 5)
            try await repository.markMailFailed(id: pending[1].id, error: "sendmail exited with 75", retryAt: start + 300)
            #expect(try await repository.pendingMail(limit: 10, at: start + 299).isEmpty)
            let retry = try await repository.pendingMail(limit: 10, at: start + 300)
            #expect(retry.map(\.id) == [pending[1].id])
            #expect(retry.first?.attempts == 1)
            #expect(retry.first?.lastError == "sendmail exited with 75")

            try await repository.markMailSent(id: pending[1].id, at: start + 301)
            let all = try await repository.allMail(limit: 10)
            #expect(all.map(\.id) == [pending[1].id, pending[0].id])
            #expect(all.map(\.sentAt) == [start + 301, start + 5])
            #expect(all.map(\.attempts) == [2, 1])
            #expect(all.map(\.lastError) == [nil, nil])
            #expect(try await repository.pendingMail(limit: 10, at: start + 1000).isEmpty)
        }
    }

    // MARK: Rate limits

    @Test(arguments: StorageBackend.allCases)
    func eventsAreCountedPerKeyInFixedWindows(_ backend: StorageBackend) async throws {
        try await backend.withRepository { (repository) async throws in
            #expect(try await repository.eventCount(key: "login:ada", window: 60, at: start) == 0)
            #expect(try await repository.countEvent(key: "login:ada", window: 60, at: start) == 1)
            #expect(try await repository.countEvent(key: "login:ada", window: 60, at: start + 30) == 2)
            #expect(try await repository.countEvent(key: "login:bob", window: 60, at: start + 30) == 1)
            #expect(try await repository.eventCount(key: "login:ada", window: 60, at: start + 59) == 2)
            #expect(try await repository.eventCount(key: "login:ada", window: 60, at: start + 60) == 0)
            // A new window starts with the first event after the old one ends.
            #expect(try await repository.countEvent(key: "login:ada", window: 60, at: start + 60) == 1)
            #expect(try await repository.countEvent(key: "login:ada", window: 60, at: start + 119) == 2)
            #expect(try await repository.eventCount(key: "login:ada", window: 60, at: start + 119) == 2)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aClockThatStepsBackAWindowOrMoreStartsAFreshWindowAndASmallSkewDoesNot(_ backend: StorageBackend) async throws {
        try await backend.withRepository { (repository) async throws in
            for _ in 0..<10 { _ = try await repository.countEvent(key: "scan:1", window: 60, at: start) }
            // Two instances' clocks a little apart: the limit holds whichever counts.
            #expect(try await repository.countEvent(key: "scan:1", window: 60, at: start - 0.5) == 11)
            #expect(try await repository.eventCount(key: "scan:1", window: 60, at: start - 59) == 11)
            // The clock stepped back an hour: the window from "the future" is over, not an hour-long lock.
            #expect(try await repository.eventCount(key: "scan:1", window: 60, at: start - 3600) == 0)
            #expect(try await repository.countEvent(key: "scan:1", window: 60, at: start - 3600) == 1)
            // And forward a day: over as well, nothing negative or carried.
            #expect(try await repository.eventCount(key: "scan:1", window: 60, at: start + 86_400) == 0)
            #expect(try await repository.countEvent(key: "scan:1", window: 60, at: start + 86_400) == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousEventsAreEachCountedOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let counts = try await concurrently(50) { _ in try await repository.countEvent(key: "scan:1", window: 60, at: start) }
            #expect(counts.sorted() == Array(1...50))
            #expect(try await repository.eventCount(key: "scan:1", window: 60, at: start) == 50)
        }
    }
}

/// Token hashes named after a suffix, expiring an hour (access) and thirty days (refresh)
/// after the start.
func tokens(_ suffix: String, from date: Date = ContractFixture.start) -> NewSessionTokens {
    NewSessionTokens(accessHash: "access-\(suffix)", refreshHash: "refresh-\(suffix)", accessExpiresAt: date + 3600,
                     refreshExpiresAt: date + 30 * 86_400)
}
