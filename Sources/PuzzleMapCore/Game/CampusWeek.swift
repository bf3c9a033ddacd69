import Foundation

/// Weekly leaderboards run Monday to Sunday on the campus's clock: a solve at half past
/// midnight on a Monday in Glasgow counts towards the new week, whatever UTC says.
public struct CampusWeek: Sendable, Hashable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone) {
        self.timeZone = timeZone
    }

    /// Weeks as UTC counts them: for stores opened by tools that write no ledger events.
    public static let utc = CampusWeek(timeZone: TimeZone(identifier: "UTC")!)

    /// The campus week holding `date`, Monday 00:00 to the next Monday on the campus's clock.
    public func interval(of date: Date) -> DateInterval {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        return calendar.dateInterval(of: .weekOfYear, for: date)!
    }

    /// The times a board of `period` counts at `date`: this campus week, or all of time.
    public func interval(of period: LeaderboardPeriod, at date: Date) -> DateInterval {
        switch period {
        case .week: interval(of: date)
        case .all: DateInterval(start: .distantPast, end: .distantFuture)
        }
    }

    /// The Monday that starts the week of `date` on the campus's clock, as `YYYY-MM-DD`,
    /// computed on the date as given (not rounded to the millisecond first), identically for
    /// every store.
    public func start(of date: Date) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let start = interval(of: date).start
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        return "\(parts.year!.zeroPadded(to: 4))-\(parts.month!.zeroPadded(to: 2))-\(parts.day!.zeroPadded(to: 2))"
    }
}
