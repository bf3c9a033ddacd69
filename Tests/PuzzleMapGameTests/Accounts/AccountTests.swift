import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// The account use cases on a real (in-memory) store with a pinned clock.
@Suite struct AccountTests {
    static let password = "correct horse battery"

    /// The mailed line of `length` characters: a code (6 digits) or a reset token (43).
    func mailed(_ length: Int, to email: String, in world: GameWorld) async throws -> String {
        let mail = try #require(try await world.hunt.repository.allMail(limit: 10).first { $0.recipient == email })
        return try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == length && !$0.contains(" ") })
    }

    func signedUp(_ world: GameWorld, _ username: String = "ada") async throws -> Account {
        try await world.hunt.signUp(email: " \(username.uppercased())@Student.gla.ac.uk ", username: username, password: Self.password,
                                    displayName: "  \(username.capitalized) ")
    }

    @Test func signUpKeepsTheNormalisedAddressAndMailsACodeThatVerifiesIt() async throws {
        let world = try await GameWorld()
        let account = try await signedUp(world)
        #expect(account.player.email == "ada@student.gla.ac.uk")
        #expect(account.player.displayName == "Ada")
        #expect(account.emailVerifiedAt == nil)
        let code = try await mailed(6, to: "ada@student.gla.ac.uk", in: world)
        await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: 24 * 60)) {
            try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: code == "000000" ? "111111" : "000000")
        }
        world.clock.advance(by: 10)
        try await world.hunt.verifyEmail(email: "ADA@student.gla.ac.uk", code: "\(code.prefix(3))-\(code.dropFirst(3))")
        let verifiedAt = world.clock.now
        #expect(try await world.hunt.repository.account(id: account.player.id)?.emailVerifiedAt == verifiedAt)
        // Verified stays verified, whatever code comes next, and keeps the time it was verified.
        world.clock.advance(by: 3600)
        try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: "000000")
        #expect(try await world.hunt.repository.account(id: account.player.id)?.emailVerifiedAt == verifiedAt)
    }

    @Test func theMailsAndRefusalsQuoteTheLimitsOfGameYaml() async throws {
        let world = try await GameWorld { limits in
            limits.verificationCodeHours = 2
            limits.passwordResetMinutes = 45
        }
        _ = try await signedUp(world)
        try await world.hunt.requestPasswordReset(email: "ada@student.gla.ac.uk")
        let bodies = try await world.hunt.repository.allMail(limit: 10).map(\.body)
        #expect(bodies.contains { $0.contains("The code expires in 2 hours.") })
        #expect(bodies.contains { $0.contains("within 45 minutes (it works once)") })
        await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: 120)) {
            try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: "000000x")
        }
        await #expect(throws: AccountRefusal.invalidResetToken(lifetimeMinutes: 45)) {
            try await world.hunt.resetPassword(token: "not-a-token", newPassword: "a brand new secret")
        }
    }

    @Test func signUpRefusesOutsideAddressesTakenNamesAndWeakPasswords() async throws {
        let world = try await GameWorld()
        _ = try await signedUp(world)
        await #expect(throws: AccountRefusal.emailDomainNotAllowed(domains: ["student.gla.ac.uk", "gla.ac.uk"])) {
            try await world.hunt.signUp(email: "ada@gmail.com", username: "ada2", password: Self.password, displayName: "Ada")
        }
        await #expect(throws: AccountRefusal.emailTaken) {
            try await world.hunt.signUp(email: "Ada@student.gla.ac.uk", username: "ada2", password: Self.password, displayName: "Ada")
        }
        await #expect(throws: AccountRefusal.usernameTaken) {
            try await world.hunt.signUp(email: "ada2@student.gla.ac.uk", username: "ada", password: Self.password, displayName: "Ada")
        }
        await #expect(throws: AccountRefusal.invalidUsername) {
            try await world.hunt.signUp(email: "ada2@student.gla.ac.uk", username: "Ada", password: Self.password, displayName: "Ada")
        }
        await #expect(throws: AccountRefusal.invalidDisplayName) {
            try await world.hunt.signUp(email: "ada2@student.gla.ac.uk", username: "ada2", password: Self.password, displayName: "  ")
        }
        await #expect(throws: AccountRefusal.weakPassword(reason: "it has fewer than 10 characters")) {
            try await world.hunt.signUp(email: "ada2@student.gla.ac.uk", username: "ada2", password: "short", displayName: "Ada")
        }
    }

    @Test func aPlayerWhoseCodeExpiredCanAskForANewOne() async throws {
        let world = try await GameWorld()
        let account = try await signedUp(world)
        let old = try await mailed(6, to: "ada@student.gla.ac.uk", in: world)
        world.clock.advance(by: 24 * 3600)
        await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: 24 * 60)) { try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: old) }

        try await world.hunt.sendNewVerificationCode(email: "Ada@student.gla.ac.uk")
        let mails = try await world.hunt.repository.allMail(limit: 10)
        #expect(mails.count == 2)
        #expect(mails.first?.subject.hasSuffix(": your verification code") == true)
        let new = try await mailed(6, to: "ada@student.gla.ac.uk", in: world)
        if new != old {
            await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: 24 * 60)) { try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: old) }
        }
        try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: new)
        #expect(try await world.hunt.repository.account(id: account.player.id)?.emailVerifiedAt == world.clock.now)

        // No mail for a verified address, nor for one without an account.
        try await world.hunt.sendNewVerificationCode(email: "ada@student.gla.ac.uk")
        try await world.hunt.sendNewVerificationCode(email: "nobody@student.gla.ac.uk")
        #expect(try await world.hunt.repository.allMail(limit: 10).count == 2)
    }

    @Test func aNewCodeStartsTheCountOfWrongGuessesAgain() async throws {
        let world = try await GameWorld { $0.verificationAttempts = 2 }
        _ = try await signedUp(world)
        let code = try await mailed(6, to: "ada@student.gla.ac.uk", in: world)
        let wrong = code == "000000" ? "111111" : "000000"
        for _ in 0..<2 {
            await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: 24 * 60)) { try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: wrong) }
        }
        await #expect(throws: AccountRefusal.invalidVerificationCode(lifetimeMinutes: 24 * 60)) { try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: code) }
        try await world.hunt.sendNewVerificationCode(email: "ada@student.gla.ac.uk")
        try await world.hunt.verifyEmail(email: "ada@student.gla.ac.uk", code: try await mailed(6, to: "ada@student.gla.ac.uk", in: world))
    }

    @Test func failedSignInsAreRefusedPastTheLimitUntilTheWindowEnds() async throws {
        let world = try await GameWorld { limits in
            limits.signInFailuresPerAccount = 3
            limits.signInSlowdownAfter = 100
        }
        _ = try await signedUp(world)
        for _ in 0..<3 {
            await #expect(throws: AccountRefusal.invalidCredentials) {
                try await world.hunt.signIn(login: "ada", password: "wrong password!", from: "10.0.0.1")
            }
        }
        await #expect(throws: AccountRefusal.tooManyAttempts(retryAfter: 900)) {
            try await world.hunt.signIn(login: "ADA", password: Self.password, from: "10.0.0.2")
        }
        world.clock.advance(by: 900)
        let issued = try await world.hunt.signIn(login: "ADA@student.gla.ac.uk", password: Self.password, from: "10.0.0.1")
        #expect(issued.expiresIn == 3600)
        #expect(issued.account.player.username == "ada")
        #expect(try await world.hunt.signedIn(accessToken: issued.accessToken)?.account == issued.account)
    }

    @Test func anUnknownLoginFailsLikeAWrongPassword() async throws {
        let world = try await GameWorld()
        await #expect(throws: AccountRefusal.invalidCredentials) {
            try await world.hunt.signIn(login: "nobody", password: Self.password, from: "10.0.0.1")
        }
        #expect(try await world.hunt.repository.eventCount(key: "login:account:nobody", window: 900, at: world.clock.now) == 1)
        #expect(try await world.hunt.repository.eventCount(key: "login:address:10.0.0.1", window: 900, at: world.clock.now) == 1)
    }

    @Test func aRefreshRotatesOnceAndReuseOfTheSpentTokenRevokesTheFamily() async throws {
        let world = try await GameWorld()
        _ = try await signedUp(world)
        let first = try await world.hunt.signIn(login: "ada", password: Self.password, from: "10.0.0.1")
        world.clock.advance(by: 60)
        let second = try await world.hunt.refresh(refreshToken: first.refreshToken)
        #expect(try await world.hunt.signedIn(accessToken: first.accessToken) == nil)
        let session = try #require(try await world.hunt.signedIn(accessToken: second.accessToken)).session
        #expect(session.accessExpiresAt == world.clock.now + 3600)
        #expect(session.refreshExpiresAt == world.clock.now + 30 * 86_400)

        await #expect(throws: AccountRefusal.invalidRefreshToken) { try await world.hunt.refresh(refreshToken: first.refreshToken) }
        #expect(try await world.hunt.signedIn(accessToken: second.accessToken) == nil)
        await #expect(throws: AccountRefusal.invalidRefreshToken) { try await world.hunt.refresh(refreshToken: second.refreshToken) }
    }

    @Test func aRefreshTokenLapsesAfterThirtyDays() async throws {
        let world = try await GameWorld()
        _ = try await signedUp(world)
        let issued = try await world.hunt.signIn(login: "ada", password: Self.password, from: "10.0.0.1")
        world.clock.advance(by: 30 * 86_400)
        await #expect(throws: AccountRefusal.invalidRefreshToken) { try await world.hunt.refresh(refreshToken: issued.refreshToken) }
    }

    @Test func aResetTokenSetsThePasswordOnceAndSignsOutEverywhere() async throws {
        let world = try await GameWorld()
        _ = try await signedUp(world)
        let session = try await world.hunt.signIn(login: "ada", password: Self.password, from: "10.0.0.1")
        try await world.hunt.requestPasswordReset(email: "nobody@student.gla.ac.uk")
        try await world.hunt.requestPasswordReset(email: "ADA@student.gla.ac.uk")
        let token = try await mailed(43, to: "ada@student.gla.ac.uk", in: world)
        await #expect(throws: AccountRefusal.weakPassword(reason: "it has fewer than 10 characters")) {
            try await world.hunt.resetPassword(token: token, newPassword: "short")
        }
        world.clock.advance(by: 29 * 60)
        try await world.hunt.resetPassword(token: token, newPassword: "a brand new secret")
        #expect(try await world.hunt.signedIn(accessToken: session.accessToken) == nil)
        await #expect(throws: AccountRefusal.invalidResetToken(lifetimeMinutes: 30)) { try await world.hunt.resetPassword(token: token, newPassword: "another new secret") }
        _ = try await world.hunt.signIn(login: "ada", password: "a brand new secret", from: "10.0.0.1")
    }

    @Test func aResetTokenLapsesAfterThirtyMinutes() async throws {
        let world = try await GameWorld()
        _ = try await signedUp(world)
        try await world.hunt.requestPasswordReset(email: "ada@student.gla.ac.uk")
        let token = try await mailed(43, to: "ada@student.gla.ac.uk", in: world)
        world.clock.advance(by: 30 * 60)
        await #expect(throws: AccountRefusal.invalidResetToken(lifetimeMinutes: 30)) { try await world.hunt.resetPassword(token: token, newPassword: "a brand new secret") }
    }

    @Test func aNewPasswordNeedsTheCurrentOneAndSignsOutOtherDevices() async throws {
        let world = try await GameWorld()
        let account = try await signedUp(world)
        let phone = try await world.hunt.signIn(login: "ada", password: Self.password, from: "10.0.0.1")
        let laptop = try await world.hunt.signIn(login: "ada", password: Self.password, from: "10.0.0.1")
        let phoneSession = try #require(try await world.hunt.signedIn(accessToken: phone.accessToken)).session
        await #expect(throws: AccountRefusal.currentPasswordRequired) {
            try await world.hunt.updateProfile(of: account, sessionID: phoneSession.id, displayName: nil, password: "a brand new secret",
                                               currentPassword: "wrong password!")
        }
        await #expect(throws: AccountRefusal.invalidDisplayName) {
            try await world.hunt.updateProfile(of: account, sessionID: phoneSession.id, displayName: String(repeating: "x", count: 41),
                                               password: nil, currentPassword: nil)
        }
        let updated = try await world.hunt.updateProfile(of: account, sessionID: phoneSession.id, displayName: " Countess ",
                                                         password: "a brand new secret", currentPassword: Self.password)
        #expect(updated.player.displayName == "Countess")
        #expect(try await world.hunt.signedIn(accessToken: phone.accessToken) != nil)
        #expect(try await world.hunt.signedIn(accessToken: laptop.accessToken) == nil)
    }

    @Test func erasingNeedsThePasswordAndFreesTheAddressAndName() async throws {
        let world = try await GameWorld()
        let account = try await signedUp(world)
        let issued = try await world.hunt.signIn(login: "ada", password: Self.password, from: "10.0.0.1")
        await #expect(throws: AccountRefusal.invalidCredentials) { try await world.hunt.eraseAccount(account, password: "wrong password!") }
        try await world.hunt.eraseAccount(account, password: Self.password)
        #expect(try await world.hunt.repository.account(id: account.player.id) == nil)
        #expect(try await world.hunt.signedIn(accessToken: issued.accessToken) == nil)
        #expect(try await signedUp(world).player.id != account.player.id)
    }

    @Test func theQuizNeedsEveryQuestionAndOnlyThose() async throws {
        let world = try await GameWorld()
        let player = try await signedUp(world).player.id
        let quiz = world.hunt.content.quiz
        await #expect(throws: GameRefusal.quizRequired) { try await world.hunt.quizProfile(playerID: player) }
        await #expect(throws: AccountRefusal.quizIncomplete(missing: quiz.dropFirst().map(\.id), questions: quiz.count)) {
            try await world.hunt.answerQuiz([quiz[0].id: .agree], playerID: player)
        }
        var answers = Dictionary(uniqueKeysWithValues: quiz.map { ($0.id, QuizAnswer.agree) })
        answers["no-such-question"] = .agree
        await #expect(throws: AccountRefusal.unknownQuizQuestions(["no-such-question"])) { try await world.hunt.answerQuiz(answers, playerID: player) }
        answers["no-such-question"] = nil
        let profile = try await world.hunt.answerQuiz(answers, playerID: player)
        #expect(profile.result.takenAt == world.clock.now)
        #expect(try await world.hunt.quizProfile(playerID: player).result == profile.result)
    }
}
