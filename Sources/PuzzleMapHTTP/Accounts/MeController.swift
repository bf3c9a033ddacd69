import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// `/v1/me`: the signed-in person's own account, its changes, its export and its erasure.
struct MeController {
    let services: HuntServices

    struct EmailChangeRequest: Decodable {
        var email: String
        var password: String
    }

    struct EmailConfirmRequest: Decodable {
        var code: String
    }

    struct EmailChangeView: ResponseCodable {
        /// Where the code went; the account keeps its address until the code is typed.
        var pendingEmail: String
    }

    /// `GET /v1/me/export` (and the account page's download): the game's ``AccountExport`` as
    /// JSON. Other players are their username and display name, as the game gives them.
    struct Export: ResponseCodable {
        struct Someone: Codable {
            var username: String
            var displayName: String
        }
        struct Quiz: Codable {
            var answers: [String: QuizAnswer]
            var traits: [String: Double]
            var takenAt: Date
        }
        struct Riddle: Codable {
            var id: Int64
            var category: Category
            var riddle: String?
            /// The place, once solved.
            var place: String?
            var hintsUsed: Int
            var startedAt: Date
            var closedAt: Date?
            /// `solved` or `given_up`; absent while held.
            var outcome: RiddleAttempt.Outcome?
        }
        struct VoucherGiven: Codable {
            var id: Int64
            var offerId: String
            var to: Someone
            var givenAt: Date
        }
        struct Link: Codable {
            var username: String
            var displayName: String
            var since: Date
        }
        struct FriendRequest: Codable {
            var id: Int64
            var username: String
            var displayName: String
            var sentAt: Date
        }
        struct FriendRequests: Codable {
            var received: [FriendRequest]
            var sent: [FriendRequest]
        }
        struct Crew: Codable {
            var id: Int64
            var name: String
            var createdAt: Date
            var joinedAt: Date
            var leader: Bool
            /// In the order they joined; `since` is when each joined.
            var members: [Link]
        }
        struct CrewInvitation: Codable {
            var id: Int64
            var crew: String
            var invitedBy: Someone
            var invitedAt: Date
        }
        struct Challenge: Codable {
            var id: Int64
            /// `challenger` (sent) or `challenged` (received).
            var role: String
            /// As `GET /v1/challenges` names it for the player.
            var status: String
            var opponent: Someone
            var category: Category?
            var riddle: String?
            var createdAt: Date
            var until: Date?
            var endedAt: Date?
        }
        struct Report: Codable {
            var id: Int64
            var kind: ProblemReport.Kind
            var checkpointId: String?
            var text: String
            var context: String?
            var status: ReportStatus
            var createdAt: Date
        }

        var player: PlayerView
        var events: [GameEvent]
        var quiz: Quiz?
        var riddles: [Riddle]
        var vouchers: [VoucherView]
        var vouchersGiven: [VoucherGiven]
        var friends: [Link]
        var friendRequests: FriendRequests
        var blocked: [Link]
        var crew: Crew?
        var crewInvitations: [CrewInvitation]
        var challenges: [Challenge]
        var reports: [Report]
        var notifications: Notifications
        var exportedAt: Date

        struct Notifications: Codable {
            struct Phone: Codable {
                var endpoint: String
                var language: String
            }
            var phones: [Phone]
            var topicsOff: [String]
        }

        init(_ export: AccountExport, content: CampusContent) {
            let playerID = export.account.player.id
            let someone = { (other: AccountExport.Someone) in Someone(username: other.username, displayName: other.displayName) }
            let link = { (other: AccountExport.Link) in Link(username: other.someone.username, displayName: other.someone.displayName, since: other.since) }
            let request = { (other: AccountExport.FriendRequest) in
                FriendRequest(id: other.id, username: other.someone.username, displayName: other.someone.displayName, sentAt: other.sentAt)
            }
            player = PlayerView(export.account)
            events = export.events
            quiz = export.quiz.map { Quiz(answers: $0.answers, traits: $0.profile.scores, takenAt: $0.takenAt) }
            riddles = export.riddles.map {
                Riddle(id: $0.id, category: $0.category, riddle: $0.riddle, place: $0.place, hintsUsed: $0.hintsUsed, startedAt: $0.startedAt,
                       closedAt: $0.closedAt, outcome: $0.outcome)
            }
            vouchers = export.vouchers.map { VoucherView($0, content: content) }
            vouchersGiven = export.vouchersGiven.map { VoucherGiven(id: $0.voucherID, offerId: $0.offerID, to: someone($0.to), givenAt: $0.givenAt) }
            friends = export.friends.map(link)
            friendRequests = FriendRequests(received: export.friendRequestsReceived.map(request), sent: export.friendRequestsSent.map(request))
            blocked = export.blocked.map(link)
            crew = export.crew.map {
                Crew(id: $0.id, name: $0.name, createdAt: $0.createdAt, joinedAt: $0.joinedAt, leader: $0.isLeader, members: $0.members.map(link))
            }
            crewInvitations = export.crewInvitations.map {
                CrewInvitation(id: $0.id, crew: $0.crewName, invitedBy: someone($0.invitedBy), invitedAt: $0.invitedAt)
            }
            challenges = export.challenges.map { challenge in
                let (status, until, endedAt) = ChallengeController.label(challenge.state, for: playerID)
                return Challenge(id: challenge.id, role: challenge.sent ? "challenger" : "challenged", status: status,
                                 opponent: someone(challenge.opponent), category: challenge.category, riddle: challenge.riddle,
                                 createdAt: challenge.createdAt, until: until, endedAt: endedAt)
            }
            reports = export.reports.map {
                Report(id: $0.id, kind: $0.report.kind, checkpointId: $0.report.checkpointID, text: $0.report.text, context: $0.report.context,
                       status: $0.status, createdAt: $0.createdAt)
            }
            notifications = Notifications(phones: export.notifications.phones.map { Notifications.Phone(endpoint: $0.endpoint, language: $0.language) },
                                          topicsOff: export.notifications.topicsOff.map(\.rawValue))
            exportedAt = export.exportedAt
        }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me") { _, context in PlayerView(try context.requireIdentity().account) }
        router.patch("me") { request, context -> PlayerView in
            let identity = try context.requireIdentity()
            let body = try await request.decode(as: UpdateMeRequest.self, context: context)
            return PlayerView(try await services.hunt.updateProfile(
                of: identity.account, sessionID: identity.session.id, displayName: body.displayName, password: body.password,
                currentPassword: body.currentPassword
            ))
        }
        // Changing the address: a code to the new one, then the code typed.
        router.post("me/email") { request, context -> EditedResponse<EmailChangeView> in
            let identity = try context.requireIdentity()
            let body = try await request.decode(as: EmailChangeRequest.self, context: context)
            let pending = try await services.hunt.requestEmailChange(identity.account, to: body.email, password: body.password,
                                                                     language: request.readerLanguage)
            return EditedResponse(status: .accepted, response: EmailChangeView(pendingEmail: pending))
        }
        router.post("me/email/confirm") { request, context -> PlayerView in
            let identity = try context.requireIdentity()
            let body = try await request.decode(as: EmailConfirmRequest.self, context: context)
            return PlayerView(try await services.hunt.confirmEmailChange(identity.account, code: body.code))
        }
        router.delete("me") { request, context -> Response in
            let identity = try context.requireIdentity()
            let body = try await request.decode(as: DeleteMeRequest.self, context: context)
            try await services.hunt.eraseAccount(identity.account, password: body.password)
            return Response(status: .noContent)
        }
        router.get("me/export") { _, context -> Export in
            Export(try await services.hunt.export(of: try context.requireIdentity().account), content: services.content)
        }
    }
}
