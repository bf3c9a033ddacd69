import Foundation
import PuzzleMapCore
import Testing

/// The "look at this" list: which places need an organiser, by the thresholds of `game.yaml`.
@Suite struct LookAtThisTests {
    let london = TimeZone(identifier: "Europe/London")!
    /// Wednesday 18 November 2026, noon in Glasgow.
    let now = try! Date("2026-11-18T12:00:00Z", strategy: .iso8601)
    let limits = GameLimits()  // quiet after 3 open days; 5 failed photos in 60 minutes; 3 reports

    func instant(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    /// Monday to Friday, 09:00-17:00.
    var weekdays: OpeningHours {
        let day = [TimeRange(parsing: "09:00-17:00")!]
        return OpeningHours(weekly: [.mon: day, .tue: day, .wed: day, .thu: day, .fri: day])
    }

    func place(_ id: String, hours: OpeningHours = .always, lastScanAt: Date?, failed: Int = 0, reports: Int = 0) -> LookAtThis.Place {
        LookAtThis.Place(id: id, hours: hours, lastScanAt: lastScanAt, recentFailedPhotos: failed, pendingReports: reports)
    }

    @Test func aCodeIsQuietAfterThreeWholeOpenDaysWithoutAScan() {
        // Open every day: last scanned Saturday 14th; Sun, Mon, Tue are whole days since, today is not counted.
        let items = LookAtThis.items(for: [place("kelvin", lastScanAt: instant("2026-11-14T20:00:00Z"))],
                                     limits: limits, huntStartedAt: nil, now: now, timeZone: london)
        #expect(items == [Attention(kind: .quietCode, checkpointID: "kelvin", count: 3)])
        // Scanned on Sunday: Mon and Tue only.
        #expect(LookAtThis.items(for: [place("kelvin", lastScanAt: instant("2026-11-15T09:00:00Z"))],
                                 limits: limits, huntStartedAt: nil, now: now, timeZone: london).isEmpty)
    }

    @Test func daysThePlaceWasClosedDoNotCount() {
        // Weekdays only: last scanned Thursday 12th; Fri 13th, (Sat, Sun closed), Mon 16th, Tue 17th.
        let thursday = place("library", hours: weekdays, lastScanAt: instant("2026-11-12T10:00:00Z"))
        #expect(LookAtThis.items(for: [thursday], limits: limits, huntStartedAt: nil, now: now, timeZone: london)
                == [Attention(kind: .quietCode, checkpointID: "library", count: 3)])
        // Scanned Friday: the weekend adds nothing, so only Monday and Tuesday.
        let friday = place("library", hours: weekdays, lastScanAt: instant("2026-11-13T10:00:00Z"))
        #expect(LookAtThis.items(for: [friday], limits: limits, huntStartedAt: nil, now: now, timeZone: london).isEmpty)
        // A holiday on Monday: closed, so Thursday's scan is only two open days behind.
        var holiday = weekdays
        holiday.exceptions = [HoursException(date: LocalDate(year: 2026, month: 11, day: 16)!, ranges: [])]
        let beforeHoliday = place("library", hours: holiday, lastScanAt: instant("2026-11-12T10:00:00Z"))
        #expect(LookAtThis.items(for: [beforeHoliday], limits: limits, huntStartedAt: nil, now: now, timeZone: london).isEmpty)
    }

    @Test func aCodeNeverScannedCountsFromTheHuntsStartAndIsLeftOutWithoutOne() {
        let never = place("chapel", lastScanAt: nil)
        #expect(LookAtThis.items(for: [never], limits: limits, huntStartedAt: instant("2026-11-10T08:00:00Z"), now: now, timeZone: london)
                == [Attention(kind: .quietCode, checkpointID: "chapel", count: 7)])
        #expect(LookAtThis.items(for: [never], limits: limits, huntStartedAt: nil, now: now, timeZone: london).isEmpty)
    }

    @Test func burstsOfFailedPhotosAndManyReportsCountFromTheirThresholds() {
        let recent = instant("2026-11-18T11:00:00Z")
        let places = [
            place("a", lastScanAt: recent, failed: 4, reports: 2),
            place("b", lastScanAt: recent, failed: 5, reports: 3),
            place("c", lastScanAt: recent, failed: 9),
        ]
        #expect(LookAtThis.items(for: places, limits: limits, huntStartedAt: nil, now: now, timeZone: london) == [
            Attention(kind: .failedPhotos, checkpointID: "c", count: 9),
            Attention(kind: .failedPhotos, checkpointID: "b", count: 5),
            Attention(kind: .manyReports, checkpointID: "b", count: 3),
        ])
    }

    @Test func theThresholdsAreTheOrganisersOwn() {
        var strict = GameLimits()
        strict.failedPhotoBurst = 1
        strict.reportsBeforeAlert = 1
        strict.quietCodeDays = 1
        let items = LookAtThis.items(for: [place("a", lastScanAt: instant("2026-11-16T12:00:00Z"), failed: 1, reports: 1)],
                                     limits: strict, huntStartedAt: nil, now: now, timeZone: london)
        #expect(items == [Attention(kind: .failedPhotos, checkpointID: "a", count: 1), Attention(kind: .manyReports, checkpointID: "a", count: 1),
                          Attention(kind: .quietCode, checkpointID: "a", count: 1)])
    }

    @Test func theListIsOrderedByKindThenCountThenPlace() {
        let old = instant("2026-11-01T12:00:00Z")
        let items = LookAtThis.items(for: [
            place("z", lastScanAt: old, reports: 3), place("y", lastScanAt: instant("2026-11-10T12:00:00Z"), reports: 4),
            place("x", lastScanAt: old, failed: 6), place("w", lastScanAt: old, failed: 6),
        ], limits: limits, huntStartedAt: nil, now: now, timeZone: london)
        #expect(items.map { "\($0.kind.rawValue) \($0.checkpointID) \($0.count)" } == [
            "failed_photos w 6", "failed_photos x 6", "many_reports y 4", "many_reports z 3",
            "quiet_code w 16", "quiet_code x 16", "quiet_code z 16", "quiet_code y 7",
        ])
    }
}
