import Foundation

/// A time of day in whole minutes since midnight, `00:00` to `24:00` inclusive.
public struct TimeOfDay: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let minutes: Int

    public init?(minutes: Int) {
        guard (0...24 * 60).contains(minutes) else { return nil }
        self.minutes = minutes
    }

    /// Parses `HH:MM` with a two-digit hour and minute; `24:00` is the end of the day.
    public init?(parsing text: some StringProtocol) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 2, parts[1].count == 2,
              let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0...24).contains(hour), (0..<60).contains(minute), hour < 24 || minute == 0
        else { return nil }
        self.init(minutes: hour * 60 + minute)
    }

    public var description: String {
        "\((minutes / 60).zeroPadded(to: 2)):\((minutes % 60).zeroPadded(to: 2))"
    }

    public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.minutes < rhs.minutes }
}

/// An opening within one day, `start` inclusive to `end` exclusive.
public struct TimeRange: Hashable, Codable, Sendable, CustomStringConvertible {
    public let start: TimeOfDay
    public let end: TimeOfDay

    public init?(start: TimeOfDay, end: TimeOfDay) {
        guard start < end else { return nil }
        self.start = start
        self.end = end
    }

    /// Parses `HH:MM-HH:MM`. A range that ends before it starts is refused: a place open past
    /// midnight is written as two ranges, one on each day.
    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let start = TimeOfDay(parsing: parts[0].trimmingCharacters(in: .whitespaces)),
              let end = TimeOfDay(parsing: parts[1].trimmingCharacters(in: .whitespaces))
        else { return nil }
        self.init(start: start, end: end)
    }

    public func contains(_ time: TimeOfDay) -> Bool { start <= time && time < end }

    public func overlaps(_ other: TimeRange) -> Bool { start < other.end && other.start < end }

    public var description: String { "\(start)-\(end)" }
}

/// The days of the week, in the order a campus noticeboard lists them.
public enum Weekday: String, CaseIterable, Codable, CodingKeyRepresentable, Sendable {
    case mon, tue, wed, thu, fri, sat, sun

    /// The weekday of Foundation's Gregorian calendar numbering (1 = Sunday).
    public init(gregorianWeekday: Int) {
        self = [.sun, .mon, .tue, .wed, .thu, .fri, .sat][(gregorianWeekday - 1 + 7) % 7]
    }

    public var shortName: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
}

/// A calendar date with no time zone, as organisers write holidays: `2026-12-25`.
public struct LocalDate: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    public init?(year: Int, month: Int, day: Int) {
        var components = DateComponents(year: year, month: month, day: day)
        components.calendar = Calendar(identifier: .gregorian)
        guard (1...12).contains(month), (1...31).contains(day), components.isValidDate else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The local date of an instant in a time zone.
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self.year = parts.year!
        self.month = parts.month!
        self.day = parts.day!
    }

    /// The campus day this date names: from its first instant in `timeZone` up to the next
    /// day's (23 or 25 hours long on a day the clocks change).
    public func interval(in timeZone: TimeZone) -> DateInterval {
        DateInterval(start: start(in: timeZone), end: next.start(in: timeZone))
    }

    private func start(in timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // A valid date always has a first instant in the Gregorian calendar.
        return calendar.startOfDay(for: calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!)
    }

    /// The calendar day after this one.
    public var next: LocalDate {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return LocalDate(noon + 86_400, in: calendar.timeZone)
    }

    /// The day of the week this date falls on.
    public var weekday: Weekday {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let noon = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12))!
        return Weekday(gregorianWeekday: calendar.component(.weekday, from: noon))
    }

    public var description: String { "\(year.zeroPadded(to: 4))-\(month.zeroPadded(to: 2))-\(day.zeroPadded(to: 2))" }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// When a closed place opens next, on the campus clock: `daysAhead` 0 is later today.
public struct NextOpening: Hashable, Sendable {
    public var date: LocalDate
    public var time: TimeOfDay
    public var daysAhead: Int

    public init(date: LocalDate, time: TimeOfDay, daysAhead: Int) {
        self.date = date
        self.time = time
        self.daysAhead = daysAhead
    }

    public var weekday: Weekday { date.weekday }
}

/// A day on which a place keeps other hours than its weekly ones (a holiday, an open day).
public struct HoursException: Hashable, Codable, Sendable {
    public var date: LocalDate
    /// The openings that day; empty means closed all day.
    public var ranges: [TimeRange]
    public var note: String?

    public init(date: LocalDate, ranges: [TimeRange], note: String? = nil) {
        self.date = date
        self.ranges = ranges
        self.note = note
    }
}

/// When a checkpoint can be visited: a weekly timetable and dated exceptions to it.
public struct OpeningHours: Hashable, Codable, Sendable {
    /// Each weekday's openings; a missing or empty day is closed.
    public var weekly: [Weekday: [TimeRange]]
    public var exceptions: [HoursException]

    public init(weekly: [Weekday: [TimeRange]], exceptions: [HoursException] = []) {
        self.weekly = weekly
        self.exceptions = exceptions
    }

    /// Open around the clock, every day.
    public static let always = OpeningHours(
        weekly: Dictionary(uniqueKeysWithValues: Weekday.allCases.map {
            ($0, [TimeRange(start: TimeOfDay(minutes: 0)!, end: TimeOfDay(minutes: 24 * 60)!)!])
        })
    )

    /// The openings on a given local date, exceptions taking precedence over the week.
    public func ranges(on date: LocalDate) -> [TimeRange] {
        if let exception = exceptions.first(where: { $0.date == date }) {
            return exception.ranges
        }
        return weekly[date.weekday] ?? []
    }

    /// Whether the place is open at an instant, read in the campus's time zone.
    public func isOpen(at instant: Date, in timeZone: TimeZone) -> Bool {
        let (date, time) = Self.local(instant, in: timeZone)
        return ranges(on: date).contains { $0.contains(time) }
    }

    /// Whether the place is open at some moment from `instant` up to `window` seconds later.
    public func isOpen(within window: TimeInterval, of instant: Date, in timeZone: TimeZone) -> Bool {
        if isOpen(at: instant, in: timeZone) { return true }
        // An opening that starts in the window starts on a minute boundary of one of the
        // (at most two) local days the window touches.
        let end = instant.addingTimeInterval(window)
        for day in Set([LocalDate(instant, in: timeZone), LocalDate(end, in: timeZone)]) {
            for range in ranges(on: day) {
                guard let opening = Self.instant(day, range.start, in: timeZone) else { continue }
                if opening > instant && opening <= end { return true }
            }
        }
        return false
    }

    /// The next time the place opens after `instant`, as the campus clock shows it, looking
    /// at most `days` local days ahead (exceptions included); `nil` when it is open at
    /// `instant` or stays closed for that long. The map says "opens at 14:00" from this.
    public func nextOpening(after instant: Date, in timeZone: TimeZone, days: Int = 14) -> NextOpening? {
        guard !isOpen(at: instant, in: timeZone) else { return nil }
        let (today, now) = Self.local(instant, in: timeZone)
        var day = today
        for ahead in 0...days {
            for range in ranges(on: day).sorted(by: { $0.start < $1.start }) where ahead > 0 || range.start > now {
                return NextOpening(date: day, time: range.start, daysAhead: ahead)
            }
            day = day.next
        }
        return nil
    }

    /// The week in runs of days with the same hours, Monday first: what a timetable lists,
    /// in whatever words (`summary` is English; the pages write each reader's).
    public var weeklyRuns: [(first: Weekday, last: Weekday, ranges: [TimeRange])] {
        var groups: [(first: Weekday, last: Weekday, ranges: [TimeRange])] = []
        for day in Weekday.allCases {
            let ranges = weekly[day] ?? []
            if let last = groups.last, last.ranges == ranges {
                groups[groups.count - 1].last = day
            } else {
                groups.append((day, day, ranges))
            }
        }
        return groups
    }

    /// A short, readable timetable: `Mon-Fri 09:00-17:00; Sat 10:00-16:00; Sun closed`.
    public var summary: String {
        weeklyRuns.map { group in
            let days = group.first == group.last
                ? group.first.shortName : "\(group.first.shortName)-\(group.last.shortName)"
            let hours = group.ranges.isEmpty
                ? "closed" : group.ranges.map(\.description).joined(separator: ", ")
            return "\(days) \(hours)"
        }.joined(separator: "; ")
    }

    private static func local(_ instant: Date, in timeZone: TimeZone) -> (LocalDate, TimeOfDay) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: instant)
        return (
            LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!,
            TimeOfDay(minutes: parts.hour! * 60 + parts.minute!)!
        )
    }

    private static func instant(_ date: LocalDate, _ time: TimeOfDay, in timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.date(from: DateComponents(
            year: date.year, month: date.month, day: date.day,
            hour: time.minutes / 60, minute: time.minutes % 60
        ))
    }
}
