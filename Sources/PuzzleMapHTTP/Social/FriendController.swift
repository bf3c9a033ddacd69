import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapImaging
import PuzzleMapStorage

/// Friend codes, requests, friends, public profiles and blocks. A block hides each player from
/// the other: every route answers 404 for them, so a block is never revealed.
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

    struct FriendView: Codable {
        var username: String
        var displayName: String
        var level: Int
        var lastActiveDay: String?
        var latestBadge: String?
    }

    struct FriendsView: ResponseCodable { var friends: [FriendView] }

    struct ProfileView: ResponseCodable {
        var username: String
        var displayName: String
        var level: Int
        var badges: [String]
        /// Only friends see how much was solved.
        var solved: [Category: Int]?
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/friend-code") { _, context -> CodeView in
            CodeView(code: friendCode(for: try context.requirePlayer().playerID))
        }
        router.get("me/friend-code.png") { _, context -> Response in
            let text = friendCode(for: try context.requirePlayer().playerID)
            let png = try QREncoder(errorCorrection: .quartile).encode(text).renderPNG(scale: 10, quietZone: 4)
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
        router.post("friends/requests") { request, context in try await requestFriend(request, context) }
        router.get("friends/requests") { _, context -> RequestsView in
            let identity = try context.requirePlayer()
            let (incoming, outgoing) = try await services.repository.friendRequests(playerID: identity.playerID)
            return RequestsView(incoming: incoming.map(view), outgoing: outgoing.map(view))
        }
        router.post("friends/requests/:id/accept") { _, context in try await answer(context, accept: true) }
        router.post("friends/requests/:id/decline") { _, context in try await answer(context, accept: false) }
        router.get("friends") { _, context in try await friends(context) }
        router.delete("friends/:username") { _, context -> Response in
            let identity = try context.requirePlayer()
            let other = try await visiblePlayer(context.parameters.get("username") ?? "", to: identity)
            guard try await services.repository.unfriend(identity.playerID, other.player.id) else { throw Problem.playerNotFound }
            return Response(status: .noContent)
        }
        router.get("players/:username") { _, context in try await profile(context) }
        router.post("blocks") { request, context -> Response in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: UsernameBody.self, context: context)
            guard let other = try await account(username: body.username), other.player.id != identity.playerID else {
                throw Problem.playerNotFound
            }
            try await services.repository.block(blocker: identity.playerID, blocked: other.player.id, at: services.now())
            return Response(status: .noContent)
        }
        router.delete("blocks/:username") { _, context -> Response in
            let identity = try context.requirePlayer()
            guard let other = try await account(username: context.parameters.get("username") ?? ""),
                  try await services.repository.unblock(blocker: identity.playerID, blocked: other.player.id)
            else { throw Problem.playerNotFound }
            return Response(status: .noContent)
        }
    }

    func friendCode(for playerID: Int64) -> String {
        TagSigner(secrets: services.secrets).qrText(for: TagPayload(purpose: .friend, subject: UInt64(playerID), version: 1), baseURL: services.publicURL)
    }

    /// The account of `username` unless either blocks the other (then, as for nobody, 404).
    /// The account with this username. Never by email address: that would let anyone map a
    /// private address to a player, or learn that it has an account.
    func account(username: String) async throws -> Account? {
        let name = username.lowercased()
        guard AccountPolicy.isValidUsername(name) else { return nil }
        return try await services.repository.account(login: name)
    }

    func visiblePlayer(_ username: String, to identity: Identity) async throws -> Account {
        guard let other = try await account(username: username),
              other.role == .player, other.player.id != identity.playerID,
              try await !services.repository.isBlocked(identity.playerID, other.player.id)
        else { throw Problem.playerNotFound }
        return other
    }

    private func requestFriend(_ request: Request, _ context: AppRequestContext) async throws -> EditedResponse<RequestOutcomeView> {
        let identity = try context.requirePlayer()
        var other: Account
        var mutual = false
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/json") {
            let body = try await request.decode(as: FriendRequestBody.self, context: context)
            if let code = body.friendCode {
                other = try await player(fromCode: [code], identity)
                mutual = true
            } else if let username = body.username {
                other = try await visiblePlayer(username, to: identity)
            } else {
                throw Problem(.badRequest, code: .invalidFriendRequest, detail: "Give a username or a friendCode.",
                              hint: "Send {\"username\": ...}, {\"friendCode\": ...}, or a photo of their code.")
            }
        } else {
            // A photo of the other player's screen: they showed their code, so both consent.
            other = try await player(fromCode: try await CodeUpload.submission(in: request, context, metrics: services.metrics).texts, identity)
            mutual = true
        }
        switch try await services.repository.requestFriend(from: identity.playerID, to: other.player.id, mutual: mutual, at: services.now()) {
        case .requested(let id):
            return EditedResponse(status: .created, response: RequestOutcomeView(status: "requested", requestId: id))
        case .befriended:
            return EditedResponse(status: .created, response: RequestOutcomeView(status: "friends"))
        case .alreadyFriends:
            return EditedResponse(status: .ok, response: RequestOutcomeView(status: "already_friends"))
        }
    }

    private func player(fromCode texts: [String], _ identity: Identity) async throws -> Account {
        try await services.hunt.codes.first(in: texts, expecting: .friend) { payload in
            guard let account = try await services.repository.account(id: Int64(payload.subject)) else { throw Problem.playerNotFound }
            return try await visiblePlayer(account.player.username, to: identity)
        }
    }

    private func answer(_ context: AppRequestContext, accept: Bool) async throws -> Response {
        let identity = try context.requirePlayer()
        guard let id = context.parameters.get("id", as: Int64.self),
              try await services.repository.answerFriendRequest(id: id, playerID: identity.playerID, accept: accept, at: services.now())
        else {
            throw Problem(.notFound, code: .friendRequestNotFound, detail: "There is no such request to you.",
                          hint: "GET /v1/friends/requests lists the requests waiting for you.")
        }
        return Response(status: .noContent)
    }

    private func friends(_ context: AppRequestContext) async throws -> FriendsView {
        let identity = try context.requirePlayer()
        var views: [FriendView] = []
        for friend in try await services.repository.friends(playerID: identity.playerID) {
            let standing = PlayerStanding(events: try await services.repository.events(playerID: friend.id), content: services.content)
            let latest = standing.earnedAt.max { $0.value < $1.value }.flatMap { id in services.content.badges.first { $0.id == id.key }?.name }
            let lastActive = try await services.repository.lastActive(playerID: friend.id)
            views.append(FriendView(username: friend.username, displayName: friend.displayName, level: standing.totals.level,
                                    lastActiveDay: lastActive.map { LocalDate($0, in: services.timeZone).description }, latestBadge: latest))
        }
        return FriendsView(friends: views)
    }

    private func profile(_ context: AppRequestContext) async throws -> ProfileView {
        let identity = try context.requirePlayer()
        let username = (context.parameters.get("username") ?? "").lowercased()
        let account: Account
        if username == identity.account.player.username {
            account = identity.account
        } else {
            account = try await visiblePlayer(username, to: identity)
        }
        let standing = PlayerStanding(events: try await services.repository.events(playerID: account.player.id), content: services.content)
        let isSelf = account.player.id == identity.playerID
        let isFriend = isSelf ? true : try await services.repository.areFriends(identity.playerID, account.player.id)
        var solved: [Category: Int]?
        if isFriend {
            solved = Dictionary(uniqueKeysWithValues: Category.allCases.map { category in
                (category, standing.history.solves.filter { $0.category == category }.count)
            })
        }
        return ProfileView(username: account.player.username, displayName: account.player.displayName, level: standing.totals.level,
                           badges: services.content.badges.filter { standing.earnedAt[$0.id] != nil }.map(\.name), solved: solved)
    }

    private func view(_ request: FriendRequest) -> RequestView {
        RequestView(id: request.id, from: .init(username: request.from.username, displayName: request.from.displayName),
                    to: .init(username: request.to.username, displayName: request.to.displayName), createdAt: request.createdAt)
    }
}

extension Problem {
    static let playerNotFound = Problem(.notFound, code: .playerNotFound, detail: "There is no such player.",
                                        hint: "Check the username, or scan their friend code.")
}
