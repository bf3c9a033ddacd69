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
    /// and the tag is the one the middleware would make of those bytes. Past half its budget
    /// the newer generation becomes the older: an answer read since stays, one not read is
    /// forgotten and encoded again when asked for.
    @Test func aKeptAnswerIsTheBytesItsViewEncodesTo() throws {
        // Each body, {"xp":4x}, is 9 bytes: two fit in a generation of 20.
        let kept = KeptAnswers<[String: Int]>(budgetBytes: 40)
        let context = AppRequestContext(source: .init(channel: EmbeddedChannel(), logger: Logger(label: "test")))
        let first = try kept.response(for: ["xp": 40], context: context)
        let again = try kept.response(for: ["xp": 40], context: context)
        let other = try kept.response(for: ["xp": 41], context: context)
        let bytes = try #require(first.body.contentLength)
        #expect(bytes == 9)
        #expect(first.headers[.eTag] == again.headers[.eTag] && first.headers[.eTag] != other.headers[.eTag])
        let encoded = ByteBuffer(data: try context.responseEncoder.encode(["xp": 40]))
        #expect(first.headers[.eTag] == ConditionalGetMiddleware<AppRequestContext>.tag(of: encoded))
        #expect((kept.figures.answered, kept.figures.encoded, kept.figures.views) == (1, 2, 2))

        // 42 turns the generations; 40, read again, is found in the older and kept anew.
        _ = try kept.response(for: ["xp": 42], context: context)
        #expect(try kept.response(for: ["xp": 40], context: context).headers[.eTag] == first.headers[.eTag])
        #expect((kept.figures.answered, kept.figures.encoded) == (2, 3))
        // 43 turns them again: 41, not read since, is forgotten, and encoded to the same bytes.
        _ = try kept.response(for: ["xp": 43], context: context)
        #expect(kept.figures.views == 3 && kept.figures.bytes == 27)
        #expect(try kept.response(for: ["xp": 41], context: context).headers[.eTag] == other.headers[.eTag])
        #expect((kept.figures.answered, kept.figures.encoded) == (2, 5))
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
            // The map was encoded once; the second reading was its kept bytes and tag.
            let metrics = String(decoding: try await client.call(.get, "/metrics").body, as: UTF8.self).split(separator: "\n")
            func kept(_ answer: String) -> [String] {
                metrics.filter { $0.hasPrefix("puzzlemap_kept_answers{") && $0.contains(#"route="map""#) && $0.contains(#"answer="\#(answer)""#) }
                    .map { String($0.split(separator: " ").last ?? "") }
            }
            #expect(kept("encoded") == ["1.0"] && kept("kept") == ["1.0"], "\(metrics.filter { $0.contains("kept_answers") })")
            // A refusal is never tagged.
            let unsigned = try await client.call(.get, "/v1/me/progress")
            #expect(unsigned.status == .unauthorized)
            #expect(unsigned.headers[.eTag] == nil)
        }
    }
}
