import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

extension Problem {
    /// The answer for an error that explains itself, whichever layer threw it: a problem, a
    /// refusal of the game (play, friends, vouchers) or an unreadable photo. `nil` for anything
    /// else (a bug, a lost database).
    static func explaining(_ error: any Error) -> Problem? {
        switch error {
        case let problem as Problem: problem
        case let refusal as GameRefusal: Problem(refusal)
        case let refusal as AccountRefusal: Problem(refusal)
        case let refusal as SocialRefusal: Problem(refusal)
        case let refusal as ChallengeRefusal: Problem(refusal)
        case let refusal as CrewRefusal: Problem(refusal)
        case let refusal as RewardRefusal: Problem(refusal)
        case let refusal as ReportRefusal: Problem(refusal)
        case let refusal as ModerationRefusal: Problem(refusal)
        case let refusal as OrganiserRefusal: Problem(refusal)
        case let refusal as InvitationRefusal: Problem(refusal)
        case let refusal as CampusDateRange.Refusal: Problem(refusal)
        case let refusal as ExportRefusal: Problem(refusal)
        case let refusal as PushRefusal: Problem(refusal)
        case let refusal as OpenDayRefusal: Problem(refusal)
        case let refusal as PictureRefusal: Problem(refusal)
        case let refusal as CampusPlanRefusal: Problem(refusal)
        case let failure as PhotoFailure: failure.problem
        default: nil
        }
    }

    /// The one table from the game's refusals to answers: status, stable code, what happened
    /// and what to do next. The pages show the same `detail` and `hint`.
    public init(_ refusal: GameRefusal) {
        switch refusal {
        case .noCodeFound:
            self.init(.unprocessableContent, code: .noCodeFound)
        case .notAPuzzleMapCode:
            self.init(.unprocessableContent, code: .notAPuzzleMapCode)
        case .invalidCode:
            self.init(.unprocessableContent, code: .invalidCode)
        case .wrongCodeKind(let expected, let found):
            // The kinds' names are in the catalogue too, under the purpose's case name.
            let noun = { (purpose: TagPurpose) in Problem.text(.wrongCodeKind, "\(purpose)") }
            self.init(.unprocessableContent, code: .wrongCodeKind, values: ["found": noun(found), "expected": noun(expected)])
        case .codeRetired:
            self.init(.gone, code: .codeRetired)
        case .placeRetired:
            self.init(.gone, code: .placeRetired)
        case .accountSuspended(let reason):
            self.init(.forbidden, code: .accountSuspended, values: ["reason": reason])
        case .tooManyScans(let retryAfter):
            // Rounded up, so the wait said is never shorter than the Retry-After sent.
            self.init(.tooManyRequests, code: .tooManyScans, values: ["duration": PageLibrary.shipped.duration(minutes: (retryAfter + 59) / 60)],
                      hintVariant: retryAfter <= 60 ? nil : "minutes", headers: [.retryAfter: "\(retryAfter)"])
        case .photoAlreadyUsed:
            self.init(.conflict, code: .photoAlreadyUsed)
        case .idempotencyKeyReused:
            self.init(.unprocessableContent, code: .idempotencyKeyReused)
        case .invalidIdempotencyKey(let length):
            self.init(.badRequest, code: .invalidIdempotencyKey, values: ["count": "\(length)"])
        case .checkInNotFound(let minutes):
            self.init(.notFound, code: .checkInNotFound, values: ["duration": PageLibrary.shipped.duration(minutes: minutes)])
        case .quizRequired:
            self.init(.conflict, code: .quizRequired)
        case .riddleNotFound:
            self.init(.notFound, code: .riddleNotFound)
        case .noHintsLeft:
            self.init(.conflict, code: .noHintsLeft)
        case .nothingOpen(let category):
            self.init(.conflict, code: .nothingOpen, values: ["category": category.rawValue])
        case .checkpointClosed(let note):
            self.init(.conflict, code: .checkpointClosed, values: ["note": note])
        case .difficultyUnavailable(let category, let difficulty, let available):
            self.init(.conflict, code: .difficultyUnavailable,
                      values: ["category": category.rawValue, "difficulty": difficulty.rawValue,
                               "difficulties": Problem.alternatives(available.map(\.rawValue))])
        case .categoryExhausted(let category, let remaining):
            self.init(.conflict, code: .categoryExhausted,
                      values: ["category": category.rawValue, "categories": Problem.alternatives(remaining.map(\.rawValue))],
                      hintVariant: remaining.isEmpty ? "allSolved" : nil)
        }
    }
}
