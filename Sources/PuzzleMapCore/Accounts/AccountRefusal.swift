/// Why an account use case refused: signing up, verifying, signing in, renewing a session,
/// resetting or changing a password, or saving the quiz. One case per reason a person can act
/// on; the HTTP layer maps each, in one table, to a status, a stable code, a detail and a hint.
public enum AccountRefusal: Error, Hashable, Sendable {
    // MARK: Sign-up

    /// The address is not in one of the university's domains; `domains` are those that are.
    case emailDomainNotAllowed(domains: [String])
    case emailTaken
    case usernameTaken
    case invalidUsername
    /// The display name is empty or longer than 40 characters.
    case invalidDisplayName
    /// `reason` says what makes the password weak (`AccountPolicy.weakness`).
    case weakPassword(reason: String)

    // MARK: Codes and tokens

    /// The verification code is wrong, expired or spent by too many wrong guesses.
    case invalidVerificationCode(lifetimeMinutes: Int)
    /// The reset token is unknown, spent or expired.
    case invalidResetToken(lifetimeMinutes: Int)
    /// The refresh token is unknown, expired, revoked or was already used.
    case invalidRefreshToken

    // MARK: Sign-in

    /// One answer for an unknown login and a wrong password, so logins are not revealed.
    case invalidCredentials
    /// Too many failed sign-ins to the account, or attempts from the address.
    case tooManyAttempts(retryAfter: Int)
    /// A password change without the right current password.
    case currentPasswordRequired

    // MARK: Changing the address

    /// Not an address mail can be sent to.
    case invalidEmail
    /// The address asked for is the account's already.
    case emailUnchanged
    /// Another account has the address asked for.
    case emailTakenByAnother
    /// Changing the address needs the account's password, and it did not match.
    case passwordRequiredForEmailChange

    // MARK: Quiz

    /// The quiz answers could not be read at all.
    case unreadableQuizAnswers
    /// Questions left unanswered; `questions` is how many the quiz has.
    case quizIncomplete(missing: [String], questions: Int)
    /// Answers to questions the quiz does not have.
    case unknownQuizQuestions([String])
}
