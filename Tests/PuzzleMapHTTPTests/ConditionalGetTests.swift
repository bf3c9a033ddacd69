import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import NIOEmbedded
@testable import PuzzleMapHTTP
import Testing

/// The everyday reads carry an `ETag`; a client that sends it back gets `304 Not Modified` and
/// no body until the answer changes, and then the new answer with a new tag.
@Suite struct ConditionalGetTests {
    @Test func progressIsNotSentAgainUntilItChanges() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let first = try await client.call(.get, "/v1/me/progress", token: ada)
            #expect(first.status == .ok)
            let tag = try #require(first.headers[.eTag])
            #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
            #expect(first.headers[.cacheControl] == "private, no-cache")

            for held in [tag, "W/\(tag)", "\"stale\", \(tag)", "*"] {
                let again = try await client.call(.get, "/v1/me/progress", token: ada, headers: [.ifNoneMatch: held])
                #expect(again.status == .notModified, "\(held)")
                #expect(again.body.isEmpty)
                #expect(again.headers[.eTag] == tag)
            }
            let stale = try await client.call(.get, "/v1/me/progress", token: ada, headers: [.ifNoneMatch: "\"stale\""])
            #expect(stale.status == .ok)
            #expect(stale.body == first.body)

            // An organiser gives Ada XP: her next read, with the tag she holds, is the new answer.
            let olive = try await service.organiserToken(client)
            let adjusted = try await client.call(.post, "/v1/admin/players/ada/xp-adjustments", json: ["xp": 40, "reason": "Helped at the stand"],
                                                 token: olive)
            #expect(adjusted.status == .created)
            let changed = try await client.call(.get, "/v1/me/progress", token: ada, headers: [.ifNoneMatch: tag])
            #expect(changed.status == .ok)
            #expect(changed.headers[.eTag] != tag)
            #expect(changed.json["xp"] as? Int == 40)
        }
    }

    /// Progress is kept as the bytes it was written as, under the view it renders: the same
    /// view is the same bytes and tag without encoding again, another view is encoded afresh,
    /// and the tag is the one the middleware would make of those bytes.
    @Test func aKeptAnswerIsTheBytesItsViewEncodesTo() throws {
        let kept = KeptAnswers<[String: Int]>(capacity: 2)
        let context = AppRequestContext(source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
        let first = try kept.response(for: ["xp": 40], context: context)
        let again = try kept.response(for: ["xp": 40], context: context)
        let other = try kept.response(for: ["xp": 41], context: context)
        let bytes = try #require(first.body.contentLength).description
        #expect(first.headers[.eTag] == again.headers[.eTag] && first.headers[.eTag] != other.headers[.eTag], "\(bytes)")
        let encoded = ByteBuffer(data: try context.responseEncoder.encode(["xp": 40]))
        #expect(first.headers[.eTag] == ConditionalGetMiddleware<AppRequestContext>.tag(of: encoded))
        // Past its capacity it starts afresh, and still answers each view with its own bytes.
        _ = try kept.response(for: ["xp": 42], context: context)
        #expect(try kept.response(for: ["xp": 40], context: context).headers[.eTag] == first.headers[.eTag])
    }

    @Test func theMapAndTheBoardsAreTaggedToo() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            for path in ["/v1/map", "/v1/leaderboard", "/v1/leaderboard?scope=friends&period=all", "/v1/crews/leaderboard"] {
                let first = try await client.call(.get, path, token: ada)
                #expect(first.status == .ok, "\(path)")
                let tag = try #require(first.headers[.eTag], "\(path)")
                #expect(try await client.call(.get, path, token: ada, headers: [.ifNoneMatch: tag]).status == .notModified, "\(path)")
            }
            // A refusal is never tagged.
            let unsigned = try await client.call(.get, "/v1/me/progress")
            #expect(unsigned.status == .unauthorized)
            #expect(unsigned.headers[.eTag] == nil)
        }
    }
}
