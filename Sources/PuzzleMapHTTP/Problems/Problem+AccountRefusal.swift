import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from the account use cases' refusals to answers: status, stable code,
    /// what happened and what to do next.
    public init(_ refusal: AccountRefusal) {
        switch refusal {
        case .emailDomainNotAllowed(let domains):
            self.init(.unprocessableContent, code: .emailDomainNotAllowed, values: ["domains": Problem.alternatives(domains)])
        case .emailTaken:
            self.init(.conflict, code: .emailTaken)
        case .usernameTaken:
            self.init(.conflict, code: .usernameTaken)
        case .invalidUsername:
            self.init(.unprocessableContent, code: .invalidUsername)
        case .invalidDisplayName:
            self.init(.unprocessableContent, code: .invalidDisplayName)
        case .weakPassword(let reason):
            self.init(.unprocessableContent, code: .weakPassword, values: ["reason": reason])
        case .invalidVerificationCode(let minutes):
            self.init(.unprocessableContent, code: .invalidVerificationCode, values: ["duration": PageLibrary.shipped.duration(minutes: minutes)])
        case .invalidResetToken(let minutes):
            self.init(.unprocessableContent, code: .invalidResetToken, values: ["duration": PageLibrary.shipped.duration(minutes: minutes)])
        case .invalidRefreshToken:
            self.init(.unauthorized, code: .invalidRefreshToken)
        case .invalidCredentials:
            self.init(.unauthorized, code: .invalidCredentials)
        case .tooManyAttempts(let seconds):
            // Rounded up, so the wait said is never shorter than the Retry-After sent.
            self.init(.tooManyRequests, code: .tooManyAttempts, values: ["duration": PageLibrary.shipped.duration(minutes: (seconds + 59) / 60)],
                      headers: [.retryAfter: "\(seconds)"])
        case .currentPasswordRequired:
            self.init(.unprocessableContent, code: .currentPasswordIncorrect)
        case .invalidEmail:
            self.init(.unprocessableContent, code: .invalidEmail, hintVariant: "account")
        case .emailUnchanged:
            self.init(.unprocessableContent, code: .emailUnchanged)
        case .emailTakenByAnother:
            self.init(.conflict, code: .emailTaken, hintVariant: "change")
        case .passwordRequiredForEmailChange:
            self.init(.unprocessableContent, code: .currentPasswordIncorrect, detailVariant: "email", hintVariant: "email")
        case .unreadableQuizAnswers:
            self.init(.badRequest, code: .invalidQuizAnswers)
        case .quizIncomplete(let missing, let questions):
            self.init(.unprocessableContent, code: .quizIncomplete,
                      values: ["missing": missing.joined(separator: ", "), "questions": "\(questions)"])
        case .unknownQuizQuestions(let ids):
            self.init(.unprocessableContent, code: .unknownQuizQuestion, values: ["ids": ids.joined(separator: ", ")])
        }
    }
}
