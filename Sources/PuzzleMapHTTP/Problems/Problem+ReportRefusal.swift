import Hummingbird
import PuzzleMapCore

extension Problem {
    /// Why a problem report was not taken, with what to do instead.
    public init(_ refusal: ReportRefusal) {
        switch refusal {
        case .emptyReport:
            self.init(.unprocessableContent, code: .invalidReport)
        case .textTooLong(let max):
            self.init(.unprocessableContent, code: .invalidReport, values: ["max": "\(max)"], detailVariant: "tooLong", hintVariant: "tooLong")
        case .unknownPlace:
            self.init(.unprocessableContent, code: .unknownPlace)
        case .tooManyReports(let perDay):
            self.init(.tooManyRequests, code: .tooManyReports, values: ["perDay": "\(perDay)"], headers: [.retryAfter: "86400"])
        }
    }
}
