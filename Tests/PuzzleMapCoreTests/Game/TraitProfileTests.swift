import Foundation
import PuzzleMapCore
import Testing

@Suite struct TraitProfileTests {
    let quiz = GameFixtures.quiz

    @Test func answersAddUpTheirWeightsPerTrait() throws {
        let profile = try TraitProfile.score(
            answers: ["morning-coffee": .stronglyAgree, "take-it-apart": .agree, "body-curious": .agree],
            quiz: quiz
        )
        #expect(profile.scores == [
            "coffee": 2, "food": 1, "quiet": 0,
            "engineering": 1, "science": 2, "art": 0, "music": 0,
            "medicine": 1,
        ])
        #expect(!profile.isNeutral)
    }

    @Test func affinityIsTheScoreOverTheStrongestPositiveScore() {
        let profile = TraitProfile(scores: ["science": 4, "coffee": 1, "quiet": -3, "art": 0])
        #expect(profile.affinity(for: "science") == 1)
        #expect(profile.affinity(for: "coffee") == 0.25)
        #expect(profile.affinity(for: "quiet") == 0)
        #expect(profile.affinity(for: "art") == 0)
        #expect(profile.affinity(for: "sport") == 0)
        #expect(profile.affinities == ["science": 1, "coffee": 0.25, "quiet": 0, "art": 0])
    }

    @Test func answersThatCancelOutGiveANeutralProfile() throws {
        let quiz = [QuizQuestion(id: "see-saw", text: "Up or down?", effects: [
            .stronglyAgree: ["sport": 1], .agree: [:], .disagree: [:], .stronglyDisagree: ["sport": -1],
        ])]
        let profile = try TraitProfile.score(answers: ["see-saw": .agree], quiz: quiz)
        #expect(profile.scores == ["sport": 0])
        #expect(profile.isNeutral)
        #expect(profile.affinity(for: "sport") == 0)
        #expect(TraitProfile.neutral.isNeutral)
    }

    @Test func onlyNegativeScoresLeanNowhere() {
        let profile = TraitProfile(scores: ["quiet": -2, "music": -1])
        #expect(!profile.isNeutral)
        #expect(profile.affinities == ["quiet": 0, "music": 0])
    }

    @Test func unansweredQuestionsAreListedInQuizOrder() {
        #expect(throws: QuizAnswersError.missingAnswers(["morning-coffee", "body-curious"])) {
            try TraitProfile.score(answers: ["take-it-apart": .disagree], quiz: quiz)
        }
        #expect(QuizAnswersError.missingAnswers([]).code == "quiz_answers_missing")
    }

    @Test func answersToQuestionsTheQuizDoesNotHaveAreRefused() {
        let answers: [String: QuizAnswer] = [
            "morning-coffee": .agree, "take-it-apart": .agree, "body-curious": .agree,
            "pineapple-pizza": .stronglyAgree, "dogs-or-cats": .disagree,
        ]
        #expect(throws: QuizAnswersError.unknownQuestions(["dogs-or-cats", "pineapple-pizza"])) {
            try TraitProfile.score(answers: answers, quiz: quiz)
        }
        #expect(QuizAnswersError.unknownQuestions([]).code == "quiz_unknown_questions")
    }

    @Test func unknownQuestionsAreReportedBeforeMissingOnes() {
        #expect(throws: QuizAnswersError.unknownQuestions(["old-question"])) {
            try TraitProfile.score(answers: ["old-question": .agree], quiz: quiz)
        }
    }

    @Test func profileSurvivesAJSONRoundTrip() throws {
        let profile = GameFixtures.tinkerer
        let data = try JSONEncoder().encode(profile)
        #expect(try JSONDecoder().decode(TraitProfile.self, from: data) == profile)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((object["scores"] as? [String: Double])?["engineering"] == 4)
    }
}
