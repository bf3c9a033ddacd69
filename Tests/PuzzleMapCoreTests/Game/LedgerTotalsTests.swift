import Foundation
import PuzzleMapCore
import Testing

@Suite struct LedgerTotalsTests {
    let rules = GameFixtures.rules

    func event(_ id: Int64, _ kind: GameEvent.Kind, xp: Int) -> GameEvent {
        GameEvent(
            id: id, playerID: 1, kind: kind, checkpointID: "kelvin-building", riddleID: nil, xp: xp,
            occurredAt: Date(timeIntervalSince1970: 1_788_000_000 + Double(id) * 60)
        )
    }

    @Test func aNewPlayerIsLevelOneWithTheFirstThresholdAhead() {
        let totals = LedgerTotals(events: [], rules: rules)
        #expect(totals.xp == 0)
        #expect(totals.level == 1)
        #expect(totals.levelProgress == (0, 150))
    }

    @Test func xpIsTheSumOfTheLedgerAndSetsTheLevel() {
        let events = [event(1, .solved, xp: 100), event(2, .explored, xp: 25), event(3, .checkedIn, xp: 10), event(4, .solved, xp: 150)]
        let totals = LedgerTotals(events: events, rules: rules)
        #expect(totals.xp == 285)
        #expect(totals.level == 2)
        #expect(totals.levelProgress == (135, 200))
        #expect(totals == LedgerTotals(xp: 285, rules: rules))
    }

    @Test func progressRestartsAtEachThreshold() {
        #expect(rules.levelProgress(forXP: 149) == (149, 150))
        #expect(rules.levelProgress(forXP: 150) == (0, 200))
        #expect(rules.levelProgress(forXP: 349) == (199, 200))
        #expect(rules.levelProgress(forXP: 350) == (0, 250))
        #expect(rules.levelProgress(forXP: 3999) == (899, 900))
    }

    @Test func theTopLevelNeedsNothingMore() {
        let top = LedgerTotals(xp: 4000, rules: rules)
        #expect(top.level == 10)
        #expect(top.levelProgress == (0, 0))
        #expect(LedgerTotals(xp: 4_100, rules: rules).levelProgress == (100, 0))
    }

    @Test func levelUpIsReportedWhenAThresholdIsCrossed() {
        #expect(rules.levelUp(from: 140, to: 150))
        #expect(!rules.levelUp(from: 140, to: 149))
        #expect(!rules.levelUp(from: 150, to: 349))
        #expect(rules.levelUp(from: 100, to: 700))
        #expect(!rules.levelUp(from: 4000, to: 9000))
    }
}
