import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The signed-in person's account: display name, password, their data to take away, and
/// erasure behind an "are you sure?" with the password. The game's account use cases decide.
struct ProfilePages {
    let services: HuntServices
    let library: PageLibrary

    /// The settings page has nothing of the account's: its switches are the phone's, and the
    /// language the browser's (a cookie).
    struct Settings {
        struct Choice {
            var value: String
            /// In its own language ("中文（简体）"), as a reader looks for their own.
            var name: String
            var selected: Bool
        }
        var languages: [Choice]
        var notice: String?
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        // The phone's own settings (sound, vibration, animations): kept on the phone by the
        // page's script, as they belong to the phone, not the account.
        // Open to anyone: a visitor chooses the language before signing up.
        router.get("settings") { request, context in
            let chosen = request.cookies[PageSession.languageCookieName]?.value
            let notice = request.uri.queryParameters.get("done") == "language" ? library.text("settings.languageSaved") : nil
            return PageRendering(library: library, context: context).response("settings", title: library.text("settings.title"), Settings(
                languages: [.init(value: "", name: library.text("settings.languageFromPhone"), selected: chosen == nil)]
                    + library.languages.map { language in
                        .init(value: language.tag, name: library.catalogues[language]?.texts["language.name"] ?? language.tag,
                              selected: chosen == language.tag)
                    },
                notice: notice))
        }
        router.post("settings/language") { request, context in
            let form = try await PageForm.read(request, context: context)
            let tag = form["language"].flatMap { tag in library.languages.first { $0.tag == tag }?.tag }
            var response = Response.seeOther("/settings?done=language")
            response.setCookie(PageSession.languageCookie(tag, request: request))
            return response
        }
        router.get("account") { request, context in
            let identity = try context.requireIdentity()
            let done = request.uri.queryParameters.get("done")
            let notice = done == "name" ? library.text("account.nameChanged") : done == "password" ? library.text("account.passwordChanged") : nil
            return accountPage(context, account: identity.account, notice: notice)
        }
        router.post("account/name") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                _ = try await services.hunt.updateProfile(of: identity.account, sessionID: identity.session.id, displayName: form["displayName"] ?? "",
                                                          password: nil, currentPassword: nil)
            } catch {
                return accountPage(context, account: identity.account, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/account?done=name")
        }
        router.post("account/password") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                _ = try await services.hunt.updateProfile(of: identity.account, sessionID: identity.session.id, displayName: nil,
                                                          password: form["newPassword"] ?? "", currentPassword: form["currentPassword"])
            } catch {
                return accountPage(context, account: identity.account, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/account?done=password")
        }
        router.get("account/export") { request, context in
            let identity = try context.requireIdentity()
            let export = try await services.hunt.export(of: identity.account)
            var response = try MeController.Export(export, content: services.content).response(from: request, context: context)
            response.headers[.contentDisposition] = "attachment; filename=\"puzzle-map-\(identity.account.player.username).json\""
            return response
        }
        router.get("account/delete") { _, context in
            _ = try context.requireIdentity()
            return deletePage(context)
        }
        router.post("account/delete") { request, context in
            let identity = try context.requireIdentity()
            let form = try await PageForm.read(request, context: context)
            do {
                try await services.hunt.eraseAccount(identity.account, password: form["password"] ?? "")
            } catch {
                return deletePage(context, problem: try Problem.forPage(error))
            }
            var response = Response.seeOther("/?erased=1")
            PageSession.endSession(in: &response, request: request)
            return response
        }
    }

    private func accountPage(_ context: AppRequestContext, account: Account, notice: String? = nil, problem: Problem? = nil) -> Response {
        PageRendering(library: library, context: context).response("account", title: library.text("account.title"), status: problem?.status ?? .ok,
            AccountView(username: library.text("account.username", ["username": account.player.username]),
                        email: library.text("account.email", ["email": account.player.email]),
                        displayName: account.player.displayName, notice: notice, problem: problem))
    }

    private func deletePage(_ context: AppRequestContext, problem: Problem? = nil) -> Response {
        PageRendering(library: library, context: context).response("delete", title: library.text("delete.title"), status: problem?.status ?? .ok,
                                                                   DeleteView(problem: problem))
    }

    struct AccountView {
        var username: String
        var email: String
        var displayName: String
        var notice: String?
        var problem: Problem?
    }

    struct DeleteView {
        var problem: Problem?
    }
}
