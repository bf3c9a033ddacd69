import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PuzzleMapCore
import PuzzleMapGame
import ServiceLifecycle

/// `GET /v1/me/events`: the signed-in player's live stream (server-sent events). The app signs
/// in with its bearer token, the web app's pages with their session cookie (an `EventSource`
/// cannot send headers). Each event's `id` is a cursor: a client that reconnects with it as
/// `Last-Event-ID` gets exactly what it missed, kept for at least a day.
struct LiveController {
    let services: HuntServices

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/events") { request, context in try await stream(request, context) }
    }

    private func stream(_ request: Request, _ context: AppRequestContext) async throws -> Response {
        let (identity, token) = try await signedIn(request, context)
        guard identity.account.role == .player else { throw Problem.playersOnly(for: identity.account.role) }
        let playerID = identity.playerID
        let hunt = services.hunt
        // The browser's reconnection names the last event it saw; a page's first connection
        // names the cursor the page was rendered with.
        let lastSeen = request.headers[HTTPField.Name("Last-Event-ID")!].flatMap(LiveCursor.init)
            ?? request.uri.queryParameters.get("after").flatMap(LiveCursor.init)
        let start: LiveCursor
        if let lastSeen { start = lastSeen } else { start = try await hunt.liveCursor(playerID: playerID) }
        let hub = services.live
        let (id, wakes) = hub.open(playerID: playerID)
        let library = PageLibrary.shipped
        let tokenLeft = Duration.milliseconds(Int64(max(0, identity.session.accessExpiresAt.timeIntervalSince(hunt.now())) * 1000))
        let lifetime = min(hub.streamLifetime, tokenLeft)
        let body = ResponseBody { writer in
            // The stream ends with its lifetime; the client reconnects where it left off.
            let ending = Task {
                try? await Task.sleep(for: lifetime)
                hub.close(id, playerID: playerID)
            }
            defer {
                ending.cancel()
                hub.close(id, playerID: playerID)
            }
            var cursor = start
            // The stream's cursor first, so a client that hears nothing still resumes from here.
            try await writer.write(ByteBuffer(string: "retry: 3000\nid: \(cursor)\n\n"))
            func passOn() async throws {
                for (after, news) in try await services.hunt.liveNews(playerID: playerID, after: cursor) {
                    try await writer.write(ByteBuffer(string: LiveMessage(news, library: library).serverSentEvent(id: after)))
                    cursor = after
                }
            }
            try await passOn()
            try await withGracefulShutdownHandler {
                for await _ in wakes {
                    if hub.takeNews(id) {
                        try await passOn()
                    } else {
                        // A session signed out, or ended by a password change, a reset or an
                        // erasure (on any instance), ends its streams by the next heartbeat.
                        guard try await services.hunt.signedIn(accessToken: token) != nil else { break }
                        try await writer.write(ByteBuffer(string: ": still here\n\n"))
                    }
                }
            } onGracefulShutdown: {
                // A stream never holds up a shutdown: the client reconnects to another instance.
                hub.close(id, playerID: playerID)
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [
            .contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store",
            // nginx passes it on unbuffered, whatever its configuration.
            HTTPField.Name("X-Accel-Buffering")!: "no",
        ], body: body)
    }

    /// The bearer token's player, or the page session's (the cookie the web app's pages hold),
    /// with the token, which the stream checks again at each heartbeat.
    private func signedIn(_ request: Request, _ context: AppRequestContext) async throws -> (Identity, String) {
        if let identity = context.identity, let token = request.headers[.authorization].flatMap(Authenticator.bearerToken) {
            return (identity, token)
        }
        guard let token = request.cookies[PageSession.sessionCookieName]?.value,
              let signedIn = try await services.hunt.signedIn(accessToken: token)
        else { throw Problem.unauthenticated }
        return (Identity(signedIn), token)
    }
}

/// A live event as the stream sends it: its kind as the SSE `event`, and one line of JSON with
/// the sentence to show, where the web app shows more, and the facts it came from.
struct LiveMessage: Encodable {
    var kind: String
    var text: String
    var link: String?
    var subjectId: Int64?
    var values: [String: String]
    var at: Date

    init(_ news: LiveNews, library: PageLibrary) {
        switch news {
        case .event(let stored):
            let event = stored.event
            kind = event.kind.rawValue
            text = library.text("live.\(event.kind.rawValue)", event.values)
            link = Self.link(for: event.kind)
            subjectId = event.subjectID
            values = event.values
            at = stored.createdAt
        case .broadcast(let broadcast):
            kind = "broadcast"
            text = broadcast.text
            values = [:]
            at = broadcast.sentAt
        }
    }

    /// The page of the web app that shows more.
    static func link(for kind: LiveEvent.Kind) -> String {
        switch kind {
        case .giftReceived, .voucherRedeemed, .freebieLapsing: "/freebies"
        case .friendRequest, .friendAccepted: "/friends"
        case .badgeEarned, .levelReached: "/progress"
        case .challengeReceived, .challengeAccepted, .challengeDeclined, .challengeLost: "/challenges"
        case .crewJoined, .crewScanned, .crewHint, .crewSolved, .crewInvited, .crewRiddleReleased: "/crew"
        case .riddleReleased: "/play"
        }
    }

    func serverSentEvent(id: LiveCursor) -> String {
        "id: \(id)\nevent: \(kind)\ndata: \(String(decoding: (try? Self.encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self))\n\n"
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
