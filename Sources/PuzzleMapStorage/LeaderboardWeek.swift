import Foundation

/// Weekly leaderboards run Monday to Sunday, UTC.
public enum LeaderboardWeek {
    /// The Monday (UTC) that starts the week of `date`, as `YYYY-MM-DD`, computed on the date
    /// as given (not rounded to the millisecond first), identically for every store.
    public static func start(of date: Date) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.dateInterval(of: .weekOfYear, for: date)!.start
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
