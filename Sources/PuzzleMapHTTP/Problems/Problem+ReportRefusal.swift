import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

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
        case .reportNotFound:
            self.init(.notFound, code: .reportNotFound)
        }
    }
}

extension Problem {
    /// Why an export's dates were refused.
    public init(_ refusal: CampusDateRange.Refusal) {
        switch refusal {
        case .missing(let field):
            self.init(.badRequest, code: .invalidDateRange, values: ["field": field], detailVariant: "missing")
        case .notADate(let text):
            self.init(.badRequest, code: .invalidDate, values: ["text": text])
        case .reversed(let from, let to):
            self.init(.badRequest, code: .invalidDateRange, values: ["from": from.description, "to": to.description], detailVariant: "reversed",
                      hintVariant: "reversed")
        case .tooLong(let days, let maximum):
            self.init(.badRequest, code: .invalidDateRange, values: ["days": "\(days)", "maximum": "\(maximum)"], detailVariant: "tooLong",
                      hintVariant: "tooLong")
        }
    }

    /// Why an export was refused besides its dates.
    public init(_ refusal: ExportRefusal) {
        switch refusal {
        case .unknownPartner(let partner):
            self.init(.badRequest, code: .unknownPartner, values: ["partner": partner], detailVariant: "export", hintVariant: "export")
        }
    }
}
