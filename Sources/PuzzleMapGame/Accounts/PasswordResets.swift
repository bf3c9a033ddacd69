import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import PuzzleMapTexts

/// Forgotten passwords: a single-use token by mail, then a new password that signs the player
/// out everywhere.
extension Hunt {
    /// Mails a reset token if the address has an account; the same silence if it has not, so
    /// sign-ups are not revealed.
    public func requestPasswordReset(email: String, language: String = TextBook.english) async throws {
        let email = AccountPolicy.normalisedEmail(email)
        guard let account = try await repository.account(login: email), email.contains("@") else { return }
        let token = SecretToken.generate()
        let now = now()
        try await repository.createPasswordReset(
            playerID: account.player.id, tokenHash: tokenHash(token), expiresAt: now + limits.passwordResetLifetime,
            mail: AccountMail.passwordReset(to: email, name: account.player.displayName, token: token,
                                            lifetimeMinutes: limits.passwordResetMinutes, publicURL: publicURL,
                                            hunt: content.info.title, language: language),
            at: now
        )
    }

    /// Spends a reset token on a new password and revokes every session; the player is returned.
    @discardableResult
    public func resetPassword(token: String, newPassword: String) async throws -> Int64 {
        if let weakness = AccountPolicy.weakness(of: newPassword, username: "", email: "") {
            throw AccountRefusal.weakPassword(reason: weakness)
        }
        let hash = try await passwordHasher.hash(newPassword)
        let now = now()
        guard let playerID = try await repository.resetPassword(tokenHash: tokenHash(token), newPasswordHash: hash, at: now, decide: { reset in
            reset.isSpendable(at: now)
        }) else { throw AccountRefusal.invalidResetToken(lifetimeMinutes: limits.passwordResetMinutes) }
        return playerID
    }
}
