import Foundation
import PuzzleMapCore
import PuzzleMapStorage

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
    }

    /// Mails a fresh code to an unverified player (whose code expired, or was spent by wrong
    /// guesses), replacing the old one and starting the count of attempts again. The same
    /// silence whether or not the address has an account, so sign-ups are not revealed.
    public func sendNewVerificationCode(email: String) async throws {
        let email = AccountPolicy.normalisedEmail(email)
        guard email.contains("@"), let account = try await repository.account(login: email), !account.isEmailVerified else { return }
        let code = SecretToken.numericCode()
        let now = now()
        try await repository.replaceVerificationCode(
            playerID: account.player.id, codeHash: tokenHash(code), expiresAt: now + limits.verificationCodeLifetime,
            mail: AccountMail.verification(to: email, name: account.player.displayName, code: code,
                                            expiresIn: GameLimits.spoken(minutes: limits.verificationCodeHours * 60), publicURL: publicURL,
                                            hunt: content.info.title), at: now
        )
    }
}
