import Foundation
import PuzzleMapCore
import Testing

/// How far a player is from each offer, read from the same unlock rules that issue vouchers.
@Suite struct OfferProgressTests {
    let labFan = Badge(id: "lab-fan", name: "Lab Fan", description: "Three labs.", rule: .solve(count: 3, category: .lab, tag: nil))

    func offer(_ id: String, _ unlock: OfferUnlock, from: String = "2026-09-01", until: String = "2027-06-30") -> Offer {
        Offer(id: id, partnerID: "cafe", title: id, description: "", unlock: unlock, stock: 10, perPlayer: 1,
              validFrom: LocalDate(parsing: from)!, validUntil: LocalDate(parsing: until)!, voucherDays: 7)
    }

    var content: CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: GameFixtures.checkpoints, riddles: [], quiz: [], rules: GameFixtures.rules, badges: [labFan],
                      partners: [Partner(id: "cafe", name: "Café", address: "")],
                      offers: [offer("coffee", .level(3)), offer("cake", .badge("lab-fan")), offer("old", .level(2), until: "2026-10-01"),
                               offer("spring", .level(2), from: "2027-03-01"), offer("beyond", .level(99))])
    }

    /// One lab solved (100 XP) and one place explored (25 XP).
    var standing: PlayerStanding {
        PlayerStanding(events: [
            GameEvent(id: 1, playerID: 1, kind: .solved, checkpointID: "kelvin-building", riddleID: "r", xp: 100, occurredAt: Date(timeIntervalSince1970: 1_800_000_000)),
            GameEvent(id: 2, playerID: 1, kind: .explored, checkpointID: "memorial-chapel", riddleID: nil, xp: 25, occurredAt: Date(timeIntervalSince1970: 1_800_000_100)),
        ], content: content)
    }

    @Test func eachOfferNotYetUnlockedSaysWhatIsLeft() throws {
        let upcoming = content.upcomingOffers(for: standing, on: LocalDate(parsing: "2026-11-18")!)
        #expect(upcoming.map(\.offer.id) == ["coffee", "cake", "spring"], "ended and unreachable offers are left out")
        #expect(upcoming[0].progress == BadgeProgress(current: 125, target: 350) && upcoming[0].remaining == 225)
        #expect(upcoming[0].howToUnlock == "Earn 225 more XP to reach level 3.")
        #expect(upcoming[1].progress == BadgeProgress(current: 1, target: 3))
        #expect(upcoming[1].howToUnlock == "Earn the badge Lab Fan: Solve 3 lab riddles (1 of 3 so far).")
        #expect(upcoming[2].startsOn == LocalDate(parsing: "2027-03-01") && upcoming[0].startsOn == nil)
    }

    @Test func anOfferAlreadyUnlockedIsNotUpcoming() throws {
        let rich = PlayerStanding(events: [
            GameEvent(id: 1, playerID: 1, kind: .explored, checkpointID: "memorial-chapel", riddleID: nil, xp: 400, occurredAt: Date(timeIntervalSince1970: 1_800_000_000)),
        ], content: content)
        #expect(content.upcomingOffers(for: rich, on: LocalDate(parsing: "2026-11-18")!).map(\.offer.id) == ["cake"])
    }
}
