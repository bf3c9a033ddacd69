import Foundation
import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from moderation's refusals, to organisers, to answers.
    public init(_ refusal: ModerationRefusal) {
        switch refusal {
        case .scanNotFound:
            self.init(.notFound, code: .scanNotFound)
        case .scanAlreadyVoided(let date):
            self.init(.conflict, code: .scanAlreadyVoided, values: ["date": date.formatted(.iso8601)])
        case .playerNotFound:
            self.init(.notFound, code: .playerNotFound)
        case .reasonRequired(let maxLength):
            self.init(.unprocessableContent, code: .reasonRequired, values: ["maxLength": "\(maxLength)"])
        case .xpAdjustmentOutOfRange(let max):
            self.init(.unprocessableContent, code: .xpAdjustmentOutOfRange, values: ["max": "\(max)"])
        case .alreadySuspended:
            self.init(.conflict, code: .alreadySuspended)
        case .notSuspended:
            self.init(.conflict, code: .notSuspended)
        }
    }
}
