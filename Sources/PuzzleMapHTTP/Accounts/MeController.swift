import Foundation
import Hummingbird
import PuzzleMapCore

/// `/v1/me`: the signed-in person's own account, its changes, its export and its erasure.
struct MeController {
    let services: HuntServices

    struct Export: ResponseCodable {
        var player: PlayerView
        var events: [GameEvent]
        var exportedAt: Date
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
        router.delete("me") { request, context -> Response in
            let identity = try context.requireIdentity()
            let body = try await request.decode(as: DeleteMeRequest.self, context: context)
            try await services.hunt.eraseAccount(identity.account, password: body.password)
            return Response(status: .noContent)
        }
        router.get("me/export") { _, context -> Export in
            let export = try await services.hunt.export(of: try context.requireIdentity().account)
            return Export(player: PlayerView(export.account), events: export.events, exportedAt: export.exportedAt)
        }
    }
}
