import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Riddles: ask for one in a category, see the ones held, give one up, take hints.
struct RiddleController {
    let services: HuntServices

    struct RiddleRequest: Decodable {
        var category: String
        var difficulty: String?
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

    /// A riddle the game took back because its place left the hunt: shown until the player asks
    /// again in the category, which they may at once.
    struct ReleasedView: Codable {
        var category: Category
        var releasedAt: Date
        var reason: String
    }

    struct ActiveView: ResponseCodable {
        var riddles: [RiddleView]
        var released: [ReleasedView]
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
            return ActiveView(riddles: try await services.hunt.heldRiddles(playerID: identity.playerID).map(view),
                              released: try await services.hunt.releasedRiddles(playerID: identity.playerID).map {
                                  ReleasedView(category: $0.category, releasedAt: $0.at, reason: "place_retired")
                              })
        }
        router.delete("riddles/:id") { _, context -> Response in
            let identity = try context.requirePlayer()
            try await services.hunt.giveUp(playerID: identity.playerID, attemptID: try attemptID(context))
            return Response(status: .noContent)
        }
        router.post("riddles/:id/hints") { request, context in try await hint(request, context) }
    }

    private func ask(_ request: Request, _ context: AppRequestContext) async throws -> EditedResponse<RiddleEnvelope> {
        let identity = try context.requirePlayer()
        let body = try await request.decode(as: RiddleRequest.self, context: context)
        guard let category = Category(rawValue: body.category) else {
            throw Problem(.unprocessableContent, code: .unknownCategory, values: ["category": body.category])
        }
        let difficulty = try body.difficulty.map { name in
            guard let difficulty = Difficulty(rawValue: name) else {
                throw Problem(.unprocessableContent, code: .unknownDifficulty, values: ["difficulty": name])
            }
            return difficulty
        }
        let (held, isNew) = try await services.hunt.askForRiddle(playerID: identity.playerID, category: category, difficulty: difficulty)
        return EditedResponse(status: isNew ? .created : .ok, response: RiddleEnvelope(riddle: view(held)))
    }

    private func hint(_ request: Request, _ context: AppRequestContext) async throws -> HintAnswer {
        let identity = try context.requirePlayer()
        let id = try attemptID(context)
        let body = try await request.decode(as: HintRequest.self, context: context)
        guard body.confirm == true else {
            throw Problem(.badRequest, code: .confirmationRequired)
        }
        let held = try await services.hunt.takeHint(playerID: identity.playerID, attemptID: id)
        return HintAnswer(hint: HintView(number: held.attempt.hintsUsed, text: held.hintsShown.last ?? ""),
                          hintsUsed: held.attempt.hintsUsed, xpIfSolved: held.xpIfSolved)
    }

    private func attemptID(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw GameRefusal.riddleNotFound }
        return id
    }

    /// A held riddle as the app sees it: never the checkpoint or the riddle's own id.
    func view(_ held: HeldRiddle) -> RiddleView {
        RiddleView(
            id: held.attempt.id, category: held.attempt.category, text: held.riddle.text, difficulty: held.riddle.difficulty,
            hintsUsed: held.attempt.hintsUsed, hintsTotal: Riddle.hintCount, xpIfSolved: held.xpIfSolved,
            hints: held.hintsShown.enumerated().map { HintView(number: $0.offset + 1, text: $0.element) },
            startedAt: held.attempt.startedAt
        )
    }
}
