import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from challenges' refusals to answers. The pages show the same `detail`
    /// and `hint`.
    public init(_ refusal: ChallengeRefusal) {
        switch refusal {
        case .notFriends:
            self.init(.forbidden, code: .notFriends, detailVariant: "challenge", hintVariant: "challenge")
        case .challengeNotFound:
            self.init(.notFound, code: .challengeNotFound)
        case .alreadyChallenged:
            self.init(.conflict, code: .alreadyChallenged)
        case .noCommonRiddle(let category):
            self.init(.conflict, code: .noCommonRiddle, values: ["category": category.rawValue])
        case .challengeLimitReached(let perDay):
            self.init(.tooManyRequests, code: .challengeLimitReached, values: ["perDay": "\(perDay)"])
        case .challengeNotWaiting:
            self.init(.conflict, code: .challengeNotWaiting)
        case .notYoursToAnswer:
            self.init(.forbidden, code: .challengeNotYours)
        }
    }
}
