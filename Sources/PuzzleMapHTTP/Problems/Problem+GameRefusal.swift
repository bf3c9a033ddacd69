import Hummingbird
import PuzzleMapCore

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
        case let refusal as RewardRefusal: Problem(refusal)
        case let refusal as ReportRefusal: Problem(refusal)
        case let failure as PhotoFailure: failure.problem
        default: nil
        }
    }

    /// The one table from the game's refusals to answers: status, stable code, what happened
    /// and what to do next. The pages show the same `detail` and `hint`.
    public init(_ refusal: GameRefusal) {
        switch refusal {
        case .noCodeFound:
            self.init(.unprocessableContent, code: .noCodeFound, detail: "No QR code could be read in that photo.",
                      hint: "Hold the phone steady, fill the frame with the code, avoid glare and shadows, or type the code printed under it.")
        case .notAPuzzleMapCode:
            self.init(.unprocessableContent, code: .notAPuzzleMapCode, detail: "That code was not made by Puzzle Map.",
                      hint: "Look for the Puzzle Map sticker at the place and scan the code on it, or type the code printed under it.")
        case .invalidCode:
            self.init(.unprocessableContent, code: .invalidCode, detail: "That code does not check out: it may be mistyped or altered.",
                      hint: "Type the code again exactly as printed (letters and digits, dashes optional), or scan the sticker instead.")
        case .wrongCodeKind(let expected, let found):
            self.init(.unprocessableContent, code: .wrongCodeKind, detail: "That is a \(found.noun), not a \(expected.noun).",
                      hint: "Scan the \(expected.noun) instead.")
        case .codeRetired:
            self.init(.gone, code: .codeRetired, detail: "That code was replaced by a new one.",
                      hint: "Photograph the sticker at the place itself: photos of old codes shared online no longer count.")
        case .tooManyScans(let retryAfter):
            self.init(.tooManyRequests, code: .tooManyScans, detail: "That is more scans than anyone needs in a short time.",
                      hint: retryAfter <= 60 ? "Wait a minute and scan again." : "Wait \(retryAfter / 60) minutes and scan again.",
                      headers: [.retryAfter: "\(retryAfter)"])
        case .photoAlreadyUsed:
            self.init(.conflict, code: .photoAlreadyUsed, detail: "That photo was already used by another player.",
                      hint: "Take your own photo of the code at the place.")
        case .idempotencyKeyReused:
            self.init(.unprocessableContent, code: .idempotencyKeyReused, detail: "This Idempotency-Key was already used for a different scan.",
                      hint: "Send a fresh Idempotency-Key with each new scan; reuse one only to retry the very same upload.")
        case .checkInNotFound(let minutes):
            self.init(.notFound, code: .checkInNotFound,
                      detail: "There is no pending check-in with that id: it was registered, cancelled or has lapsed.",
                      hint: "Check-ins can be registered within \(GameLimits.spoken(minutes: minutes)) of the scan.")
        case .quizRequired:
            self.init(.conflict, code: .quizRequired, detail: "Riddles are chosen from your quiz answers, and you have not taken the quiz yet.",
                      hint: "Take the quiz first: GET /v1/quiz, then PUT /v1/me/quiz.")
        case .riddleNotFound:
            self.init(.notFound, code: .riddleNotFound, detail: "You hold no such riddle.",
                      hint: "GET /v1/riddles/active lists the riddles you hold.")
        case .noHintsLeft:
            self.init(.conflict, code: .noHintsLeft, detail: "You have seen all three hints for this riddle.",
                      hint: "Head for the place the third hint points to.")
        case .nothingOpen(let category):
            self.init(.conflict, code: .nothingOpen,
                      detail: "Every \(category.rawValue) place you have left to find is closed now and for the next hour.",
                      hint: "Try another category, or come back when the buildings open.")
        case .categoryExhausted(let category, let remaining):
            self.init(.conflict, code: .categoryExhausted, detail: "You have solved every \(category.rawValue) riddle.",
                      hint: remaining.isEmpty ? "You have solved them all. Congratulations!"
                          : "Try \(remaining.map(\.rawValue).joined(separator: " or ")): riddles are waiting there.")
        }
    }
}
