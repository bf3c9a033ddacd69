import Foundation
import PuzzleMapCore
import Testing

@Suite struct GuestEventWordsTests {
    let glasgow = TimeZone(identifier: "Europe/London")!
    let now = Date(timeIntervalSince1970: 1_795_521_600)  // Tuesday 24 November 2026, noon UTC

    @Test func anOpenDaysWordsReadAsItsHoursOnTheCampusClock() throws {
        let words = GuestEventWords(name: "  Applicant day ", day: "2026-12-05", from: "10:00", until: "16:30", eraseAfterDays: "", guestOffers: [])
        let plan = try words.plan(in: glasgow, offers: [], now: now).get()
        #expect(plan.name == "Applicant day" && plan.eraseAfterDays == GuestEventWords.defaultEraseAfterDays)
        #expect(plan.startsAt == Date(timeIntervalSince1970: 1_796_464_800))  // 10:00 GMT
        #expect(plan.endsAt.timeIntervalSince(plan.startsAt) == 6.5 * 3600)
    }

    @Test func eachWrongWordIsSaidBesideItsField() {
        let words = GuestEventWords(name: "", day: "5 Dec", from: "10:00", until: "09:00", eraseAfterDays: "400", guestOffers: ["no-such-freebie"])
        guard case .failure(.invalidEdit(let problems)) = words.plan(in: glasgow, offers: [], now: now) else {
            Issue.record("accepted")
            return
        }
        #expect(problems.map(\.field) == ["name", "day", "until", "eraseAfterDays", "guestOffers"])
        #expect(problems[2].message == "It ends at 09:00, not after it starts at 10:00.")
    }

    @Test func aDayAlreadyOverIsRefused() {
        let words = GuestEventWords(name: "Last week", day: "2026-11-11")
        guard case .failure(.invalidEdit(let problems)) = words.plan(in: glasgow, offers: [], now: now) else {
            Issue.record("accepted")
            return
        }
        #expect(problems.map(\.field) == ["day"])
    }

    @Test func aCodeIsReadAsCrockfordReadsItWhateverTheCaseSpacesAndHyphens() {
        #expect(GuestEvent.normalisedCode(" k3m-9oi ") == "K3M901")
        // Letters that upper-case to two (a German ß, a ligature) are no symbol of a code, and crash nothing.
        #expect(GuestEvent.normalisedCode("k3m-9ß") == "K3M9SS" && GuestEvent.normalisedCode("\u{FB00}1") == "FF1")
        #expect(CrockfordBase32.value(of: "ß") == nil && CrockfordBase32.value(of: "\u{FB00}") == nil)
        #expect(GuestEvent.printedCode("K3M901") == "K3M-901")
    }
}
