import Foundation
import PuzzleMapCore
import Testing

/// What voiding a scan takes back: exactly its XP, the badges and levels it brought, and the
/// vouchers of offers no longer earned (withdrawn, or kept when already redeemed).
@Suite struct ScanVoidTests {
    let labFan = Badge(id: "lab-fan", name: "Lab Fan", description: "Two labs.", rule: .solve(count: 2, category: .lab, tag: nil))
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func offer(_ id: String, _ unlock: OfferUnlock) -> Offer {
        Offer(id: id, partnerID: "cafe", title: id, description: "", unlock: unlock, stock: 10, perPlayer: 1,
              validFrom: LocalDate(parsing: "2026-09-01")!, validUntil: LocalDate(parsing: "2027-06-30")!, voucherDays: 7)
    }

    var content: CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: GameFixtures.checkpoints, riddles: [], quiz: [], rules: GameFixtures.rules, badges: [labFan],
                      partners: [Partner(id: "cafe", name: "Café", address: "")],
                      offers: [offer("coffee", .level(2)), offer("cake", .badge("lab-fan")), offer("tea", .level(1))])
    }

    func event(_ id: Int64, _ kind: GameEvent.Kind, at checkpoint: String?, xp: Int, scan: Int64?) -> GameEvent {
        GameEvent(id: id, playerID: 1, kind: kind, checkpointID: checkpoint, riddleID: nil, xp: xp, occurredAt: start + Double(id) * 60,
                  scanID: scan)
    }

    func voucher(_ id: Int64, _ offer: String, redeemed: Bool = false) -> Voucher {
        Voucher(id: id, offerID: offer, playerID: 1, issuedAt: start, expiresAt: start + 86_400 * 7, giftedBy: nil,
                redeemedAt: redeemed ? start + 3600 : nil, redeemedBy: redeemed ? 9 : nil)
    }

    /// Two lab solves (scans 10 and 11, 100 and 150 XP: level 2 and Lab Fan) and an exploration.
    var ledger: [GameEvent] {
        [event(1, .solved, at: "kelvin-building", xp: 100, scan: 10), event(2, .solved, at: "rankine-building", xp: 150, scan: 11),
         event(3, .explored, at: "memorial-chapel", xp: 25, scan: 12)]
    }

    @Test func voidingASolveTakesBackItsXPItsBadgeItsLevelAndTheVouchersTheyUnlocked() throws {
        let unlocked = [voucher(1, "tea"), voucher(2, "coffee"), voucher(3, "cake", redeemed: true)]
        let void = try ScanVoid.decide(scanID: 11, of: 1, checkpointID: "rankine-building", reason: "Shared photo", events: ledger, unlocked: unlocked, at: start + 7200,
                                       content: content).get()
        #expect(void.xp == -150)
        #expect(void.event == .voided(scan: 11, of: 1, at: "rankine-building", xp: -150, reason: "Shared photo", on: start + 7200))
        #expect(void.levelBefore == 2 && void.levelAfter == 1)
        #expect(void.badgesLost.map(\.id) == ["lab-fan"])
        #expect(void.withdrawnVouchers.map(\.id) == [2], "the level-2 coffee is withdrawn; the level-1 tea is still earned")
        #expect(void.redeemedVouchers.map(\.id) == [3], "the cake was already redeemed: it stays redeemed, and is named")
    }

    @Test func afterTheVoidTheStandingNoLongerCountsTheScan() throws {
        let void = try ScanVoid.decide(scanID: 11, of: 1, checkpointID: "rankine-building", reason: "Shared photo", events: ledger, unlocked: [], at: start + 7200,
                                       content: content).get()
        let after = ledger + [GameEvent(id: 4, playerID: 1, kind: .voided, checkpointID: "rankine-building", riddleID: nil, xp: void.xp,
                                        occurredAt: start + 7200, scanID: 11, reason: "Shared photo")]
        let standing = PlayerStanding(events: after, content: content)
        #expect(standing.totals.xp == 125)
        #expect(standing.earnedAt.isEmpty)
        #expect(standing.solvedIDs == ["kelvin-building"])
        #expect(standing.visitedIDs == ["kelvin-building", "memorial-chapel"], "the voided place is no longer visited")
        #expect(ScanJudge.verdict(at: "rankine-building", active: [], events: after, content: content) == .explored(xp: 25, riddle: nil),
                "the place can be found again for real")
    }

    @Test func voidingAScanTwiceIsRefusedNamingTheFirstVoid() {
        let voided = ledger + [GameEvent(id: 4, playerID: 1, kind: .voided, checkpointID: "rankine-building", riddleID: nil, xp: -150,
                                         occurredAt: start + 7200, scanID: 11, reason: "Shared photo")]
        let again = ScanVoid.decide(scanID: 11, of: 1, checkpointID: "rankine-building", reason: "Shared photo", events: voided, unlocked: [], at: start + 9000, content: content)
        #expect(again == .failure(.scanAlreadyVoided(at: start + 7200)))
    }

    @Test func voidingAScanThatScoredNothingTakesNothingBack() throws {
        let void = try ScanVoid.decide(scanID: 99, of: 1, checkpointID: "kelvin-building", reason: "Shared photo", events: ledger, unlocked: [voucher(1, "tea")],
                                       at: start + 7200, content: content).get()
        #expect(void == ScanVoid(event: .voided(scan: 99, of: 1, at: "kelvin-building", xp: 0, reason: "Shared photo", on: start + 7200), levelBefore: 2, levelAfter: 2, badgesLost: [], withdrawnVouchers: [], redeemedVouchers: []))
    }

    @Test func anAdjustmentCountsTowardsXPAndLevelsButNoPlace() {
        let adjusted = ledger + [GameEvent(id: 4, playerID: 1, kind: .adjusted, checkpointID: nil, riddleID: nil, xp: 80,
                                           occurredAt: start + 7200, reason: "Helped fix a sticker")]
        let standing = PlayerStanding(events: adjusted, content: content)
        #expect(standing.totals.xp == 355 && standing.totals.level == 3)
        #expect(standing.visitedIDs.count == 3)
    }
}

/// The rules an organiser's request meets before anything is written.
@Suite struct ModerationRulesTests {
    @Test func aReasonIsTrimmedAndMustSaySomethingShort() {
        #expect(ModerationRules.reason("  Shared photo \n") == .success("Shared photo"))
        #expect(ModerationRules.reason("   ") == .failure(.reasonRequired(maxLength: 300)))
        #expect(ModerationRules.reason(String(repeating: "a", count: 301)) == .failure(.reasonRequired(maxLength: 300)))
        #expect(ModerationRules.reason("ok" + String(repeating: "\u{0B}", count: 299)) == .failure(.reasonRequired(maxLength: 300)),
                "the limit is on the text as sent, padding included")
    }

    @Test func anAdjustmentIsNonZeroAndWithinTheLimitEitherWay() {
        var limits = GameLimits()
        limits.xpAdjustmentMax = 500
        #expect(ModerationRules.checkAdjustment(xp: 500, limits: limits) == nil)
        #expect(ModerationRules.checkAdjustment(xp: -500, limits: limits) == nil)
        #expect(ModerationRules.checkAdjustment(xp: 501, limits: limits) == .xpAdjustmentOutOfRange(max: 500))
        #expect(ModerationRules.checkAdjustment(xp: -501, limits: limits) == .xpAdjustmentOutOfRange(max: 500))
        #expect(ModerationRules.checkAdjustment(xp: 0, limits: limits) == .xpAdjustmentOutOfRange(max: 500))
    }
}

/// Why a scan is flagged, the most telling reason first.
@Suite struct ScanFlagTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    var content: CampusContent {
        var kelvin = GameFixtures.checkpoint("kelvin-building", "Kelvin Building", .lab, tags: [])
        kelvin.coordinate = Coordinate(latitude: 55.8721, longitude: -4.2882)
        var library = GameFixtures.checkpoint("university-library", "University Library", .lecture, tags: [])
        library.coordinate = Coordinate(latitude: 55.8733, longitude: -4.2889)
        return CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                             checkpoints: [kelvin, library], riddles: [], quiz: [], rules: GameFixtures.rules, badges: [], partners: [], offers: [])
    }

    /// About 1.1 km north of the Kelvin Building.
    let farAway = Coordinate(latitude: 55.8821, longitude: -4.2882)

    @Test func aTypedCodeFarFromItsCheckpointIsFlaggedAndANearOneIsNot() {
        let kelvin = content.checkpoints[0]
        let far = ReportedLocation(coordinate: farAway, accuracyMetres: 20)
        let near = ReportedLocation(coordinate: Coordinate(latitude: 55.8731, longitude: -4.2882), accuracyMetres: 20)
        #expect(ScanFlag.flag(from: nil, to: kelvin, at: now, typedLocation: far, failedCodes: 0, content: content) == .typedFarAway)
        #expect(ScanFlag.flag(from: nil, to: kelvin, at: now, typedLocation: near, failedCodes: 0, content: content) == nil)
        #expect(ScanFlag.flag(from: nil, to: kelvin, at: now, typedLocation: nil, failedCodes: 0, content: content) == nil)
    }

    @Test func aPoorLocationFixGetsTheBenefitOfItsAccuracy() {
        let vague = ReportedLocation(coordinate: farAway, accuracyMetres: 1000)
        #expect(!ScanFlag.isFar(vague, from: content.checkpoints[0], limits: GameLimits()))
    }

    @Test func tooFastComesFirstThenGuessing() {
        let kelvin = content.checkpoints[0]
        let justBefore = (checkpointID: "university-library", at: now - 1)
        let far = ReportedLocation(coordinate: farAway, accuracyMetres: 5)
        #expect(ScanFlag.flag(from: justBefore, to: kelvin, at: now, typedLocation: far, failedCodes: 3, content: content) == .tooFast)
        #expect(ScanFlag.flag(from: nil, to: kelvin, at: now, typedLocation: nil, failedCodes: 2, content: content) == .afterGuessing)
    }
}
