import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapStorage

/// Riddles: ask for one in a category, see the ones held, give one up, take hints.
struct RiddleController {
    let services: HuntServices

    struct RiddleRequest: Decodable {
        var category: String
    }

    struct HintRequest: Decodable {
        var confirm: Bool?
    }

    struct HintView: Codable {
        var number: Int
        var text: String
    }

    /// A held riddle as the app sees it: never the checkpoint or the riddle's own id.
    struct RiddleView: Codable {
        var id: Int64
        var category: Category
        var text: String
        var difficulty: Difficulty
        var hintsUsed: Int
        var hintsTotal: Int
        var xpIfSolved: Int
        var hints: [HintView]
        var startedAt: Date
    }

    struct RiddleEnvelope: ResponseCodable {
        var riddle: RiddleView
    }

    struct ActiveView: ResponseCodable {
        var riddles: [RiddleView]
    }

    struct HintAnswer: ResponseCodable {
        var hint: HintView
        var hintsUsed: Int
        var xpIfSolved: Int
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("riddles") { request, context in try await ask(request, context) }
        router.get("riddles/active") { _, context -> ActiveView in
            let identity = try context.requirePlayer()
            return ActiveView(riddles: try await services.repository.activeAttempts(playerID: identity.playerID).compactMap(view))
        }
        router.delete("riddles/:id") { _, context -> Response in
            let identity = try context.requirePlayer()
            guard try await services.repository.giveUp(attemptID: try attemptID(context), playerID: identity.playerID, at: services.now()) != nil else {
                throw Problem.riddleNotFound
            }
            return Response(status: .noContent)
        }
        router.post("riddles/:id/hints") { request, context in try await hint(request, context) }
    }

    // MARK: Asking for a riddle

    private func ask(_ request: Request, _ context: AppRequestContext) async throws -> EditedResponse<RiddleEnvelope> {
        let identity = try context.requirePlayer()
        let body = try await request.decode(as: RiddleRequest.self, context: context)
        guard let category = Category(rawValue: body.category) else {
            throw Problem(.unprocessableContent, code: "unknown_category", detail: "There is no category '\(body.category)'.",
                          hint: "Choose lab, lecture or social.")
        }
        guard let quiz = try await services.repository.quiz(playerID: identity.playerID) else { throw Problem.quizRequired }
        let now = services.now()
        let selection = RiddleSelection(content: services.content, timeZone: services.timeZone, profile: quiz.profile)
        let random = services.random
        let outcome = try await services.repository.startRiddle(playerID: identity.playerID, category: category, at: now) { solved, givenUp in
            var generator = random.generator
            return selection.choose(in: category, solved: solved, recentlyGivenUp: givenUp, at: now, using: &generator)
        }
        switch outcome {
        case .existing(let attempt):
            guard let view = view(attempt) else { throw Problem.riddleNotFound }
            return EditedResponse(status: .ok, response: RiddleEnvelope(riddle: view))
        case .started(let attempt):
            guard let view = view(attempt) else { throw Problem.riddleNotFound }
            return EditedResponse(status: .created, response: RiddleEnvelope(riddle: view))
        case nil:
            let solved = try await services.repository.solvedCheckpointIDs(playerID: identity.playerID)
            if selection.hasUnsolved(in: category, solved: solved) {
                throw Problem(.conflict, code: "nothing_open", detail: "Every \(category.rawValue) place you have left to find is closed now and for the next hour.",
                              hint: "Try another category, or come back when the buildings open.")
            }
            let left = Category.allCases.filter { $0 != category && selection.hasUnsolved(in: $0, solved: solved) }
            throw Problem(.conflict, code: "category_exhausted", detail: "You have solved every \(category.rawValue) riddle.",
                          hint: left.isEmpty ? "You have solved them all. Congratulations!"
                              : "Try \(left.map(\.rawValue).joined(separator: " or ")): riddles are waiting there.")
        }
    }

    // MARK: Hints

    private func hint(_ request: Request, _ context: AppRequestContext) async throws -> HintAnswer {
        let identity = try context.requirePlayer()
        let id = try attemptID(context)
        let body = try await request.decode(as: HintRequest.self, context: context)
        guard body.confirm == true else {
            throw Problem(.badRequest, code: "confirmation_required", detail: "A hint lowers this riddle's reward, so it needs confirming.",
                          hint: "Send {\"confirm\": true} to reveal the next hint.")
        }
        guard let attempt = try await services.repository.takeHint(attemptID: id, playerID: identity.playerID, maxHints: Riddle.hintCount) else {
            guard let held = try await services.repository.attempt(id: id, playerID: identity.playerID), held.isActive else {
                throw Problem.riddleNotFound
            }
            throw Problem(.conflict, code: "no_hints_left", detail: "You have seen all three hints for this riddle.",
                          hint: "Head for the place the third hint points to.")
        }
        guard let riddle = riddle(for: attempt) else { throw Problem.riddleNotFound }
        return HintAnswer(hint: HintView(number: attempt.hintsUsed, text: riddle.hints[attempt.hintsUsed - 1]),
                          hintsUsed: attempt.hintsUsed,
                          xpIfSolved: services.content.rules.reward(for: riddle.difficulty, hintsUsed: attempt.hintsUsed))
    }

    // MARK: Views

    private func attemptID(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw Problem.riddleNotFound }
        return id
    }

    private func riddle(for attempt: RiddleAttempt) -> Riddle? {
        services.content.riddles.first { $0.id == attempt.riddleID }
    }

    /// `nil` for a riddle that left the content since it was asked for.
    func view(_ attempt: RiddleAttempt) -> RiddleView? {
        guard let riddle = riddle(for: attempt) else { return nil }
        return RiddleView(
            id: attempt.id, category: attempt.category, text: riddle.text, difficulty: riddle.difficulty,
            hintsUsed: attempt.hintsUsed, hintsTotal: Riddle.hintCount,
            xpIfSolved: services.content.rules.reward(for: riddle.difficulty, hintsUsed: attempt.hintsUsed),
            hints: riddle.hints.prefix(attempt.hintsUsed).enumerated().map { HintView(number: $0.offset + 1, text: $0.element) },
            startedAt: attempt.startedAt
        )
    }
}

extension Problem {
    static let riddleNotFound = Problem(.notFound, code: "riddle_not_found", detail: "You hold no such riddle.",
                                        hint: "GET /v1/riddles/active lists the riddles you hold.")
}
