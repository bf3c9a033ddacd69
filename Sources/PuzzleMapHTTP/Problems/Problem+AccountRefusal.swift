import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from the account use cases' refusals to answers: status, stable code,
    /// what happened and what to do next.
    public init(_ refusal: AccountRefusal) {
        switch refusal {
        case .emailDomainNotAllowed(let domains):
            self.init(.unprocessableContent, code: .emailDomainNotAllowed, detail: "Sign-up is open to university email addresses only.",
                      hint: "Use your address at \(domains.joined(separator: " or ")).")
        case .emailTaken:
            self.init(.conflict, code: .emailTaken, detail: "An account with this email address already exists.",
                      hint: "Sign in instead, or reset your password if you forgot it.")
        case .usernameTaken:
            self.init(.conflict, code: .usernameTaken, detail: "That username is taken.", hint: "Choose another username.")
        case .invalidUsername:
            self.init(.unprocessableContent, code: .invalidUsername,
                      detail: "A username has 3 to 20 lower-case letters, digits or underscores, starting with a letter.",
                      hint: "Choose a username such as ada_lovelace.")
        case .invalidDisplayName:
            self.init(.unprocessableContent, code: .invalidDisplayName, detail: "A display name has 1 to 40 characters.",
                      hint: "Choose a shorter or non-empty display name.")
        case .weakPassword(let reason):
            self.init(.unprocessableContent, code: .weakPassword, detail: "That password is too weak: \(reason).",
                      hint: "Use at least 10 characters; a few unrelated words make a strong, memorable password.")
        case .invalidVerificationCode(let minutes):
            self.init(.unprocessableContent, code: .invalidVerificationCode, detail: "That verification code is wrong or has expired.",
                      hint: "Check the latest email we sent you (codes expire after \(GameLimits.spoken(minutes: minutes))), or ask for a new code.")
        case .invalidResetToken(let minutes):
            self.init(.unprocessableContent, code: .invalidResetToken, detail: "That password reset link is invalid, expired or already used.",
                      hint: "Ask for a new reset email; links work once and for \(GameLimits.spoken(minutes: minutes)).")
        case .invalidRefreshToken:
            self.init(.unauthorized, code: .invalidRefreshToken,
                      detail: "That refresh token is not valid: it expired, was revoked or was already used.",
                      hint: "Sign in again with your login and password.")
        case .invalidCredentials:
            self.init(.unauthorized, code: .invalidCredentials, detail: "The login or password is wrong.",
                      hint: "Check both and try again, or reset your password.")
        case .tooManyAttempts(let seconds):
            self.init(.tooManyRequests, code: .tooManyAttempts, detail: "Too many failed sign-ins.",
                      hint: "Wait \(seconds / 60 + 1) minutes before trying again, or reset your password.",
                      headers: [.retryAfter: "\(seconds)"])
        case .currentPasswordRequired:
            self.init(.unprocessableContent, code: .currentPasswordIncorrect,
                      detail: "Changing the password needs your current password, and it did not match.",
                      hint: "Send your current password as currentPassword.")
        case .unreadableQuizAnswers:
            self.init(.badRequest, code: .invalidQuizAnswers, detail: "The answers could not be read.",
                      hint: "Send {\"answers\": {\"<question id>\": \"strongly_agree\" | \"agree\" | \"disagree\" | \"strongly_disagree\"}}.")
        case .quizIncomplete(let missing, let questions):
            self.init(.unprocessableContent, code: .quizIncomplete, detail: "Every question needs an answer; missing: \(missing.joined(separator: ", ")).",
                      hint: "Answer all \(questions) questions (GET /v1/quiz lists them).")
        case .unknownQuizQuestions(let ids):
            self.init(.unprocessableContent, code: .unknownQuizQuestion, detail: "No question has the id \(ids.joined(separator: ", ")).",
                      hint: "Use the ids from GET /v1/quiz.")
        }
    }
}
