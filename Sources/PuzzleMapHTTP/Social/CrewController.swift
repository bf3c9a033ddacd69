import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Crews and their riddles, as the use cases in `Hunt` decide them.
struct CrewController {
    let services: HuntServices

    struct NameBody: Decodable { var name: String }
    struct CodeBody: Decodable { var code: String }
    struct CategoryBody: Decodable { var category: String }

    struct MemberView: Codable {
        var username: String
        var displayName: String
        var joinedAt: Date
    }

    struct CrewRiddleView: ResponseCodable {
        var id: Int64
        var category: Category
        var text: String
        var hints: [String]
        /// What solving it pays each member who takes part, the crew bonus included.
        var xpIfSolved: Int
        /// Members who scanned its place within the window, by username.
        var scannedBy: [String]
    }

    struct CrewView: ResponseCodable {
        var id: Int64
        var name: String
        /// The leader's username: they may remove members.
        var leader: String
        /// The join code's link, for others to scan from a member's screen.
        var code: String
        var members: [MemberView]
        var riddles: [CrewRiddleView]
        /// Two members' scans of a crew riddle's place this close together solve it.
        var windowMinutes: Int
    }

    /// `crew` is always there: `null` when the player is in no crew.
    struct MyCrewView: ResponseCodable {
        var crew: CrewView?

        enum CodingKeys: String, CodingKey { case crew }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(crew, forKey: .crew)
        }
    }
    struct RiddleEnvelope: ResponseCodable { var riddle: CrewRiddleView }
    struct UsernameBody: Decodable { var username: String }

    struct InvitationView: ResponseCodable {
        var id: Int64
        var crew: String
        /// Members the crew has now.
        var members: Int
        /// Who invited, by username, and their name.
        var from: String
        var fromName: String
        var createdAt: Date
    }
    struct Invitations: ResponseCodable { var invitations: [InvitationView] }

    struct BoardEntry: Codable {
        var rank: Int
        var name: String
        var members: Int
        var solved: Int
    }
    struct MyBoardEntry: Codable {
        var name: String
        var rank: Int?
        var solved: Int
    }
    /// `mine` is always there: `null` when the player is in no crew.
    struct Board: ResponseCodable {
        var period: String
        var entries: [BoardEntry]
        var mine: MyBoardEntry?

        enum CodingKeys: String, CodingKey { case period, entries, mine }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(period, forKey: .period)
            try container.encode(entries, forKey: .entries)
            try container.encode(mine, forKey: .mine)
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/crew") { _, context -> MyCrewView in
            let identity = try context.requirePlayer()
            return MyCrewView(crew: try await services.hunt.crew(of: identity.playerID).asyncMap { try await view($0) })
        }
        router.post("crews") { request, context -> EditedResponse<CrewView> in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: NameBody.self, context: context)
            return EditedResponse(status: .created, response: try await view(try await services.hunt.createCrew(named: body.name, by: identity.playerID)))
        }
        router.post("crews/join") { request, context -> CrewView in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: CodeBody.self, context: context)
            return try await view(try await services.hunt.joinCrew(byCode: [body.code], playerID: identity.playerID))
        }
        router.delete("me/crew") { _, context -> Response in
            try await services.hunt.leaveCrew(playerID: try context.requirePlayer().playerID)
            return Response(status: .noContent)
        }
        router.delete("me/crew/members/:username") { _, context -> Response in
            try await services.hunt.removeFromCrew(context.parameters.get("username") ?? "", by: try context.requirePlayer().playerID)
            return Response(status: .noContent)
        }
        router.get("me/crew/code.png") { _, context -> Response in
            guard let crew = try await services.hunt.crew(of: try context.requirePlayer().playerID) else { throw CrewRefusal.notInCrew }
            return try Response.qrCode(services.hunt.crewCode(crew))
        }
        router.post("me/crew/riddles") { request, context -> EditedResponse<RiddleEnvelope> in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: CategoryBody.self, context: context)
            guard let category = Category(rawValue: body.category) else {
                throw Problem(.unprocessableContent, code: .unknownCategory, values: ["category": body.category])
            }
            let (held, isNew) = try await services.hunt.askForCrewRiddle(playerID: identity.playerID, category: category)
            return EditedResponse(status: isNew ? .created : .ok, response: RiddleEnvelope(riddle: Self.view(held)))
        }
        router.post("me/crew/code") { _, context -> CrewView in
            try await view(try await services.hunt.renewCrewCode(by: try context.requirePlayer().playerID))
        }
        router.post("me/crew/invitations") { request, context -> EditedResponse<InvitationView> in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: UsernameBody.self, context: context)
            return EditedResponse(status: .created, response: Self.view(try await services.hunt.inviteToCrew(body.username, by: identity.playerID)))
        }
        router.get("me/crew-invitations") { _, context -> Invitations in
            Invitations(invitations: try await services.hunt.crewInvitations(for: try context.requirePlayer().playerID).map(Self.view))
        }
        router.post("me/crew-invitations/:id/accept") { _, context -> CrewView in
            let identity = try context.requirePlayer()
            guard let id = context.parameters.get("id", as: Int64.self) else { throw CrewRefusal.crewInvitationNotFound }
            return try await view(try await services.hunt.acceptCrewInvitation(id, playerID: identity.playerID))
        }
        router.delete("me/crew-invitations/:id") { _, context -> Response in
            let identity = try context.requirePlayer()
            guard let id = context.parameters.get("id", as: Int64.self) else { throw CrewRefusal.crewInvitationNotFound }
            try await services.hunt.declineCrewInvitation(id, playerID: identity.playerID)
            return Response(status: .noContent)
        }
        router.group().add(middleware: ConditionalGetMiddleware()).get("crews/leaderboard") { request, context -> Board in
            let identity = try context.requirePlayer()
            let (period, limit) = try LeaderboardController.boardQuery(request)
            let board = try await services.hunt.crewLeaderboard(playerID: identity.playerID, period: period, limit: limit)
            return Board(period: period.rawValue,
                         entries: board.rows.map { BoardEntry(rank: $0.rank, name: $0.score.name, members: $0.score.members, solved: $0.score.solved) },
                         mine: board.mine.map { MyBoardEntry(name: $0.name, rank: $0.rank, solved: $0.solved) })
        }
        router.post("me/crew/riddles/:id/hints") { _, context -> RiddleEnvelope in
            let identity = try context.requirePlayer()
            guard let id = context.parameters.get("id", as: Int64.self) else { throw CrewRefusal.crewRiddleNotFound }
            return RiddleEnvelope(riddle: Self.view(try await services.hunt.takeCrewHint(playerID: identity.playerID, crewRiddleID: id)))
        }
    }

    private func view(_ crew: Crew) async throws -> CrewView {
        let hunt = services.hunt
        return CrewView(id: crew.id, name: crew.name, leader: crew.members.first { $0.player.id == crew.leaderID }?.player.username ?? "",
                        code: hunt.crewCode(crew),
                        members: crew.members.map { MemberView(username: $0.player.username, displayName: $0.player.displayName, joinedAt: $0.joinedAt) },
                        riddles: try await hunt.crewRiddles(of: crew).map(Self.view), windowMinutes: hunt.content.rules.crew.windowMinutes)
    }

    static func view(_ invitation: CrewInvitation) -> InvitationView {
        InvitationView(id: invitation.id, crew: invitation.crewName, members: invitation.crewMembers, from: invitation.invitedBy.username,
                       fromName: invitation.invitedBy.displayName, createdAt: invitation.createdAt)
    }

    static func view(_ held: HeldCrewRiddle) -> CrewRiddleView {
        CrewRiddleView(id: held.crewRiddle.id, category: held.crewRiddle.category, text: held.riddle.text, hints: held.hintsShown,
                       xpIfSolved: held.xpIfSolved, scannedBy: held.scannedBy.map(\.username))
    }
}

extension Optional {
    /// The wrapped value transformed by an asynchronous function, or nil.
    func asyncMap<Mapped>(_ transform: (Wrapped) async throws -> Mapped) async rethrows -> Mapped? {
        guard let self else { return nil }
        return try await transform(self)
    }
}
