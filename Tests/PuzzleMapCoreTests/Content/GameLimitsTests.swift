import PuzzleMapCore
import Testing

@Suite struct GameLimitsTests {
    @Test func limitsAreQuotedAsPeopleSayThem() {
        #expect(GameLimits.spoken(minutes: 1) == "1 minute")
        #expect(GameLimits.spoken(minutes: 15) == "15 minutes")
        #expect(GameLimits.spoken(minutes: 90) == "90 minutes")
        #expect(GameLimits.spoken(minutes: 60) == "1 hour")
        #expect(GameLimits.spoken(minutes: 24 * 60) == "24 hours")
        #expect(GameLimits.spoken(minutes: 3 * 24 * 60) == "3 days")
    }
}
