import Foundation
import PuzzleMapCore
import Testing

/// Today's figures hour by hour, on the campus clock, whatever the clocks do that day.
@Suite struct CampusHourTests {
    let london = TimeZone(identifier: "Europe/London")!

    func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test func anOrdinaryDayHasTwentyFourHoursFromLocalMidnight() {
        let hours = CampusHour.hours(of: LocalDate(year: 2026, month: 11, day: 18)!, in: london)
        #expect(hours.map(\.label) == (0..<24).map { String(format: "%02d:00", $0) })
        #expect(hours.first?.start == instant("2026-11-18T00:00:00Z"))
        #expect(hours.last?.start == instant("2026-11-18T23:00:00Z"))
    }

    @Test func aSummerDayStartsAtLocalMidnightAnHourBeforeUTC() {
        let hours = CampusHour.hours(of: LocalDate(year: 2026, month: 6, day: 1)!, in: london)
        #expect(hours.count == 24)
        #expect(hours[0].start == instant("2026-05-31T23:00:00Z") && hours[0].label == "00:00")
        #expect(hours[13].start == instant("2026-06-01T12:00:00Z") && hours[13].label == "13:00")
    }

    @Test func theDayTheClocksGoForwardHasNoOneOClock() {
        // Sunday 29 March 2026: 01:00 GMT becomes 02:00 BST.
        let hours = CampusHour.hours(of: LocalDate(year: 2026, month: 3, day: 29)!, in: london)
        #expect(hours.map(\.label) == ["00:00"] + (2..<24).map { String(format: "%02d:00", $0) })
        #expect(hours[1].start == instant("2026-03-29T01:00:00Z"))
    }

    @Test func theDayTheClocksGoBackHasOneOClockTwice() {
        // Sunday 25 October 2026: 02:00 BST becomes 01:00 GMT.
        let hours = CampusHour.hours(of: LocalDate(year: 2026, month: 10, day: 25)!, in: london)
        #expect(hours.map(\.label) == ["00:00", "01:00", "01:00"] + (2..<24).map { String(format: "%02d:00", $0) })
        #expect(hours[1].start == instant("2026-10-25T00:00:00Z"))
        #expect(hours[2].start == instant("2026-10-25T01:00:00Z"))
        #expect(hours[24].start == instant("2026-10-25T23:00:00Z"))
    }

    @Test func eachInstantCountsInTheHourItFallsInAndNothingOutsideTheDayCounts() {
        let hours = CampusHour.hours(of: LocalDate(year: 2026, month: 10, day: 25)!, in: london)
        let counts = CampusHour.counts(of: [
            instant("2026-10-24T22:59:59Z"),  // 23:59:59 BST the day before
            instant("2026-10-24T23:00:00Z"),  // midnight: the first hour
            instant("2026-10-25T00:59:59Z"),  // 01:59:59 BST: the first 01:00
            instant("2026-10-25T01:00:00Z"),  // 01:00 GMT: the second 01:00
            instant("2026-10-25T01:30:00Z"),
            instant("2026-10-25T23:59:59Z"),  // the last hour
            instant("2026-10-26T00:00:00Z"),  // the next day
        ], in: hours)
        #expect(counts.count == 25)
        #expect(counts[0] == 1 && counts[1] == 1 && counts[2] == 2 && counts[24] == 1)
        #expect(counts.reduce(0, +) == 5)
    }
}
