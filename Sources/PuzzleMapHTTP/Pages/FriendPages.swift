import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage

/// Friends: my code to show (a QR and its link), adding a friend by a photo of theirs or by
/// username, requests to answer, the friends list, blocks. The social use cases decide.
struct FriendPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("friends") { request, context in
            let identity = try context.requirePlayer()
            let done = request.uri.queryParameters.get("done")
            let username = request.uri.queryParameters.get("username") ?? ""
            let notice = done.flatMap { Notice(rawValue: $0) }.map { library.text("friends.done.\($0.rawValue)", ["username": username]) }
            return try await friendsPage(context, identity: identity, notice: notice)
        }
        // A player's profile as the reader may see it (the game decides: friends see more).
        router.get("players/:username") { _, context in
            let identity = try context.requirePlayer()
            let profile = try await services.hunt.profile(context.parameters.get("username") ?? "", viewer: identity.account)
            return PageRendering(library: library, context: context).response("player", title: profile.player.displayName,
                                                                              ProfileView(profile, library: library))
        }
        router.get("friends/code.png") { _, context in
            try Response.qrCode(services.hunt.friendCode(playerID: try context.requirePlayer().playerID))
        }
        router.post("friends/requests") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            let username = form.text("username") ?? ""
            return try await act(context, identity: identity) {
                let outcome = try await services.hunt.requestFriend(username, from: identity.playerID)
                return done(outcome, username: username)
            }
        }
        router.post("friends/photo") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PagePhotoForm.read(request, context: context)
            return try await act(context, identity: identity) {
                let submission = try await form.submission(services: services, logger: context.logger)
                return done(try await services.hunt.befriend(byCode: submission.texts, playerID: identity.playerID), username: "")
            }
        }
        router.post("friends/requests/:id/accept") { request, context in try await answer(request, context, accept: true) }
        router.post("friends/requests/:id/decline") { request, context in try await answer(request, context, accept: false) }
        router.post("friends/unfriend") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            let username = form.text("username") ?? ""
            return try await act(context, identity: identity) {
                try await services.hunt.unfriend(username, playerID: identity.playerID)
                return .seeOther("/friends?done=unfriended&username=\(PageForm.escapeQuery(username))")
            }
        }
        router.post("friends/blocks") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            let username = form.text("username") ?? ""
            let unblock = form["action"] == "unblock"
            return try await act(context, identity: identity) {
                if unblock {
                    try await services.hunt.unblock(username, playerID: identity.playerID)
                } else {
                    try await services.hunt.block(username, playerID: identity.playerID)
                }
                return .seeOther("/friends?done=\(unblock ? "unblocked" : "blocked")&username=\(PageForm.escapeQuery(username))")
            }
        }
    }

    /// What the page says after a change, named in the address it redirects to.
    enum Notice: String {
        case requested, befriended, alreadyFriends = "already-friends", accepted, declined, unfriended, blocked, unblocked
    }

    private func done(_ outcome: FriendRequestOutcome, username: String) -> Response {
        let notice: Notice = switch outcome {
        case .requested: .requested
        case .befriended: .befriended
        case .alreadyFriends: .alreadyFriends
        }
        return .seeOther("/friends?done=\(notice.rawValue)" + (username.isEmpty ? "" : "&username=\(PageForm.escapeQuery(username))"))
    }

    private func answer(_ request: Request, _ context: AppRequestContext, accept: Bool) async throws -> Response {
        let identity = try context.requirePlayer()
        _ = try await PageForm.read(request, context: context)
        guard let id = context.parameters.get("id", as: Int64.self) else { throw SocialRefusal.friendRequestNotFound }
        return try await act(context, identity: identity) {
            try await services.hunt.answerFriendRequest(id: id, playerID: identity.playerID, accept: accept)
            return .seeOther("/friends?done=\(accept ? "accepted" : "declined")")
        }
    }

    /// Runs a change; a refusal is shown on the friends page, beside the forms.
    private func act(_ context: AppRequestContext, identity: Identity, _ change: () async throws -> Response) async throws -> Response {
        try await Problem.onPage(change) { try await friendsPage(context, identity: identity, problem: $0) }
    }

    private func friendsPage(_ context: AppRequestContext, identity: Identity, notice: String? = nil, problem: Problem? = nil) async throws -> Response {
        async let requests = services.hunt.friendRequests(playerID: identity.playerID)
        async let friends = services.hunt.friends(playerID: identity.playerID)
        let (incoming, outgoing) = try await requests
        let listed = try await friends
        let looks = try await services.hunt.looks(of: listed.map(\.player), viewer: identity.account)
        let view = FriendsView(
            code: services.hunt.friendCode(playerID: identity.playerID),
            incoming: incoming.map { .init(id: $0.id, who: library.text("friends.who", ["name": $0.from.displayName, "username": $0.from.username])) },
            outgoing: outgoing.map { .init(id: $0.id, who: library.text("friends.who", ["name": $0.to.displayName, "username": $0.to.username])) },
            friends: listed.map { friend in
                .init(username: friend.player.username,
                      picture: looks[friend.player.id].flatMap { PictureSource.of($0, username: friend.player.username) },
                      who: library.text("friends.who", ["name": friend.player.displayName, "username": friend.player.username]),
                      level: library.text("progress.level", ["level": "\(friend.level)"]),
                      badge: friend.latestBadge.map { library.text("friends.latestBadge", ["badge": $0.name]) },
                      unfriend: library.text("friends.unfriend", ["name": friend.player.displayName]))
            },
            notice: notice, problem: problem)
        return PageRendering(library: library, context: context).response("friends", title: library.text("friends.title"),
                                                                          status: problem?.status ?? .ok, view)
    }

    /// A profile: the lines a player's own progress page shows, as far as the game lets the reader see.
    struct ProfileView {
        typealias Solved = PlayPages.ProgressView.Solved
        typealias BadgeLine = PlayPages.ProgressView.BadgeLine
        var username: String
        var level: String
        var crew: String?
        var lastActive: String?
        var solved: [Solved]
        var badges: [BadgeLine]
        /// Their photo or avatar, and its words for a screen reader.
        var picture: String?
        var pictureAlt: String

        init(_ profile: PlayerProfile, library: PageLibrary) {
            picture = PictureSource.of(profile.look, username: profile.player.username)
            pictureAlt = library.text("player.pictureAlt", ["name": profile.player.displayName])
            username = library.text("player.username", ["username": profile.player.username])
            level = library.text("progress.level", ["level": "\(profile.level)"])
            crew = profile.crewInCommon.map { library.text("player.crew", ["crew": $0]) }
            lastActive = profile.solved == nil ? nil : profile.lastActiveDay.map { library.text("player.lastActive", ["date": CampusDates.day($0)]) }
                ?? library.text("player.neverActive")
            solved = profile.solved.map { counts in
                Category.allCases.map { Solved(label: library.text("play.category.\($0.rawValue)"), count: counts[$0] ?? 0) }
            } ?? []
            badges = profile.badges.map { BadgeLine(name: $0.name, description: $0.description) }
        }
    }

    struct FriendsView {
        struct Asking {
            var id: Int64
            var who: String
        }
        struct Friend {
            var username: String
            /// Their photo (once let through) or drawn picture.
            var picture: String?
            var who: String
            var level: String
            var badge: String?
            var unfriend: String
        }
        /// The friend code's link, shown under its QR for sharing by message.
        var code: String
        var incoming: [Asking]
        var outgoing: [Asking]
        var friends: [Friend]
        var notice: String?
        var problem: Problem?
    }
}
