import Hummingbird
import PuzzleMapCore

extension Problem {
    /// Why a problem report was not taken, with what to do instead.
    public init(_ refusal: ReportRefusal) {
        switch refusal {
        case .emptyReport:
            self.init(.unprocessableContent, code: .invalidReport, detail: "The report does not say what is wrong.",
                      hint: "Write a sentence or two on what happened and where.")
        case .textTooLong(let max):
            self.init(.unprocessableContent, code: .invalidReport, detail: "The report is longer than \(max) characters.",
                      hint: "Shorten it to what the organisers need to know.")
        case .unknownPlace:
            self.init(.unprocessableContent, code: .unknownPlace, detail: "That is not a place in the hunt, and a sticker report needs one.",
                      hint: "Pick the place from the list (the map lists them all).")
        case .tooManyReports(let perDay):
            self.init(.tooManyRequests, code: .tooManyReports, detail: "You have sent \(perDay) reports today, the most a day.",
                      hint: "Thank you: the organisers will look at them. Send more tomorrow.", headers: [.retryAfter: "86400"])
        }
    }
}
