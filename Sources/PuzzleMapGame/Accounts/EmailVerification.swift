import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import PuzzleMapTexts

/// Confirming the university address with the mailed code, and asking for a new code.
extension Hunt {
    /// Verifies the address with the code from the mail (digits only; spaces and dashes are
    /// ignored). An address already verified stays so. Wrong codes are counted, and after
    /// `limits.verificationAttempts` of them even the right one is refused.
    public func verifyEmail(email: String, code: String) async throws {
        guard let account = try await repository.account(login: AccountPolicy.normalisedEmail(email)) else {
            throw AccountRefusal.invalidVerificationCode(lifetimeMinutes: limits.verificationCodeHours * 60)
        }
        if account.isEmailVerified { return }
        let (codeHash, maxAttempts) = (tokenHash(code.filter(\.isNumber)), limits.verificationAttempts)
        let now = now()
        let verdict = try await repository.verifyEmail(playerID: account.player.id, at: now) { pending in
            pending.verdict(for: codeHash, maxAttempts: maxAttempts, at: now)
        }
        guard verdict == .verified else { throw AccountRefusal.invalidVerificationCode(lifetimeMinutes: limits.verificationCodeHours * 60) }
        // Made without a session: what this instance keeps of the player (their sessions, with
        // the address unverified) is dropped before the answer leaves, not when the store's
        // signal of it is heard, so their next request here reads the address verified.
        hear(.player(account.player.id))
    }

    /// Mails a fresh code to an unverified player (whose code expired, or was spent by wrong
    /// guesses), replacing the old one and starting the count of attempts again. The same
    /// silence whether or not the address has an account, so sign-ups are not revealed.
    public func sendNewVerificationCode(email: String, language: String = TextBook.english) async throws {
        let email = AccountPolicy.normalisedEmail(email)
        guard email.contains("@"), let account = try await repository.account(login: email), !account.isEmailVerified else { return }
        let code = SecretToken.numericCode()
        let now = now()
        try await repository.replaceVerificationCode(
            playerID: account.player.id, codeHash: tokenHash(code), expiresAt: now + limits.verificationCodeLifetime,
            mail: AccountMail.verification(to: email, name: account.player.displayName, code: code,
                                            lifetimeMinutes: limits.verificationCodeHours * 60, publicURL: publicURL,
                                            hunt: content.info.title, language: language), at: now
        )
    }
}

/// Changing the account's address: a student who leaves the university keeps their account
/// (and its ledger, friends and freebies) under an address that still reaches them.
extension Hunt {
    /// Changes asked for per account and day: each mails a code.
    static let emailChangesPerDay = 5

    /// Asks to change the address to `newEmail`, confirmed with the password. A code is mailed to
    /// the new address and a note to the current one; the account keeps its current address
    /// until the code is typed (``confirmEmailChange(_:code:)``). Any address mail can reach is
    /// allowed: the university's domains are the rule for signing up, and leaving keeps the
    /// account. Returns the normalised address the code went to.
    @discardableResult
    public func requestEmailChange(_ account: Account, to newEmail: String, password: String,
                                   language: String = TextBook.english) async throws -> String {
        guard try await passwordHasher.verify(password, against: account.passwordHash) else { throw AccountRefusal.passwordRequiredForEmailChange }
        let email = AccountPolicy.normalisedEmail(newEmail)
        guard AccountPolicy.isWellFormedEmail(email) else { throw AccountRefusal.invalidEmail }
        guard email != AccountPolicy.normalisedEmail(account.player.email) else { throw AccountRefusal.emailUnchanged }
        if let holder = try await repository.account(login: email), holder.player.id != account.player.id { throw AccountRefusal.emailTakenByAnother }
        let now = now()
        let key = "email-change:\(account.player.id)"
        guard try await repository.countEvent(key: key, window: 86_400, at: now) <= Self.emailChangesPerDay else {
            throw AccountRefusal.tooManyAttempts(retryAfter: 86_400)
        }
        let code = SecretToken.numericCode()
        try await repository.requestEmailChange(
            playerID: account.player.id, newEmail: email, codeHash: tokenHash(code), expiresAt: now + limits.verificationCodeLifetime,
            mails: [
                AccountMail.emailChange(to: email, name: account.player.displayName, code: code, lifetimeMinutes: limits.verificationCodeHours * 60,
                                        publicURL: publicURL, hunt: content.info.title, language: language),
                AccountMail.emailChangeNotice(to: account.player.email, name: account.player.displayName, newEmail: email, hunt: content.info.title,
                                              language: language),
            ], at: now)
        return email
    }

    /// The address the player asked to change to, while its code waits.
    public func pendingEmailChange(playerID: Int64) async throws -> String? {
        try await repository.pendingEmailChange(playerID: playerID)
    }

    /// Confirms the change with the code mailed to the new address (digits only; spaces and
    /// dashes are ignored): the account's address is the new one, verified. Wrong codes are
    /// counted as for the first address, and an address another account took meanwhile is
    /// refused with nothing changed.
    public func confirmEmailChange(_ account: Account, code: String) async throws -> Account {
        let (codeHash, maxAttempts) = (tokenHash(code.filter(\.isNumber)), limits.verificationAttempts)
        let now = now()
        let verdict: VerificationVerdict?
        do {
            verdict = try await repository.confirmEmailChange(playerID: account.player.id, at: now) { pending in
                pending.verdict(for: codeHash, maxAttempts: maxAttempts, at: now)
            }
        } catch StorageError.conflict {
            throw AccountRefusal.emailTakenByAnother
        }
        guard verdict == .verified, let changed = try await repository.account(id: account.player.id) else {
            throw AccountRefusal.invalidVerificationCode(lifetimeMinutes: limits.verificationCodeHours * 60)
        }
        return changed
    }
}
