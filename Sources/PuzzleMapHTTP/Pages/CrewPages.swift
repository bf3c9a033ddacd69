import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The crew page: make or join a crew (a photo of a member's screen, or the code typed), its
/// code to show, its members, its riddles with who has scanned, hints for all, leaving. The
/// crew use cases decide.
struct CrewPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("crew") { request, context in
            let identity = try context.requirePlayer()
            let notice = request.uri.queryParameters.get("done").flatMap(Notice.init(rawValue:)).map { library.text("crew.done.\($0.rawValue)") }
            return try await crewPage(context, identity: identity, notice: notice)
        }
        router.get("crew/code.png") { _, context in
            guard let crew = try await services.hunt.crew(of: try context.requirePlayer().playerID) else { throw CrewRefusal.notInCrew }
            return try Response.qrCode(services.hunt.crewCode(crew))
        }
        router.post("crew") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                _ = try await services.hunt.createCrew(named: form.text("name") ?? "", by: identity.playerID)
                return .seeOther("/crew?done=made")
            }
        }
        router.post("crew/join") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PagePhotoForm.read(request, context: context)
            return try await act(context, identity: identity) {
                let submission = try await form.submission(services: services, logger: context.logger)
                _ = try await services.hunt.joinCrew(byCode: submission.texts, playerID: identity.playerID)
                return .seeOther("/crew?done=joined")
            }
        }
        router.post("crew/leave") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                try await services.hunt.leaveCrew(playerID: identity.playerID)
                return .seeOther("/crew?done=left")
            }
        }
        router.post("crew/remove") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                try await services.hunt.removeFromCrew(form.text("username") ?? "", by: identity.playerID)
                return .seeOther("/crew?done=removed")
            }
        }
        router.post("crew/code") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                _ = try await services.hunt.renewCrewCode(by: identity.playerID)
                return .seeOther("/crew?done=renewed")
            }
        }
        router.post("crew/invite") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                _ = try await services.hunt.inviteToCrew(form.text("username") ?? "", by: identity.playerID)
                return .seeOther("/crew?done=invited")
            }
        }
        router.post("crew/invitations/:id/accept") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                guard let id = context.parameters.get("id", as: Int64.self) else { throw CrewRefusal.crewInvitationNotFound }
                _ = try await services.hunt.acceptCrewInvitation(id, playerID: identity.playerID)
                return .seeOther("/crew?done=joined")
            }
        }
        router.post("crew/invitations/:id/decline") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                guard let id = context.parameters.get("id", as: Int64.self) else { throw CrewRefusal.crewInvitationNotFound }
                try await services.hunt.declineCrewInvitation(id, playerID: identity.playerID)
                return .seeOther("/crew?done=declined")
            }
        }
        router.post("crew/riddles") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                guard let category = form["category"].flatMap(Category.init(rawValue:)) else {
                    throw Problem(.unprocessableContent, code: .unknownCategory, values: ["category": form["category"] ?? ""])
                }
                _ = try await services.hunt.askForCrewRiddle(playerID: identity.playerID, category: category)
                return .seeOther("/crew")
            }
        }
        router.post("crew/riddles/:id/hint") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            return try await act(context, identity: identity) {
                guard let id = context.parameters.get("id", as: Int64.self) else { throw CrewRefusal.crewRiddleNotFound }
                _ = try await services.hunt.takeCrewHint(playerID: identity.playerID, crewRiddleID: id)
                return .seeOther("/crew")
            }
        }
    }

    enum Notice: String { case made, joined, left, removed, renewed, invited, declined }

    /// Runs a change; a refusal is shown on the crew page, above the forms.
    private func act(_ context: AppRequestContext, identity: Identity, _ change: () async throws -> Response) async throws -> Response {
        try await Problem.onPage(change) { try await crewPage(context, identity: identity, problem: $0) }
    }

    private func crewPage(_ context: AppRequestContext, identity: Identity, notice: String? = nil, problem: Problem? = nil) async throws -> Response {
        let hunt = services.hunt
        var view = CrewView(notice: notice, problem: problem)
        if let crew = try await hunt.crew(of: identity.playerID) {
            let rules = hunt.content.rules.crew
            let leads = crew.leaderID == identity.playerID
            view.crew = .init(
                name: crew.name, code: hunt.crewCode(crew),
                intro: library.text("crew.intro", ["minutes": "\(rules.windowMinutes)", "xp": "\(rules.bonusXP)"]),
                members: crew.members.map { member in
                    .init(username: member.player.username,
                          who: library.text(member.player.id == crew.leaderID ? "crew.leader" : "friends.who",
                                            ["name": member.player.displayName, "username": member.player.username]),
                          removable: leads && member.player.id != identity.playerID,
                          remove: library.text("crew.remove", ["name": member.player.displayName]))
                },
                riddles: try await hunt.crewRiddles(of: crew).map { written in
                    var held = written
                    held.riddle = library.reading(held.riddle)
                    return .init(id: held.crewRiddle.id, category: library.text("play.category.\(held.crewRiddle.category.rawValue)"), text: held.riddle.text,
                          hints: held.hintsShown, worth: library.text("crew.worth", ["xp": "\(held.xpIfSolved)"]),
                          scanned: held.scannedBy.isEmpty ? library.text("crew.scannedNone")
                              : library.text("crew.scannedBy", ["names": held.scannedBy.map(\.displayName).joined(separator: ", "),
                                                                "minutes": "\(rules.windowMinutes)"]),
                          canHint: held.crewRiddle.hintsUsed < Riddle.hintCount)
                },
                categories: Category.allCases.map { .init(value: $0.rawValue, name: library.text("play.category.\($0.rawValue)")) },
                small: crew.members.count < 2,
                full: crew.members.count >= rules.maxMembers,
                friends: try await hunt.friendsToInvite(into: crew, by: identity.playerID).map {
                    .init(value: $0.username, name: library.text("friends.who", ["name": $0.displayName, "username": $0.username]))
                },
                leads: leads)
        } else {
            view.invitations = try await hunt.crewInvitations(for: identity.playerID).map { invitation in
                .init(id: invitation.id, text: library.text("crew.invitation", ["from": invitation.invitedBy.displayName, "crew": invitation.crewName,
                                                                                   "members": "\(invitation.crewMembers)"]))
            }
        }
        return PageRendering(library: library, context: context).response("crew", title: library.text("crew.title"), status: problem?.status ?? .ok, view)
    }

    struct CrewView {
        struct Member {
            var username: String
            var who: String
            var removable: Bool
            var remove: String
        }
        struct HeldRiddle {
            var id: Int64
            var category: String
            var text: String
            var hints: [String]
            var worth: String
            var scanned: String
            var canHint: Bool
        }
        struct Choice {
            var value: String
            var name: String
        }
        struct Mine {
            var name: String
            /// The join code's link, shown under its QR.
            var code: String
            var intro: String
            var members: [Member]
            var riddles: [HeldRiddle]
            var categories: [Choice]
            /// Fewer than two members: no crew riddle yet.
            var small: Bool
            /// No room for another member: no invitations.
            var full: Bool
            /// Friends not in the crew, to invite.
            var friends: [Choice]
            /// The player leads: they renew the code.
            var leads: Bool
        }
        struct Invitation {
            var id: Int64
            var text: String
        }
        var crew: Mine?
        var invitations: [Invitation] = []
        var notice: String?
        var problem: Problem?
    }
}
