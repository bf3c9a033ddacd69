import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// The pages of joining and signing in: the welcome page, sign-up, email confirmation (with
/// a new code on request), sign-in and out, and the forgotten-password pair. Each calls the
/// same account use cases as the JSON API and renders what they return.
struct AccountPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("/") { request, context in
            if let role = context.identity?.account.role, let home = Self.home(of: role) { return Response.seeOther(home) }
            let info = services.content.info
            let erased = request.uri.queryParameters.get("erased") == "1"
            return page(context).response("home", title: info.title, Home(
                tagline: library.text("app.tagline", ["university": info.university]), notice: erased ? library.text("home.erased") : nil))
        }
        router.get("join") { request, context in
            page(context).response("join", title: library.text("join.title"), JoinForm(nextQuery: Next(request).query))
        }
        router.post("join") { request, context in try await join(request, context) }
        router.get("sign-in") { request, context in
            page(context).response("sign-in", title: library.text("signIn.title"), SignInForm(nextQuery: Next(request).query))
        }
        router.post("sign-in") { request, context in try await signIn(request, context) }
        router.post("sign-out") { request, context in
            _ = try await PageForm.read(request, context: context)
            if let identity = context.identity { try await services.hunt.signOut(sessionID: identity.session.id) }
            var response = Response.seeOther("/")
            PageSession.endSession(in: &response, request: request)
            return response
        }
        router.get("verify") { request, context in
            let identity = try context.requirePlayer()
            let sent = request.uri.queryParameters.get("sent") == "1" && !identity.isVerified
            return verifyPage(context, identity: identity, next: Next(request),
                              notice: sent ? library.text("verify.sent", ["email": identity.account.player.email]) : nil)
        }
        router.post("verify") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            do {
                try await services.hunt.verifyEmail(email: identity.account.player.email, code: form.text("code") ?? "")
            } catch {
                return verifyPage(context, identity: identity, next: Next(request), problem: try Problem.forPage(error))
            }
            // The confirmation page reads the account afresh, as stored.
            return Response.seeOther("/verify\(Next(request).query)")
        }
        router.post("verify/new-code") { request, context in
            let identity = try context.requirePlayer()
            _ = try await PageForm.read(request, context: context)
            try await services.hunt.sendNewVerificationCode(email: identity.account.player.email, language: PageLibrary.language.tag)
            // A page that can be reloaded (Back never asks to send the form again).
            let next = Next(request).path.map { "&next=\(PageForm.escapeQuery($0))" } ?? ""
            return Response.seeOther("/verify?sent=1\(next)")
        }
        router.get("more") { _, context in
            _ = try context.requireIdentity()
            return page(context).response("more", title: library.text("more.title"), Notice())
        }
        router.get("forgot") { _, context in
            page(context).response("forgot", title: library.text("forgot.title"), Notice())
        }
        router.post("forgot") { request, context in
            let form = try await PageForm.read(request, context: context)
            let email = form.text("email") ?? ""
            try await services.hunt.requestPasswordReset(email: email, language: PageLibrary.language.tag)
            return page(context).response("forgot", title: library.text("forgot.title"),
                                          Notice(notice: library.text("forgot.sent", ["email": email])))
        }
        router.get("reset") { _, context in
            page(context).response("reset", title: library.text("reset.title"), Notice())
        }
        router.post("reset") { request, context in
            let form = try await PageForm.read(request, context: context)
            do {
                try await services.hunt.resetPassword(token: form.text("token") ?? "", newPassword: form["password"] ?? "")
            } catch {
                return page(context).response("reset", title: library.text("reset.title"), status: .unprocessableContent,
                                              Notice(problem: try Problem.forPage(error)))
            }
            var response = page(context).response("sign-in", title: library.text("signIn.title"),
                                                  SignInForm(nextQuery: "", notice: library.text("reset.done")))
            PageSession.endSession(in: &response, request: request)
            return response
        }
    }

    private func page(_ context: AppRequestContext) -> PageRendering { PageRendering(library: library, context: context) }

    private func join(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let form = try await PageForm.read(request, context: context)
        let next = Next(request)
        var filled = JoinForm(nextQuery: next.query, email: form.text("email") ?? "", username: form.text("username") ?? "",
                              displayName: form.text("displayName") ?? "")
        let account: Account
        do {
            account = try await services.hunt.signUp(email: filled.email, username: filled.username, password: form["password"] ?? "",
                                                     displayName: filled.displayName, language: PageLibrary.language.tag)
        } catch {
            filled.problem = try Problem.forPage(error)
            return page(context).response("join", title: library.text("join.title"), status: filled.problem?.status ?? .ok, filled)
        }
        // The account was just made with this password: open its session directly, neither
        // hashing the password again nor meeting the sign-in throttle.
        let session = try await services.hunt.openSession(for: account, device: .browser)
        var response = Response.seeOther("/verify?next=\(PageForm.escapeQuery(next.or("/quiz")))")
        response.setCookie(PageSession.sessionCookie(session, request: request))
        return response
    }

    private func signIn(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let form = try await PageForm.read(request, context: context)
        let next = Next(request)
        let login = form.text("login") ?? ""
        let session: IssuedSession
        do {
            session = try await services.hunt.signIn(login: login, password: form["password"] ?? "",
                                                     from: context.clientAddress(of: request, trusting: services.trustedProxies), device: .browser)
        } catch {
            let problem = try Problem.forPage(error)
            var response = page(context).response("sign-in", title: library.text("signIn.title"), status: problem.status,
                                                  SignInForm(nextQuery: next.query, login: login, problem: problem))
            for field in problem.headers { response.headers.append(field) }
            return response
        }
        var response = Response.seeOther(next.or(Self.home(of: session.account.role) ?? "/"))
        response.setCookie(PageSession.sessionCookie(session, request: request))
        return response
    }

    /// Where each kind of account starts: a player on the map, an organiser opens the console, shop staff the counter.
    static func home(of role: Role) -> String? {
        switch role {
        case .player: "/map"
        case .admin: "/console"
        case .staff: "/counter"
        }
    }

    private func verifyPage(_ context: AppRequestContext, identity: Identity, next: Next, notice: String? = nil, problem: Problem? = nil) -> Response {
        page(context).response("verify", title: library.text(identity.isVerified ? "verify.doneTitle" : "verify.title"),
                               status: problem?.status ?? .ok, VerifyForm(
            intro: library.text("verify.intro", ["email": identity.account.player.email]), verified: identity.isVerified,
            next: next.or("/play"), nextQuery: next.query, notice: notice, problem: problem))
    }

    struct Home {
        var tagline: String
        /// After an account was deleted: it is gone.
        var notice: String?
    }

    struct Notice {
        var notice: String?
        var problem: Problem?
    }

    /// Templates read stored properties only (through `Mirror`), so `nextQuery` is kept, not computed.
    struct JoinForm {
        var nextQuery: String
        var email = ""
        var username = ""
        var displayName = ""
        var problem: Problem?
    }

    struct SignInForm {
        var nextQuery: String
        var login = ""
        var notice: String?
        var problem: Problem?
    }

    struct VerifyForm {
        var intro: String
        var verified: Bool
        var next: String
        var nextQuery: String
        var notice: String?
        var problem: Problem?
    }
}

/// Where a visitor goes after signing in or joining: a path on this site named by `?next=`,
/// never another site.
struct Next {
    let path: String?

    init(_ request: Request?) {
        let candidate = request?.uri.queryParameters.get("next")
        path = candidate.flatMap { $0.hasPrefix("/") && !$0.hasPrefix("//") && !$0.contains("\\") ? $0 : nil }
    }

    func or(_ fallback: String) -> String { path ?? fallback }

    /// `?next=...` to carry it on, or nothing.
    var query: String { path.map { "?next=\(PageForm.escapeQuery($0))" } ?? "" }
}

extension Problem {
    /// The problem a form shows beside its fields, in the page's words; anything that is not a
    /// refusal (a bug, a lost database) is thrown on, to the error page.
    static func forPage(_ error: any Error) throws -> Problem {
        guard let problem = Problem.explaining(error) else { throw error }
        return problem.onPage
    }

    /// A page's change, or, when the game refuses it, the page again showing why
    /// (`showing` renders it with the problem).
    static func onPage(_ change: () async throws -> Response, showing page: (Problem) async throws -> Response) async throws -> Response {
        do {
            return try await change()
        } catch {
            return try await page(try forPage(error))
        }
    }
}
