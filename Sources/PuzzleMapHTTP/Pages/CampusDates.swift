import Foundation
import PuzzleMapCore

/// How every page says a day: `Tue 24 Nov`, as on campus (the hunt runs within a term, so no
/// year), with the weekday named as the map's opening hours name it.
enum CampusDates {
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The day an instant falls on in the campus's time zone.
    static func day(_ date: Date, in timeZone: TimeZone) -> String {
        day(LocalDate(date, in: timeZone))
    }

    /// A calendar day, such as an offer's first day.
    static func day(_ date: LocalDate) -> String {
        let calendar = Calendar(identifier: .gregorian)
        let weekday = DateComponents(calendar: calendar, year: date.year, month: date.month, day: date.day).date
            .map { calendar.component(.weekday, from: $0) } ?? 1
        return "\(Weekday(gregorianWeekday: weekday).shortName) \(date.day) \(months[date.month - 1])"
    }

    /// A moment on campus, `Tue 24 Nov 14:05`: for logs and lists of what happened when.
    static func dayAndTime(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return "\(day(date, in: timeZone)) \(String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0))"
    }
}
