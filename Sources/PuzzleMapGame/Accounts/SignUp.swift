import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import PuzzleMapTexts

/// Signing up: a university address, a username, a strong password; a code is mailed to
/// verify the address, in the same transaction as the account.
extension Hunt {
    /// Creates an unverified player and queues the mail with their verification code, worded in
    /// `language` (the reader's).
    public func signUp(email: String, username: String, password: String, displayName: String,
                       language: String = TextBook.english) async throws -> Account {
        let email = AccountPolicy.normalisedEmail(email)
        let displayName = displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard accountPolicy.allowsEmail(email) else { throw AccountRefusal.emailDomainNotAllowed(domains: accountPolicy.emailDomains) }
        guard AccountPolicy.isValidUsername(username) else { throw AccountRefusal.invalidUsername }
        try Self.checkDisplayName(displayName)
        if let weakness = AccountPolicy.weakness(of: password, username: username, email: email) {
            throw AccountRefusal.weakPassword(reason: weakness)
        }
        let hash = try await passwordHasher.hash(password)
        let code = SecretToken.numericCode()
        let now = now()
        do {
            return try await repository.createAccount(
                email: email, username: username, displayName: displayName, passwordHash: hash,
                verificationCodeHash: tokenHash(code), verificationExpiresAt: now + limits.verificationCodeLifetime,
                mail: AccountMail.verification(to: email, name: displayName, code: code,
                                            lifetimeMinutes: limits.verificationCodeHours * 60, publicURL: publicURL,
                                            hunt: content.info.title, language: language), at: now
            )
        } catch StorageError.conflict(let column) {
            throw column == "username" ? AccountRefusal.usernameTaken : AccountRefusal.emailTaken
        }
    }

    /// A display name has 1 to 40 characters once trimmed.
    static func checkDisplayName(_ name: String) throws(AccountRefusal) {
        guard (1...40).contains(name.documentedLength) else { throw .invalidDisplayName }
    }

    /// The stored form of a token or code, keyed with this deployment's token key.
    func tokenHash(_ token: String) -> String {
        tokenHasher.hash(token)
    }
}
