import Foundation
import PuzzleMapCore
import Testing

@Suite struct OpeningHoursTests {
    let london = TimeZone(identifier: "Europe/London")!

    /// Tuesday to Saturday 10:00-17:00, closed on Christmas Day.
    let museum = OpeningHours(
        weekly: [
            .tue: [TimeRange(parsing: "10:00-17:00")!], .wed: [TimeRange(parsing: "10:00-17:00")!],
            .thu: [TimeRange(parsing: "10:00-17:00")!], .fri: [TimeRange(parsing: "10:00-17:00")!],
            .sat: [TimeRange(parsing: "10:00-17:00")!],
        ],
        exceptions: [HoursException(date: LocalDate(year: 2026, month: 12, day: 25)!, ranges: [])]
    )

    func instant(_ text: String) -> Date {
        try! Date(text, strategy: .iso8601)
    }

    @Test func parsesRangesAndRefusesNonsense() {
        #expect(TimeRange(parsing: "09:30-17:00")?.description == "09:30-17:00")
        #expect(TimeRange(parsing: "00:00-24:00") != nil)
        #expect(TimeRange(parsing: "17:00-09:00") == nil)
        #expect(TimeRange(parsing: "9am-5pm") == nil)
        #expect(TimeRange(parsing: "24:30-25:00") == nil)
        #expect(LocalDate(parsing: "2026-02-30") == nil)
    }

    @Test func aCampusDayRunsFromItsMidnightToTheNextOnTheCampusClock() {
        let november = LocalDate(year: 2026, month: 11, day: 24)!.interval(in: london)
        #expect(november == DateInterval(start: instant("2026-11-24T00:00:00Z"), end: instant("2026-11-25T00:00:00Z")))
        // The clocks go forward on 29 March 2026: that day is 23 hours long, from GMT into BST.
        let changeover = LocalDate(year: 2026, month: 3, day: 29)!.interval(in: london)
        #expect(changeover == DateInterval(start: instant("2026-03-29T00:00:00Z"), end: instant("2026-03-29T23:00:00Z")))
        #expect(LocalDate(year: 2026, month: 6, day: 9)!.interval(in: london).start == instant("2026-06-08T23:00:00Z"))
        #expect(LocalDate(instant("2026-06-08T23:00:00Z"), in: london) == LocalDate(year: 2026, month: 6, day: 9)!)
    }

    @Test func isOpenFollowsTheWeekInTheCampusTimeZone() {
        // Tuesday 24 November 2026, 09:59 and 10:00 in London (GMT).
        #expect(!museum.isOpen(at: instant("2026-11-24T09:59:00Z"), in: london))
        #expect(museum.isOpen(at: instant("2026-11-24T10:00:00Z"), in: london))
        #expect(!museum.isOpen(at: instant("2026-11-24T17:00:00Z"), in: london))
        // Monday is closed.
        #expect(!museum.isOpen(at: instant("2026-11-23T12:00:00Z"), in: london))
        // In summer London is UTC+1: 09:30 UTC is 10:30 local.
        #expect(museum.isOpen(at: instant("2026-06-09T09:30:00Z"), in: london))
    }

    @Test func exceptionsOverrideTheWeek() {
        // Christmas Day 2026 is a Friday.
        #expect(!museum.isOpen(at: instant("2026-12-25T12:00:00Z"), in: london))
        #expect(museum.isOpen(at: instant("2026-12-18T12:00:00Z"), in: london))
    }

    @Test func opensWithinTheNextHour() {
        #expect(museum.isOpen(within: 3600, of: instant("2026-11-24T09:15:00Z"), in: london))
        #expect(!museum.isOpen(within: 3600, of: instant("2026-11-24T08:30:00Z"), in: london))
        // Saturday 23:30: the next opening is Tuesday.
        #expect(!museum.isOpen(within: 3600, of: instant("2026-11-28T23:30:00Z"), in: london))
    }

    @Test func summaryGroupsEqualDays() {
        #expect(museum.summary == "Mon closed; Tue-Sat 10:00-17:00; Sun closed")
        #expect(OpeningHours.always.summary == "Mon-Sun 00:00-24:00")
    }

    @Test func nextOpeningIsLaterTodayOrTheNextOpenDayOnTheCampusClock() {
        // Tuesday 24 November 2026 08:15 in London: opens at 10:00 today.
        #expect(museum.nextOpening(after: instant("2026-11-24T08:15:00Z"), in: london)
            == NextOpening(date: LocalDate(year: 2026, month: 11, day: 24)!, time: TimeOfDay(parsing: "10:00")!, daysAhead: 0))
        // Open now: nothing to wait for.
        #expect(museum.nextOpening(after: instant("2026-11-24T12:00:00Z"), in: london) == nil)
        // Saturday 17:00 (closing time): Sunday and Monday are closed, so Tuesday 10:00.
        let saturdayEvening = museum.nextOpening(after: instant("2026-11-28T17:00:00Z"), in: london)
        #expect(saturdayEvening == NextOpening(date: LocalDate(year: 2026, month: 12, day: 1)!, time: TimeOfDay(parsing: "10:00")!, daysAhead: 3))
        #expect(saturdayEvening?.weekday == .tue)
        // In summer London is UTC+1: 08:30 UTC is 09:30 local, still before opening.
        #expect(museum.nextOpening(after: instant("2026-06-09T08:30:00Z"), in: london)?.time == TimeOfDay(parsing: "10:00"))
    }

    @Test func nextOpeningSkipsAClosedHolidayAndGivesUpOnAPlaceThatNeverOpens() {
        // Thursday 24 December 2026 after closing: Christmas Day is closed, so Saturday 26th.
        #expect(museum.nextOpening(after: instant("2026-12-24T18:00:00Z"), in: london)
            == NextOpening(date: LocalDate(year: 2026, month: 12, day: 26)!, time: TimeOfDay(parsing: "10:00")!, daysAhead: 2))
        #expect(OpeningHours(weekly: [:]).nextOpening(after: instant("2026-11-24T08:00:00Z"), in: london) == nil)
        // A place with two openings a day, between them: the afternoon one.
        let split = OpeningHours(weekly: [.tue: [TimeRange(parsing: "14:00-18:00")!, TimeRange(parsing: "08:00-12:00")!]])
        #expect(split.nextOpening(after: instant("2026-11-24T12:30:00Z"), in: london)?.time == TimeOfDay(parsing: "14:00"))
    }
}
