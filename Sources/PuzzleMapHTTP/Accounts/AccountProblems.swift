import Hummingbird

/// The answers of the account routes, each with its stable code.
extension Problem {
    static func emailDomainNotAllowed(_ domains: [String]) -> Problem {
        Problem(.unprocessableContent, code: .emailDomainNotAllowed, detail: "Sign-up is open to university email addresses only.",
                hint: "Use your address at \(domains.joined(separator: " or ")).")
    }

    static let emailTaken = Problem(.conflict, code: .emailTaken, detail: "An account with this email address already exists.",
                                    hint: "Sign in instead, or reset your password if you forgot it.")
    static let usernameTaken = Problem(.conflict, code: .usernameTaken, detail: "That username is taken.",
                                       hint: "Choose another username.")
    static let invalidUsername = Problem(
        .unprocessableContent, code: .invalidUsername, detail: "A username has 3 to 20 lower-case letters, digits or underscores, starting with a letter.",
        hint: "Choose a username such as ada_lovelace."
    )
    static func weakPassword(_ reason: String) -> Problem {
        Problem(.unprocessableContent, code: .weakPassword, detail: "That password is too weak: \(reason).",
                hint: "Use at least 10 characters; a few unrelated words make a strong, memorable password.")
    }
    static let invalidDisplayName = Problem(.unprocessableContent, code: .invalidDisplayName,
                                            detail: "A display name has 1 to 40 characters.", hint: "Choose a shorter or non-empty display name.")
    static let invalidCredentials = Problem(.unauthorized, code: .invalidCredentials, detail: "The login or password is wrong.",
                                            hint: "Check both and try again, or reset your password.")
    static func tooManyAttempts(retryAfter seconds: Int) -> Problem {
        Problem(.tooManyRequests, code: .tooManyAttempts, detail: "Too many failed sign-ins.",
                hint: "Wait \(seconds / 60 + 1) minutes before trying again, or reset your password.",
                headers: [.retryAfter: "\(seconds)"])
    }
    static let invalidRefreshToken = Problem(.unauthorized, code: .invalidRefreshToken,
                                             detail: "That refresh token is not valid: it expired, was revoked or was already used.",
                                             hint: "Sign in again with your login and password.")
    static let invalidVerificationCode = Problem(.unprocessableContent, code: .invalidVerificationCode,
                                                 detail: "That verification code is wrong or has expired.",
                                                 hint: "Check the latest email we sent you; codes expire after a day.")
    static let invalidResetToken = Problem(.unprocessableContent, code: .invalidResetToken,
                                           detail: "That password reset link is invalid, expired or already used.",
                                           hint: "Ask for a new reset email; links work once and for 30 minutes.")
    static let currentPasswordRequired = Problem(.unprocessableContent, code: .currentPasswordIncorrect,
                                                 detail: "Changing the password needs your current password, and it did not match.",
                                                 hint: "Send your current password as currentPassword.")
}
