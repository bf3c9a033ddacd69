import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import PuzzleMapStorage

/// Friend codes, requests, friends, public profiles and blocks, as the use cases in
/// `Hunt` decide them.
struct FriendController {
    let services: HuntServices

    struct CodeView: ResponseCodable { var code: String }

    struct FriendRequestBody: Decodable {
        var username: String?
        var friendCode: String?
    }

    struct UsernameBody: Decodable { var username: String }

    struct PlayerSummary: Codable {
        var username: String
        var displayName: String
    }

    struct RequestView: Codable {
        var id: Int64
        var from: PlayerSummary
        var to: PlayerSummary
        var createdAt: Date
    }

    struct RequestsView: ResponseCodable {
        var incoming: [RequestView]
        var outgoing: [RequestView]
    }

    struct RequestOutcomeView: ResponseCodable {
        var status: String
        var requestId: Int64?
    }

    struct FriendView: Codable, Hashable {
        var username: String
        var displayName: String
        var level: Int
        var lastActiveDay: String?
        var latestBadge: String?
    }

    struct FriendsView: ResponseCodable, Hashable { var friends: [FriendView] }

    struct ProfileView: ResponseCodable {
        var username: String
        var displayName: String
        var level: Int
        var badges: [String]
        /// Only friends see how much was solved, and the day they last scored (`YYYY-MM-DD`).
        var solved: [Category: Int]?
        var lastActiveDay: String?
        /// The name of the crew the caller and they are both in.
        var crewInCommon: String?
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/friend-code") { _, context -> CodeView in
            CodeView(code: services.hunt.friendCode(playerID: try context.requirePlayer().playerID))
        }
        router.get("me/friend-code.png") { _, context -> Response in
            try Response.qrCode(services.hunt.friendCode(playerID: try context.requirePlayer().playerID))
        }
        router.post("friends/requests") { request, context in try await requestFriend(request, context) }
        router.get("friends/requests") { _, context -> RequestsView in
            let (incoming, outgoing) = try await services.hunt.friendRequests(playerID: try context.requirePlayer().playerID)
            return RequestsView(incoming: incoming.map(view), outgoing: outgoing.map(view))
        }
        router.post("friends/requests/:id/accept") { _, context in try await answer(context, accept: true) }
        router.post("friends/requests/:id/decline") { _, context in try await answer(context, accept: false) }
        router.get("friends") { _, context -> Response in
            let friends = try await services.hunt.friends(playerID: try context.requirePlayer().playerID)
            return try services.kept.friends.response(for: FriendsView(friends: friends.map { friend in
                FriendView(username: friend.player.username, displayName: friend.player.displayName, level: friend.level,
                           lastActiveDay: friend.lastActiveDay?.description, latestBadge: friend.latestBadge?.name)
            }), context: context)
        }
        router.delete("friends/:username") { _, context -> Response in
            try await services.hunt.unfriend(context.parameters.get("username") ?? "", playerID: try context.requirePlayer().playerID)
            return Response(status: .noContent)
        }
        router.get("players/:username") { _, context -> ProfileView in
            let profile = try await services.hunt.profile(context.parameters.get("username") ?? "", viewer: try context.requirePlayer().account)
            return ProfileView(username: profile.player.username, displayName: profile.player.displayName, level: profile.level,
                               badges: profile.badges.map(\.name), solved: profile.solved, lastActiveDay: profile.lastActiveDay?.description,
                               crewInCommon: profile.crewInCommon)
        }
        router.post("blocks") { request, context -> Response in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: UsernameBody.self, context: context)
            try await services.hunt.block(body.username, playerID: identity.playerID)
            return Response(status: .noContent)
        }
        router.delete("blocks/:username") { _, context -> Response in
            try await services.hunt.unblock(context.parameters.get("username") ?? "", playerID: try context.requirePlayer().playerID)
            return Response(status: .noContent)
        }
    }

    private func requestFriend(_ request: Request, _ context: AppRequestContext) async throws -> EditedResponse<RequestOutcomeView> {
        let identity = try context.requirePlayer()
        let outcome: FriendRequestOutcome
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            let body = try await request.decode(as: FriendRequestBody.self, context: context)
            if let code = body.friendCode {
                outcome = try await services.hunt.befriend(byCode: [code], playerID: identity.playerID)
            } else if let username = body.username {
                outcome = try await services.hunt.requestFriend(username, from: identity.playerID)
            } else {
                throw Problem(.badRequest, code: .invalidFriendRequest)
            }
        } else {
            // A photo of the other player's screen: they showed their code, so both consent.
            let texts = try await CodeUpload.submission(in: request, context, services: services).texts
            outcome = try await services.hunt.befriend(byCode: texts, playerID: identity.playerID)
        }
        switch outcome {
        case .requested(let id):
            return EditedResponse(status: .created, response: RequestOutcomeView(status: "requested", requestId: id))
        case .befriended:
            return EditedResponse(status: .created, response: RequestOutcomeView(status: "friends"))
        case .alreadyFriends:
            return EditedResponse(status: .ok, response: RequestOutcomeView(status: "already_friends"))
        }
    }

    private func answer(_ context: AppRequestContext, accept: Bool) async throws -> Response {
        let identity = try context.requirePlayer()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw SocialRefusal.friendRequestNotFound }
        try await services.hunt.answerFriendRequest(id: id, playerID: identity.playerID, accept: accept)
        return Response(status: .noContent)
    }

    private func view(_ request: FriendRequest) -> RequestView {
        RequestView(id: request.id, from: .init(username: request.from.username, displayName: request.from.displayName),
                    to: .init(username: request.to.username, displayName: request.to.displayName), createdAt: request.createdAt)
    }
}
