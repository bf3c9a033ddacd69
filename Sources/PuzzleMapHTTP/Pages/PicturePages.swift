import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Profile pictures on the pages: a player sends a photo or picks a drawn avatar on their
/// account page; the photos and avatars are served from the service's own address; organisers
/// let the waiting photos through, or refuse them, from the console.
struct PicturePages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("avatars/:name") { _, context in
            let name = (context.parameters.get("name") ?? "").replacingOccurrences(of: ".svg", with: "")
            guard let avatar = Avatar(rawValue: name) else { throw HTTPError(.notFound) }
            return Response(status: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "public, max-age=86400"],
                            body: .init(byteBuffer: ByteBuffer(string: AvatarDrawing.svg(avatar))))
        }
        router.get("pictures/:username") { _, context in
            let identity = try context.requireIdentity()
            return PictureController.picture(try await services.hunt.picture(of: context.parameters.get("username") ?? "", viewer: identity.account))
        }
        router.post("account/picture") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PagePhotoForm.read(request, context: context)
            return try await Problem.onPage({
                guard let photo = form.photo, !photo.isEmpty else { throw Problem.image(.empty) }
                let portrait = try await PictureController.portrait(of: [UInt8](photo), services: services)
                _ = try await services.hunt.uploadPicture(portrait, by: identity.account)
                return Response.seeOther("/account?done=picture")
            }, showing: { problem in try await accountPage(context, identity, problem) })
        }
        router.post("account/picture/remove") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            return try await Problem.onPage({
                try await services.hunt.removePicture(by: identity.account)
                return Response.seeOther("/account?done=pictureRemoved")
            }, showing: { problem in try await accountPage(context, identity, problem) })
        }
        router.post("account/avatar") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            return try await Problem.onPage({
                try await services.hunt.chooseAvatar(try PictureController.avatar(named: form["avatar"]), by: identity.account)
                return Response.seeOther("/account?done=avatar")
            }, showing: { problem in try await accountPage(context, identity, problem) })
        }
        router.get("console/pictures") { request, context in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let done = request.uri.queryParameters.get("done")
            return try await consolePage(context, organiser, notice: done.map { library.text("consolePictures.done.\($0 == "approved" ? "approved" : "refused")") })
        }
        router.post("console/pictures/:username") { request, context in
            let form = try await PageForm.read(request, context: context)
            let organiser = try context.requireOrganiser(in: services.hunt)
            return try await Problem.onPage({
                let approve = form["decision"] == "approve"
                _ = try await services.hunt.reviewPicture(of: context.parameters.get("username") ?? "", version: Int(form["version"] ?? "") ?? 0,
                                                          approve: approve, by: organiser)
                return Response.seeOther("/console/pictures?done=\(approve ? "approved" : "refused")")
            }, showing: { problem in try await consolePage(context, organiser, problem: problem) })
        }
    }

    /// The account page again, saying why a picture form was refused.
    private func accountPage(_ context: AppRequestContext, _ identity: Identity, _ problem: Problem) async throws -> Response {
        try await ProfilePages(services: services, library: library).accountPage(context, account: identity.account, problem: problem)
    }

    private func consolePage(_ context: AppRequestContext, _ organiser: Organiser, notice: String? = nil, problem: Problem? = nil) async throws -> Response {
        let zone = services.timeZone
        let waiting = try await services.hunt.picturesWaiting(for: organiser).map { waiting in
            Waiting(username: waiting.player.username, src: PictureSource.picture(of: waiting.player.username, version: waiting.picture.version),
                    who: library.text("consolePictures.who", ["name": waiting.player.displayName, "username": waiting.player.username,
                                                              "when": CampusDates.dayAndTime(waiting.picture.uploadedAt, in: zone)]),
                    version: waiting.picture.version, approveLabel: library.text("consolePictures.approveLabel", ["name": waiting.player.displayName]),
                    refuseLabel: library.text("consolePictures.refuseLabel", ["name": waiting.player.displayName]))
        }
        return PageRendering(library: library, context: context).response("console-pictures", title: library.text("consolePictures.title"),
                                                                          status: problem?.status ?? .ok,
                                                                          ConsoleView(waiting: waiting, notice: notice, problem: problem))
    }

    struct Waiting {
        var username: String
        var src: String
        var who: String
        var version: Int
        var approveLabel: String
        var refuseLabel: String
    }

    struct ConsoleView {
        var waiting: [Waiting]
        var notice: String?
        var problem: Problem?
    }
}

/// Where a page finds a player's picture: the photo (its upload in the address, so a new one is
/// fetched at once) or the drawn avatar.
enum PictureSource {
    static func picture(of username: String, version: Int) -> String { "/pictures/\(username)?v=\(version)" }

    static func avatar(_ avatar: Avatar) -> String { "/avatars/\(avatar.rawValue).svg" }

    /// The address of what is shown, or `nil` when there is nothing to show.
    static func of(_ shown: PlayerLook.Shown, username: String) -> String? {
        switch shown {
        case .picture(let version): picture(of: username, version: version)
        case .avatar(let avatar): self.avatar(avatar)
        case .none: nil
        }
    }
}
