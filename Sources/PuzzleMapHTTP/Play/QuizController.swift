import Foundation
import Hummingbird
import PuzzleMapCore

/// `GET /v1/quiz` and `PUT /v1/me/quiz`: the personality quiz whose answers bias riddles.
struct QuizController {
    let services: HuntServices

    struct QuizView: ResponseCodable {
        struct Question: Codable {
            var id: String
            var text: String
            var answers: [QuizAnswer]
        }
        var questions: [Question]
    }

    struct AnswersRequest: Decodable {
        var answers: [String: QuizAnswer]
    }

    struct ProfileView: ResponseCodable {
        struct Bias: Codable {
            var lab: Double
            var lecture: Double
            var social: Double
        }
        var traits: [String: Double]
        var categoryBias: Bias
        var explanations: [Category: String]
        var takenAt: Date
    }

    func addPublicRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("quiz") { _, _ in
            QuizView(questions: services.content.quiz.map { .init(id: $0.id, text: $0.text, answers: QuizAnswer.allCases) })
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.put("me/quiz") { request, context in try await answer(request, context) }
        router.get("me/quiz") { _, context -> ProfileView in
            let identity = try context.requirePlayer()
            guard let result = try await services.repository.quiz(playerID: identity.playerID) else { throw GameRefusal.quizRequired }
            return view(of: result)
        }
    }

    private func answer(_ request: Request, _ context: AppRequestContext) async throws -> ProfileView {
        let identity = try context.requirePlayer()
        let body: AnswersRequest
        do {
            body = try await request.decode(as: AnswersRequest.self, context: context)
        } catch let error as HTTPError where error.status == .badRequest {
            throw Problem(.badRequest, code: .invalidQuizAnswers, detail: "The answers could not be read.",
                          hint: "Send {\"answers\": {\"<question id>\": \"strongly_agree\" | \"agree\" | \"disagree\" | \"strongly_disagree\"}}.")
        }
        let profile: TraitProfile
        do {
            profile = try TraitProfile.score(answers: body.answers, quiz: services.content.quiz)
        } catch .missingAnswers(let ids) {
            throw Problem(.unprocessableContent, code: .quizIncomplete, detail: "Every question needs an answer; missing: \(ids.joined(separator: ", ")).",
                          hint: "Answer all \(services.content.quiz.count) questions (GET /v1/quiz lists them).")
        } catch .unknownQuestions(let ids) {
            throw Problem(.unprocessableContent, code: .unknownQuizQuestion, detail: "No question has the id \(ids.joined(separator: ", ")).",
                          hint: "Use the ids from GET /v1/quiz.")
        }
        let result = QuizResult(answers: body.answers, profile: profile, takenAt: services.now())
        try await services.repository.saveQuiz(playerID: identity.playerID, result: result)
        return view(of: result)
    }

    private func view(of result: QuizResult) -> ProfileView {
        let bias = CategoryBias.compute(profile: result.profile, checkpoints: services.content.checkpoints,
                                        selector: RiddleSelector(rules: services.content.rules))
        return ProfileView(
            traits: result.profile.scores,
            categoryBias: .init(lab: bias.probabilities[.lab] ?? 0, lecture: bias.probabilities[.lecture] ?? 0,
                                social: bias.probabilities[.social] ?? 0),
            explanations: bias.explanations, takenAt: result.takenAt
        )
    }
}
