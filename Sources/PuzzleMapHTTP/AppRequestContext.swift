import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage

/// The request context every route sees: Hummingbird's core, who is calling (once the
/// authenticator has run) and where from.
public struct AppRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The signed-in account and its session, set by ``Authenticator`` (API) or ``PageSession`` (pages).
    public var identity: Identity?
    /// The token every form of this browser carries, made by ``PageSession`` from the secret in its `pm_csrf` cookie.
    public var formToken: String?
    /// The organisers' message to players, shown atop every page (set by ``PageSession``).
    public var broadcast: String?
    /// Where the page's live stream starts: after what the page was rendered with (set by
    /// ``PageSession`` for players), so news between the render and the stream's opening is kept.
    public var liveCursor: String?
    /// Whether the browser accepts gzip: pages are then sent compressed.
    public var acceptsGzip = false
    /// The page's address (set by ``PageSession``): its bar marks the section it belongs to.
    public var pagePath = ""
    /// The peer's address, for per-address limits (campus Wi-Fi is one NAT address: limits on
    /// players are keyed on the player, this only backs up sign-in throttling).
    public let remoteAddress: String

    /// One encoder for every JSON answer (made once, not per request), with sorted keys: the
    /// same state always gives the same bytes, which `ETag`s (``ConditionalGetMiddleware``)
    /// rely on.
    public var responseEncoder: JSONEncoder { Self.encoder }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress?.ipAddress ?? "unknown"
    }

    /// The client's address: the peer's, or, when the peer is one of our proxies, the last
    /// address that proxy appended to `X-Forwarded-For` (earlier entries are the client's own
    /// say and can be forged).
    public func clientAddress(of request: Request, trusting proxies: Set<String>) -> String {
        Self.clientAddress(peer: remoteAddress, forwardedFor: request.headers[.init("X-Forwarded-For")!], trusting: proxies)
    }

    public static func clientAddress(peer: String, forwardedFor: String?, trusting proxies: Set<String>) -> String {
        guard proxies.contains(peer), let forwardedFor,
              let last = forwardedFor.split(separator: ",").last?.trimmingCharacters(in: .whitespaces), !last.isEmpty
        else { return peer }
        return last
    }

    /// The largest JSON body a route decodes. Photo uploads collect their bodies themselves,
    /// under their own, larger limit (`CodeUpload.maxPhotoBytes`).
    public var maxUploadSize: Int { 64 * 1024 }

    /// The caller's identity, or 401.
    public func requireIdentity() throws -> Identity {
        guard let identity else { throw Problem.unauthenticated }
        return identity
    }

    /// The caller, who must be a player (not a staff or admin account).
    public func requirePlayer() throws -> Identity {
        let identity = try requireIdentity()
        guard identity.account.role == .player else { throw Problem.playersOnly(for: identity.account.role) }
        return identity
    }

    /// The caller, who must organise the hunt.
    public func requireOrganiser(in hunt: Hunt) throws -> Organiser {
        try hunt.organiser(try requireIdentity().account)
    }
}

/// Who is calling.
public struct Identity: Sendable {
    public var account: Account
    public var session: Session
    /// The account's play version as read with the session (`PlayVersion`): passed to the
    /// use cases that can answer from what they kept at that version.
    public var playVersion: Int64? = nil
    /// The account's friends' version as read with the session.
    public var friendsVersion: Int64 = 0
    public var playerID: Int64 { account.player.id }
    /// Whether the account's freebies can be claimed: once its email is verified, or as an
    /// open day's guest.
    public var isVerified: Bool { account.mayClaimFreebies }
}

extension Identity {
    /// Whoever a live session's token names, as the store read it.
    init(_ signedIn: SignedIn) {
        self.init(account: signedIn.account, session: signedIn.session, playVersion: signedIn.playVersion, friendsVersion: signedIn.friendsVersion)
    }
}

extension Problem {
    static let unauthenticated = Problem(.unauthorized, code: .unauthenticated, headers: [.wwwAuthenticate: "Bearer"])
}
