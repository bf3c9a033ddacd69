import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

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
            view(of: try await services.hunt.quizProfile(playerID: try context.requirePlayer().playerID))
        }
    }

    private func answer(_ request: Request, _ context: AppRequestContext) async throws -> ProfileView {
        let identity = try context.requirePlayer()
        let body: AnswersRequest
        do {
            body = try await request.decode(as: AnswersRequest.self, context: context)
        } catch let error as HTTPError where error.status == .badRequest {
            throw AccountRefusal.unreadableQuizAnswers
        }
        return view(of: try await services.hunt.answerQuiz(body.answers, playerID: identity.playerID))
    }

    private func view(of profile: QuizProfile) -> ProfileView {
        let probabilities = profile.bias.probabilities
        return ProfileView(
            traits: profile.result.profile.scores,
            categoryBias: .init(lab: probabilities[.lab] ?? 0, lecture: probabilities[.lecture] ?? 0, social: probabilities[.social] ?? 0),
            explanations: profile.bias.explanations, takenAt: profile.result.takenAt
        )
    }
}
