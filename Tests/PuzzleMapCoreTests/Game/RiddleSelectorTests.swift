import Foundation
import PuzzleMapCore
import Testing

@Suite struct RiddleSelectorTests {
    let selector = RiddleSelector(rules: GameFixtures.rules)
    let checkpoints = GameFixtures.checkpoints

    @Test func neutralProfileGivesEveryCheckpointTheSameOdds() {
        let probabilities = selector.probabilities(of: checkpoints, for: .neutral)
        #expect(probabilities == Array(repeating: 1.0 / 9.0, count: 9))
        #expect(checkpoints.allSatisfy { selector.weight(of: $0, for: .neutral) == 1 })
    }

    @Test func zeroStrengthGivesUniformOddsWhateverTheAnswers() {
        let flat = RiddleSelector(traitStrength: 0)
        #expect(flat.probabilities(of: checkpoints, for: GameFixtures.tinkerer) == Array(repeating: 1.0 / 9.0, count: 9))
    }

    @Test func weightIsExpOfStrengthTimesSummedTagAffinity() {
        // tinkerer: engineering 1, science 0.5, coffee 0.25.
        let strength = 0.6
        let expectedWeights = [
            exp(strength * (0 + 0.5 + 0)),   // hunterian-museum: history, science, medicine
            exp(strength * (0 + 0.5)),       // zoology-museum: nature, science
            exp(strength * (0.5 + 1)),       // kelvin-building: science, engineering
            exp(strength * 1),               // rankine-building: engineering
            exp(strength * (0 + 0 + 0)),     // memorial-chapel: history, music, quiet (quiet is negative)
            exp(strength * (0 + 0.25)),      // university-library: quiet, coffee
            exp(strength * (0.5 + 0)),       // boyd-orr-building: science, food
            exp(strength * (0 + 0 + 0.25)),  // queen-margaret-union: music, food, coffee
            exp(strength * (0 + 0)),         // gilbert-scott-cloisters: history, quiet
        ]
        let weights = checkpoints.map { selector.weight(of: $0, for: GameFixtures.tinkerer) }
        #expect(weights == expectedWeights)

        let total = expectedWeights.reduce(0, +)
        #expect(selector.probabilities(of: checkpoints, for: GameFixtures.tinkerer) == expectedWeights.map { $0 / total })
    }

    @Test func aTagListedTwiceCountsOnce() {
        let doubled = GameFixtures.checkpoint("rankine-building", "Rankine Building", .lab, tags: ["engineering", "engineering"])
        #expect(selector.weight(of: doubled, for: GameFixtures.tinkerer) == exp(0.6))
    }

    @Test func noCandidatesMeansNoRiddle() {
        var generator = SplitMix64(seed: 1)
        #expect(selector.choose(from: [], for: GameFixtures.tinkerer, using: &generator) == nil)
        #expect(selector.probabilities(of: [], for: GameFixtures.tinkerer) == [])
    }

    @Test func aSingleCandidateIsAlwaysChosen() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<10 {
            #expect(selector.choose(from: [checkpoints[4]], for: GameFixtures.tinkerer, using: &generator) == checkpoints[4])
        }
    }

    @Test func theSameSeedDrawsTheSameCheckpoints() {
        var first = SplitMix64(seed: 2026), second = SplitMix64(seed: 2026)
        let a = (0..<50).map { _ in selector.choose(from: checkpoints, for: GameFixtures.tinkerer, using: &first)!.id }
        let b = (0..<50).map { _ in selector.choose(from: checkpoints, for: GameFixtures.tinkerer, using: &second)!.id }
        #expect(a == b)
        #expect(Set(a).count > 1)
    }

    // MARK: The real distribution

    static let draws = 20_000

    func drawCounts(for profile: TraitProfile, seed: UInt64) -> [Int] {
        var generator = SplitMix64(seed: seed)
        var counts = Array(repeating: 0, count: checkpoints.count)
        for _ in 0..<Self.draws {
            let chosen = selector.choose(from: checkpoints, for: profile, using: &generator)!
            counts[checkpoints.firstIndex(of: chosen)!] += 1
        }
        return counts
    }

    @Test func biasedDrawsFollowTheDesignedOddsAndNotUniformOnes() {
        let counts = drawCounts(for: GameFixtures.tinkerer, seed: 0x5EED_2026)
        let critical = ChiSquare.criticalValue999(degreesOfFreedom: checkpoints.count - 1)
        let designed = selector.probabilities(of: checkpoints, for: GameFixtures.tinkerer)
        let uniform = Array(repeating: 1.0 / Double(checkpoints.count), count: checkpoints.count)

        #expect(counts.reduce(0, +) == Self.draws)
        #expect(ChiSquare.statistic(observed: counts, probabilities: designed) < critical)
        // The same draws are nowhere near uniform, nor the odds of a weaker bias: the test can
        // tell a bias from none, and the designed bias from a slightly wrong one.
        #expect(ChiSquare.statistic(observed: counts, probabilities: uniform) > critical)
        let weaker = RiddleSelector(traitStrength: 0.4).probabilities(of: checkpoints, for: GameFixtures.tinkerer)
        #expect(ChiSquare.statistic(observed: counts, probabilities: weaker) > critical)
    }

    @Test func neutralDrawsFollowUniformOddsAndNotABiasedDesign() {
        let counts = drawCounts(for: .neutral, seed: 0x5EED_2026)
        let critical = ChiSquare.criticalValue999(degreesOfFreedom: checkpoints.count - 1)
        let uniform = Array(repeating: 1.0 / Double(checkpoints.count), count: checkpoints.count)
        let biased = selector.probabilities(of: checkpoints, for: GameFixtures.tinkerer)

        #expect(ChiSquare.statistic(observed: counts, probabilities: uniform) < critical)
        #expect(ChiSquare.statistic(observed: counts, probabilities: biased) > critical)
    }
}
