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
        router.patch("me") { request, context in try await update(request, context) }
        router.delete("me") { request, context in try await erase(request, context) }
        router.get("me/export") { _, context -> Export in
            let identity = try context.requireIdentity()
            return Export(player: PlayerView(identity.account),
                          events: try await services.repository.events(playerID: identity.playerID), exportedAt: services.now())
        }
    }

    private func update(_ request: Request, _ context: AppRequestContext) async throws -> PlayerView {
        let identity = try context.requireIdentity()
        let body = try await request.decode(as: UpdateMeRequest.self, context: context)
        var displayName: String?
        if let name = body.displayName?.trimmingCharacters(in: .whitespacesAndNewlines) {
            guard (1...40).contains(name.count) else { throw Problem.invalidDisplayName }
            displayName = name
        }
        var passwordHash: String?
        if let password = body.password {
            guard let current = body.currentPassword,
                  try await services.passwordHasher.verify(current, against: identity.account.passwordHash)
            else { throw Problem.currentPasswordRequired }
            if let weakness = AccountPolicy.weakness(of: password, username: identity.account.player.username, email: identity.account.player.email) {
                throw Problem.weakPassword(weakness)
            }
            passwordHash = try await services.passwordHasher.hash(password)
        }
        let account = try await services.repository.updateAccount(id: identity.playerID, displayName: displayName, passwordHash: passwordHash)
        if passwordHash != nil {
            // A new password signs every other device out.
            try await services.repository.revokeAllSessions(playerID: identity.playerID, keeping: identity.session.id, at: services.now())
        }
        return PlayerView(account)
    }

    private func erase(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let identity = try context.requireIdentity()
        let body = try await request.decode(as: DeleteMeRequest.self, context: context)
        guard try await services.passwordHasher.verify(body.password, against: identity.account.passwordHash) else {
            throw Problem.invalidCredentials
        }
        try await services.repository.eraseAccount(id: identity.playerID, at: services.now())
        return Response(status: .noContent)
    }
}
