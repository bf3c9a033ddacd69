import Hummingbird
import PuzzleMapCore

/// Reads `Authorization: Bearer <token>` and, when the token names a live session, puts the
/// account on the context. Routes decide whether they need one (`requireIdentity`).
struct Authenticator: RouterMiddleware {
    let services: HuntServices

    func handle(_ request: Request, context: AppRequestContext, next: (Request, AppRequestContext) async throws -> Response) async throws -> Response {
        var context = context
        if let header = request.headers[.authorization] {
            guard let token = Self.bearerToken(header) else { throw Problem.unauthenticated }
            guard let signedIn = try await services.hunt.signedIn(accessToken: token) else { throw Problem.unauthenticated }
            context.identity = Identity(signedIn)
        }
        return try await services.hunt.answering(request, by: context.identity) { try await next(request, context) }
    }

    /// The token of an `Authorization: Bearer <token>` header (the scheme in any case).
    static func bearerToken(_ header: String) -> String? {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        // Trimmed here, not by Foundation's `trimmingCharacters`, which goes through NSString
        // on Linux: at every request it was a few percent of what a kept read costs.
        var token = parts[1]
        while token.first?.isWhitespace == true { token.removeFirst() }
        while token.last?.isWhitespace == true { token.removeLast() }
        return String(token)
    }
}
