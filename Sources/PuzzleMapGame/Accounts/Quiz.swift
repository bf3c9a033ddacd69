import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The personality quiz whose answers bias which riddles a player is offered.
extension Hunt {
    /// Scores and keeps the player's answers (replacing earlier ones); every question of the
    /// quiz needs an answer, and only those.
    public func answerQuiz(_ answers: [String: QuizAnswer], playerID: Int64) async throws -> QuizProfile {
        let profile: TraitProfile
        do {
            profile = try TraitProfile.score(answers: answers, quiz: content.quiz)
        } catch .missingAnswers(let ids) {
            throw AccountRefusal.quizIncomplete(missing: ids, questions: content.quiz.count)
        } catch .unknownQuestions(let ids) {
            throw AccountRefusal.unknownQuizQuestions(ids)
        }
        let result = QuizResult(answers: answers, profile: profile, takenAt: now())
        try await repository.saveQuiz(playerID: playerID, result: result)
        return quizProfile(result)
    }

    /// The player's quiz result and what it makes of the categories; refused before the quiz.
    public func quizProfile(playerID: Int64) async throws -> QuizProfile {
        guard let result = try await repository.quiz(playerID: playerID) else { throw GameRefusal.quizRequired }
        return quizProfile(result)
    }

    /// Whether the player has answered the quiz (play starts only then).
    public func hasTakenQuiz(playerID: Int64) async throws -> Bool {
        try await repository.quiz(playerID: playerID) != nil
    }

    /// The answers the player gave last time, to fill the quiz in again; none before the quiz.
    public func quizAnswers(playerID: Int64) async throws -> [String: QuizAnswer] {
        try await repository.quiz(playerID: playerID)?.answers ?? [:]
    }

    private func quizProfile(_ result: QuizResult) -> QuizProfile {
        QuizProfile(result: result, bias: CategoryBias.compute(profile: result.profile, checkpoints: content.checkpoints,
                                                               selector: RiddleSelector(rules: content.rules)))
    }
}

/// A quiz result with the category bias it gives.
public struct QuizProfile: Sendable {
    public var result: QuizResult
    public var bias: CategoryBias
}
