import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// What every page request goes through: the session cookie becomes the identity, the
/// browser gets its anti-forgery secret, cross-site form posts are refused, the security
/// headers are set, and any error becomes a page a student can act on.
struct PageSession: RouterMiddleware {
    static let sessionCookieName = "pm_session"
    static let formCookieName = "pm_csrf"
    /// The language chosen in the settings, when the reader chose one over the browser's.
    static let languageCookieName = "pm_lang"

    let services: HuntServices
    let library: PageLibrary

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        var context = context
        let existingSecret = request.cookies[Self.formCookieName]?.value.nilIfEmpty
        let secret = existingSecret ?? SecretToken.generate()
        context.acceptsGzip = PageCompression.accepts(request)
        context.pagePath = request.uri.path
        context.formToken = PageForm.token(for: secret, key: services.hunt.secrets.tokenKeyData)
        let language = library.language(chosen: request.cookies[Self.languageCookieName]?.value, accepted: request.headers[.acceptLanguage])
        var response = try await PageLibrary.$language.withValue(language) {
            var response: Response
            do {
                if let token = request.cookies[Self.sessionCookieName]?.value, let signedIn = try await services.hunt.signedIn(accessToken: token) {
                    context.identity = Identity(signedIn)
                    // Players read the message atop each page; organisers see it on their console.
                    if signedIn.account.role == .player {
                        context.broadcast = try await services.hunt.liveNotices().broadcast?.text
                        context.liveCursor = try await services.hunt.liveCursor(playerID: signedIn.account.player.id).description
                    }
                }
                if request.method == .post, !isSameOrigin(request) {
                    throw Problem.crossSiteForm
                }
                response = try await services.hunt.answering(request, by: context.identity) { try await next(request, context) }
            } catch is NotAPage {
                throw HTTPError(.notFound)
            } catch {
                response = try errorPage(for: error, request: request, context: context)
            }
            return response
        }
        if existingSecret == nil {
            response.setCookie(Self.cookie(Self.formCookieName, secret, request: request))
        }
        PageSecurity.apply(to: &response.headers)
        return response
    }

    /// A post from another site's page (a browser names the page's origin) is refused before
    /// any form is read; the form's token is checked again where the form is read.
    private func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[.init("Sec-Fetch-Site")!], site != "same-origin", site != "none" { return false }
        guard let origin = request.headers[.origin], origin != "null" else { return request.headers[.origin] == nil }
        guard let host = request.head.authority else { return false }
        return origin.hasSuffix("://\(host)")
    }

    /// The browser's session cookie: the session's token, for as long as the session lives.
    static func sessionCookie(_ session: IssuedSession, request: Request) -> Cookie {
        cookie(sessionCookieName, session.accessToken, request: request, maxAge: session.expiresIn)
    }

    /// The language chosen in the settings, kept for a year; none chosen, the browser's again.
    static func languageCookie(_ tag: String?, request: Request) -> Cookie {
        cookie(languageCookieName, tag ?? "", request: request, maxAge: tag == nil ? 0 : 365 * 24 * 60 * 60)
    }

    /// After signing out, a password reset or erasure: the session cookie emptied and expired,
    /// and the browser told to forget what it kept for the pages (the service worker's copies
    /// of the map, riddles and freebies, and photos waiting to be sent), so the next person on
    /// the phone finds none of it.
    static func endSession(in response: inout Response, request: Request) {
        response.setCookie(cookie(sessionCookieName, "", request: request, maxAge: 0))
        response.headers[.init("Clear-Site-Data")!] = "\"cache\", \"storage\""
    }

    /// The cookie as this service sets it: HttpOnly, SameSite=Lax, Secure unless served on loopback.
    private static func cookie(_ name: String, _ value: String, request: Request, maxAge: Int? = nil) -> Cookie {
        Cookie(name: name, value: value, maxAge: maxAge, path: "/", secure: !isLoopback(request), httpOnly: true, sameSite: .lax)
    }

    static func isLoopback(_ request: Request) -> Bool {
        let authority = request.head.authority ?? ""
        let host = authority.hasPrefix("[") ? String(authority.prefix { $0 != "]" }) + "]" : String(authority.prefix { $0 != ":" })
        return host == "localhost" || host == "127.0.0.1" || host == "[::1]"
    }

    /// The page for a refusal, a bad request or our own failure: what happened and what to do,
    /// in the same words as the API's problem, but for a hint that names an API endpoint. Pages
    /// that need a signed-in player send the visitor to sign in first, and back afterwards.
    private func errorPage(for error: any Error, request: Request, context: AppRequestContext) throws -> Response {
        let problem = ProblemMiddleware<AppRequestContext>.problem(for: error, request: request, context: context).onPage
        if problem.code == .unauthenticated {
            return Response.seeOther("/sign-in?next=\(PageForm.escapeQuery(request.method == .get ? request.uri.description : "/play"))")
        }
        let page = PageRendering(library: library, context: context)
        let title = library.text(problem.status == .notFound ? "error.title.not_found"
                                 : problem.status.kind == .clientError ? "error.title.refused" : "error.title")
        var response = page.response("error", title: title, status: problem.status, ErrorPage(
            detail: problem.detail, hint: problem.hint, code: problem.code.rawValue,
            report: "/report?code=\(problem.code.rawValue)&page=\(PageForm.escapeQuery(request.uri.path))"))
        for field in problem.headers where field.name != .contentType { response.headers.append(field) }
        return response
    }

    /// An address no route has, asked for by a client other than a browser: answered by the
    /// problem middleware, as JSON, not as a page.
    struct NotAPage: Error {}

    struct ErrorPage {
        var detail: String
        var hint: String
        var code: String
        var report: String
    }
}

/// The headers every page carries: a strict Content-Security-Policy (no inline script or
/// style, nothing from another host), no framing, no sniffing, no referrer to other sites,
/// and no caching of personal pages.
enum PageSecurity {
    static let contentSecurityPolicy = [
        "default-src 'self'", "img-src 'self' data: blob:", "style-src 'self'", "script-src 'self'", "connect-src 'self'",
        "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'", "manifest-src 'self'",
    ].joined(separator: "; ")

    static func apply(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.init("Referrer-Policy")!] = "same-origin"
        headers[.init("X-Frame-Options")!] = "DENY"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }
}

extension Problem {
    static let crossSiteForm = Problem(.forbidden, code: .formExpired, detailVariant: "crossSite")
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
