import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Challenges between friends, as the use cases in `Hunt` decide them.
struct ChallengeController {
    let services: HuntServices

    struct ChallengeRequest: Decodable {
        var username: String
        var category: String
    }

    struct PlayerSummary: Codable {
        var username: String
        var displayName: String
    }

    /// A challenge as one of the two reads it.
    struct ChallengeView: ResponseCodable {
        var id: Int64
        /// `waiting`, `racing`, `won`, `lost`, `declined`, `withdrawn` or `expired`, for the reader.
        var status: String
        /// Whether the reader sent the challenge (`challenger`) or received it (`challenged`).
        var role: String
        var opponent: PlayerSummary
        var category: String?
        /// The riddle, once the challenge is accepted.
        var riddle: String?
        var bonusXp: Int
        var createdAt: Date
        /// When the wait for an answer, or the race, runs out.
        var until: Date?
        /// When it was won, declined, withdrawn or ran out.
        var endedAt: Date?
    }

    struct ChallengesView: ResponseCodable { var challenges: [ChallengeView] }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("challenges") { _, context -> ChallengesView in
            let identity = try context.requirePlayer()
            return ChallengesView(challenges: try await services.hunt.challenges(playerID: identity.playerID).map { view($0, for: identity.playerID) })
        }
        router.post("challenges") { request, context -> EditedResponse<ChallengeView> in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: ChallengeRequest.self, context: context)
            guard let category = Category(rawValue: body.category) else {
                throw Problem(.unprocessableContent, code: .unknownCategory, values: ["category": body.category])
            }
            let sent = try await services.hunt.challenge(body.username, in: category, from: identity.playerID)
            return EditedResponse(status: .created, response: view(sent, for: identity.playerID))
        }
        for answer in ChallengeAnswer.allCases {
            router.post("challenges/:id/\(answer.rawValue)") { _, context -> ChallengeView in
                let identity = try context.requirePlayer()
                guard let id = context.parameters.get("id", as: Int64.self) else { throw ChallengeRefusal.challengeNotFound }
                return view(try await services.hunt.answerChallenge(id: id, answer, playerID: identity.playerID), for: identity.playerID)
            }
        }
    }

    private func view(_ status: ChallengeStatus, for playerID: Int64) -> ChallengeView {
        let challenge = status.challenge
        let opponent = challenge.opponent(of: playerID)
        let (label, until, endedAt) = Self.label(status.state, for: playerID)
        return ChallengeView(id: challenge.id, status: label, role: challenge.challenger.id == playerID ? "challenger" : "challenged",
                             opponent: PlayerSummary(username: opponent.username, displayName: opponent.displayName),
                             category: status.category?.rawValue, riddle: status.riddle?.text, bonusXp: status.bonusXP,
                             createdAt: challenge.createdAt, until: until, endedAt: endedAt)
    }

    /// The state's name for the reader, with its deadline or its end.
    static func label(_ state: Challenge.State, for playerID: Int64) -> (String, until: Date?, endedAt: Date?) {
        switch state {
        case .waiting(let until): ("waiting", until, nil)
        case .racing(let until): ("racing", until, nil)
        case .won(let winner, let at): (winner == playerID ? "won" : "lost", nil, at)
        case .declined(let at): ("declined", nil, at)
        case .withdrawn(let at): ("withdrawn", nil, at)
        case .expired(let at): ("expired", nil, at)
        }
    }
}
