import Foundation
import PuzzleMapCore
import Testing

/// The days an export covers: campus days, both ends included, checked with a reason each.
@Suite struct CampusDateRangeTests {
    let london = TimeZone(identifier: "Europe/London")!

    @Test func bothDaysAreNeededAndCheckedInOrder() {
        #expect(CampusDateRange.parse(from: nil, to: "2026-11-18") == .failure(.missing("from")))
        #expect(CampusDateRange.parse(from: " ", to: nil) == .failure(.missing("from")))
        #expect(CampusDateRange.parse(from: "2026-11-18", to: "") == .failure(.missing("to")))
        #expect(CampusDateRange.parse(from: "18/11/2026", to: "2026-13-01") == .failure(.notADate("18/11/2026")))
        #expect(CampusDateRange.parse(from: "2026-11-18", to: "2026-02-30") == .failure(.notADate("2026-02-30")))
        #expect(CampusDateRange.parse(from: "2026-11-19", to: "2026-11-18")
                == .failure(.reversed(from: LocalDate(year: 2026, month: 11, day: 19)!, to: LocalDate(year: 2026, month: 11, day: 18)!)))
        #expect((try? CampusDateRange.parse(from: "2025-11-18", to: "2026-11-18").get())?.days == 366)
    }

    @Test func aYearIsTheLongestRange() throws {
        #expect(try CampusDateRange.parse(from: "2026-01-01", to: "2026-12-31").get().days == 365)
        #expect(try CampusDateRange.parse(from: "2027-01-01", to: "2028-01-01").get().days == 366)
        #expect(CampusDateRange.parse(from: "2027-01-01", to: "2028-01-02") == .failure(.tooLong(days: 367, maximum: 366)))
        #expect(try CampusDateRange.parse(from: "2026-11-18", to: "2026-11-18").get().days == 1)
    }

    @Test func theRangeRunsFromTheFirstDaysMidnightToTheMidnightAfterTheLastOnTheCampusClock() throws {
        let week = try CampusDateRange.parse(from: "2026-11-16", to: "2026-11-22").get().interval(in: london)
        #expect(week.start == (try Date("2026-11-16T00:00:00Z", strategy: .iso8601)))
        #expect(week.end == (try Date("2026-11-23T00:00:00Z", strategy: .iso8601)))
        // Across the clocks going back: 49 hours for two days, starting at BST midnight.
        let weekend = try CampusDateRange.parse(from: "2026-10-24", to: "2026-10-25").get().interval(in: london)
        #expect(weekend.start == (try Date("2026-10-23T23:00:00Z", strategy: .iso8601)))
        #expect(weekend.duration == 49 * 3600)
    }
}
