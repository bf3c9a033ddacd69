import Foundation
import PuzzleMapCore
import Testing

@Suite struct CategoryBiasTests {
    let selector = RiddleSelector(rules: GameFixtures.rules)
    let checkpoints = GameFixtures.checkpoints

    @Test func neutralProfileSplitsByTheNumberOfPlaces() {
        let bias = CategoryBias.compute(profile: .neutral, checkpoints: checkpoints, selector: selector)
        #expect(bias.probabilities == [.lab: 4.0 / 9.0, .lecture: 3.0 / 9.0, .social: 2.0 / 9.0])
    }

    @Test func biasedOddsAreEachCategorysShareOfTheSelectionWeight() {
        let profile = GameFixtures.tinkerer
        let bias = CategoryBias.compute(profile: profile, checkpoints: checkpoints, selector: selector)
        let weights = checkpoints.map { selector.weight(of: $0, for: profile) }
        let total = weights.reduce(0, +)
        let lab = weights[0..<4].reduce(0, +) / total
        let lecture = weights[4..<7].reduce(0, +) / total
        let social = weights[7..<9].reduce(0, +) / total

        #expect(abs(bias.probabilities[.lab]! - lab) < 1e-12)
        #expect(abs(bias.probabilities[.lecture]! - lecture) < 1e-12)
        #expect(abs(bias.probabilities[.social]! - social) < 1e-12)
        #expect(abs(bias.probabilities.values.reduce(0, +) - 1) < 1e-12)
        #expect(bias.probabilities[.lab]! > 4.0 / 9.0)
    }

    @Test func explanationsNameTheStrongestTraitsEachCategoryCarries() {
        let bias = CategoryBias.compute(profile: GameFixtures.tinkerer, checkpoints: checkpoints, selector: selector)
        #expect(bias.explanations == [
            .lab: "Your love of engineering and science points you to labs.",
            .lecture: "Your love of science and coffee points you to lecture halls.",
            .social: "Your love of coffee points you to social spots.",
        ])
    }

    @Test func aCategoryWithNoMatchingTraitSaysItIsStillInPlay() {
        let bias = CategoryBias.compute(
            profile: TraitProfile(scores: ["engineering": 2, "quiet": -1]), checkpoints: checkpoints, selector: selector
        )
        #expect(bias.explanations[.lab] == "Your love of engineering points you to labs.")
        #expect(bias.explanations[.lecture] == "Nothing in your answers pulls you here, but every lecture hall is still in play.")
        #expect(bias.explanations[.social] == "Nothing in your answers pulls you here, but every social spot is still in play.")
    }

    @Test func withZeroStrengthNoTraitIsSaidToPull() {
        let bias = CategoryBias.compute(
            profile: GameFixtures.tinkerer, checkpoints: checkpoints, selector: RiddleSelector(traitStrength: 0)
        )
        #expect(bias.explanations[.lab] == "Nothing in your answers pulls you here, but every lab is still in play.")
        #expect(bias.probabilities[.lab] == 4.0 / 9.0)
    }

    @Test func aCategoryWithoutPlacesHasNoChance() {
        let labsOnly = Array(checkpoints.prefix(4))
        let bias = CategoryBias.compute(profile: GameFixtures.tinkerer, checkpoints: labsOnly, selector: selector)
        #expect(bias.probabilities == [.lab: 1, .lecture: 0, .social: 0])
        #expect(bias.explanations[.social] == "Nothing in your answers pulls you here, but every social spot is still in play.")
    }

    @Test func biasEncodesCategoriesAsJSONKeys() throws {
        let bias = CategoryBias.compute(profile: GameFixtures.tinkerer, checkpoints: checkpoints, selector: selector)
        let data = try JSONEncoder().encode(bias)
        #expect(try JSONDecoder().decode(CategoryBias.self, from: data) == bias)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let explanations = try #require(object["explanations"] as? [String: String])
        #expect(explanations["social"] == "Your love of coffee points you to social spots.")
    }
}
