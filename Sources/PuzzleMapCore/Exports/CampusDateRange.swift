import Foundation

/// Whole campus days from one date to another, both included: what an export covers.
public struct CampusDateRange: Hashable, Sendable, CustomStringConvertible {
    public let from: LocalDate
    public let to: LocalDate

    /// The longest range an export covers: a year is more than a hunt lasts.
    public static let maximumDays = 366

    /// Why a range was refused.
    public enum Refusal: Error, Equatable, Sendable {
        /// `from` or `to` was not given (the field's name).
        case missing(String)
        /// Not a `YYYY-MM-DD` date (the text given).
        case notADate(String)
        /// `from` is after `to`.
        case reversed(from: LocalDate, to: LocalDate)
        /// More than `maximumDays` days.
        case tooLong(days: Int, maximum: Int)
    }

    /// The range two query values name, or why not, checked in that order: both given, both
    /// dates, in order, not too long.
    public static func parse(from fromText: String?, to toText: String?) -> Result<CampusDateRange, Refusal> {
        guard let fromText = fromText?.trimmingCharacters(in: .whitespaces), !fromText.isEmpty else { return .failure(.missing("from")) }
        guard let toText = toText?.trimmingCharacters(in: .whitespaces), !toText.isEmpty else { return .failure(.missing("to")) }
        guard let from = LocalDate(parsing: fromText) else { return .failure(.notADate(fromText)) }
        guard let to = LocalDate(parsing: toText) else { return .failure(.notADate(toText)) }
        guard from <= to else { return .failure(.reversed(from: from, to: to)) }
        let days = Self.days(from: from, to: to)
        guard days <= maximumDays else { return .failure(.tooLong(days: days, maximum: maximumDays)) }
        return .success(CampusDateRange(from: from, to: to))
    }

    /// The instants it covers on the campus clock: from the first instant of `from` up to, not
    /// including, the first instant of the day after `to`.
    public func interval(in timeZone: TimeZone) -> DateInterval {
        DateInterval(start: from.interval(in: timeZone).start, end: to.next.interval(in: timeZone).start)
    }

    /// How many days it covers, both ends included.
    public var days: Int { Self.days(from: from, to: to) }

    static func days(from: LocalDate, to: LocalDate) -> Int {
        let utc = TimeZone(identifier: "UTC")!
        return Int((to.interval(in: utc).start.timeIntervalSince(from.interval(in: utc).start) / 86_400).rounded()) + 1
    }

    public var description: String { "\(from) to \(to)" }

    private init(from: LocalDate, to: LocalDate) {
        self.from = from
        self.to = to
    }
}
