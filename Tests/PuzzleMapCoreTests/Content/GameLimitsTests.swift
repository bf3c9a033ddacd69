import PuzzleMapCore
import Testing

@Suite struct GameLimitsTests {
    @Test func limitsAreCountedInTheUnitPeopleSayThemIn() {
        #expect(GameLimits.spokenCount(minutes: 1) == (1, .minute))
        #expect(GameLimits.spokenCount(minutes: 15) == (15, .minute))
        #expect(GameLimits.spokenCount(minutes: 90) == (90, .minute))
        #expect(GameLimits.spokenCount(minutes: 60) == (1, .hour))
        #expect(GameLimits.spokenCount(minutes: 24 * 60) == (24, .hour))
        #expect(GameLimits.spokenCount(minutes: 3 * 24 * 60) == (3, .day))
    }
}
