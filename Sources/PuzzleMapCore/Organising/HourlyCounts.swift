import Foundation

/// A campus day cut into its hours, for the organisers' "per hour today" figures.
///
/// The hours are real hours from the day's first instant on the campus clock: 24 on most days,
/// 23 on the day the clocks go forward (the missing hour has no row) and 25 on the day they go
/// back (the repeated hour has two rows, each with the same label).
public struct CampusHour: Hashable, Codable, Sendable {
    /// The hour's first instant; it lasts 3600 s.
    public var start: Date
    /// The campus clock at its start, `HH:MM`.
    public var label: String

    public init(start: Date, label: String) {
        self.start = start
        self.label = label
    }

    /// Every hour of `day` on the campus clock, in order.
    public static func hours(of day: LocalDate, in timeZone: TimeZone) -> [CampusHour] {
        let interval = day.interval(in: timeZone)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let count = Int((interval.duration / 3600).rounded(.up))
        return (0..<count).map { index in
            let start = interval.start + Double(index) * 3600
            let parts = calendar.dateComponents([.hour, .minute], from: start)
            return CampusHour(start: start, label: String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0))
        }
    }

    /// How many of `instants` fall in each of `hours` (contiguous, as `hours(of:in:)` gives
    /// them); instants before the first or after the last are not counted.
    public static func counts(of instants: [Date], in hours: [CampusHour]) -> [Int] {
        var counts = Array(repeating: 0, count: hours.count)
        guard let first = hours.first else { return counts }
        for instant in instants {
            let offset = instant.timeIntervalSince(first.start)
            guard offset >= 0 else { continue }
            let index = Int(offset / 3600)
            if index < counts.count { counts[index] += 1 }
        }
        return counts
    }
}
