import Foundation
import PuzzleMapCore

/// How every page says a day: `Tue 24 Nov`, as on campus (the hunt runs within a term, so no
/// year), in the reader's language (`date.*` in the catalogue: "11月24日（周二）").
enum CampusDates {
    /// The day an instant falls on in the campus's time zone.
    static func day(_ date: Date, in timeZone: TimeZone) -> String {
        day(LocalDate(date, in: timeZone))
    }

    /// A calendar day, such as an offer's first day.
    static func day(_ date: LocalDate) -> String {
        let calendar = Calendar(identifier: .gregorian)
        let weekday = DateComponents(calendar: calendar, year: date.year, month: date.month, day: date.day).date
            .map { calendar.component(.weekday, from: $0) } ?? 1
        let texts = PageLibrary.shipped
        return texts.text("date.day", ["weekday": weekdayName(Weekday(gregorianWeekday: weekday)), "day": "\(date.day)",
                                       "month": texts.text("date.month.\(date.month)")])
    }

    /// A weekday's short name in the reader's language: `Tue`, `周二`.
    static func weekdayName(_ weekday: Weekday) -> String {
        PageLibrary.shipped.text("date.weekday.\(weekday.rawValue)")
    }

    /// A place's weekly timetable in the reader's words: `Mon-Fri 09:00-17:00; Sun closed`.
    static func timetable(_ hours: OpeningHours) -> String {
        let library = PageLibrary.shipped
        return hours.weeklyRuns.map { run in
            let days = run.first == run.last ? weekdayName(run.first)
                : library.text("date.weekdays", ["first": weekdayName(run.first), "last": weekdayName(run.last)])
            let times = run.ranges.isEmpty ? library.text("date.closed") : run.ranges.map(\.description).joined(separator: ", ")
            return library.text("date.timetableRun", ["days": days, "hours": times])
        }.joined(separator: library.text("date.timetableSeparator"))
    }

    /// A moment on campus, `Tue 24 Nov 14:05`: for logs and lists of what happened when.
    static func dayAndTime(_ date: Date, in timeZone: TimeZone) -> String {
        "\(day(date, in: timeZone)) \(time(date, in: timeZone))"
    }

    /// The time of day an instant falls at in the campus's time zone, on the 24-hour clock: `10:42`.
    static func time(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }
}
