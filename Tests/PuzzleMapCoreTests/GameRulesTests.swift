import PuzzleMapCore
import Testing

@Suite struct GameRulesTests {
    let rules = GameRules(
        solveXP: [.easy: 100, .medium: 150, .hard: 220], hintCost: [20, 30, 40], minimumReward: 40,
        exploreXP: 25, checkInXP: 10, levelThresholds: [0, 150, 350, 600], traitStrength: 0.6,
        maxSpeedMetresPerSecond: 7
    )

    @Test func levelsFollowTheCurve() {
        #expect(rules.level(forXP: 0) == 1)
        #expect(rules.level(forXP: 149) == 1)
        #expect(rules.level(forXP: 150) == 2)
        #expect(rules.level(forXP: 599) == 3)
        #expect(rules.level(forXP: 10_000) == 4)
    }

    @Test func eachHintLowersTheRewardButNeverBelowTheFloor() {
        #expect(rules.reward(for: .hard, hintsUsed: 0) == 220)
        #expect(rules.reward(for: .hard, hintsUsed: 1) == 200)
        #expect(rules.reward(for: .hard, hintsUsed: 3) == 130)
        #expect(rules.reward(for: .easy, hintsUsed: 3) == 40)
    }

    @Test func distanceBetweenCampusPointsIsInMetres() {
        let library = Coordinate(latitude: 55.8734, longitude: -4.2885)
        let tower = Coordinate(latitude: 55.8719, longitude: -4.2884)
        #expect(abs(library.distance(to: tower) - 167) < 3)
        #expect(!Coordinate(latitude: 95, longitude: 0).isValid)
    }
}
