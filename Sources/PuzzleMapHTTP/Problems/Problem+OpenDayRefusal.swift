import Foundation
import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from open days' refusals to answers, in a visitor's words: the pages show
    /// the same `detail` and `hint`.
    public init(_ refusal: OpenDayRefusal) {
        switch refusal {
        case .unknownCode:
            self.init(.notFound, code: .openDayCodeUnknown)
        case .notYetOpen(let startsAt):
            self.init(.conflict, code: .openDayNotStarted, values: ["date": startsAt.formatted(.iso8601)])
        case .over(let endedAt):
            self.init(.gone, code: .openDayOver, values: ["date": endedAt.formatted(.iso8601)])
        case .guestsPlayAlone:
            self.init(.forbidden, code: .guestsPlayAlone)
        case .notAGuest:
            self.init(.conflict, code: .notAGuest)
        case .tooManyJoins(let retryAfter):
            self.init(.tooManyRequests, code: .tooManyJoins, values: ["seconds": "\(retryAfter)"], headers: [.retryAfter: "\(retryAfter)"])
        }
    }

    /// Profile pictures' refusals.
    public init(_ refusal: PictureRefusal) {
        switch refusal {
        case .noPicture:
            self.init(.notFound, code: .pictureNotFound)
        case .tooManyPictures(let perDay):
            self.init(.tooManyRequests, code: .tooManyPictures, values: ["count": "\(perDay)"], headers: [.retryAfter: "86400"])
        }
    }
}
