import Foundation
import Hummingbird
import HummingbirdTesting
import HTTPTypes
import PuzzleMapCore
@testable import PuzzleMapHTTP
import Testing

extension TestClientProtocol {
    /// The whole of a live stream (it ends after the test service's short lifetime).
    func liveStream(token: String? = nil, cookie: String? = nil, lastEventID: String? = nil) async throws -> (status: HTTPResponse.Status, type: String?, text: String) {
        var headers: HTTPFields = [:]
        if let token { headers[.authorization] = "Bearer \(token)" }
        if let cookie { headers[.cookie] = cookie }
        if let lastEventID { headers[HTTPField.Name("Last-Event-ID")!] = lastEventID }
        return try await execute(uri: "/v1/me/events", method: .get, headers: headers) { ($0.status, $0.headers[.contentType], String(buffer: $0.body)) }
    }
}

/// The live stream through the real router: who may open it, what it sends, where it resumes.
@Suite struct LiveRoutesTests {
    /// The stream's events as (id, event, data) triples, the opening cursor and heartbeats left out.
    static func events(_ text: String) -> [(id: String, event: String, data: [String: Any])] {
        text.components(separatedBy: "\n\n").compactMap { block in
            var (id, event, data) = ("", "", [String: Any]())
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { id = String(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") {
                    data = (try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]) ?? [:]
                }
            }
            return event.isEmpty ? nil : (id, event, data)
        }
    }

    @Test func aGiftARedemptionAndAMessageArriveInOrderAndAResumeGetsOnlyWhatCameAfter() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            try await service.befriend(ada, bob, client)
            try await service.verifyEmail(of: "bob", client)
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            let levelled = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: ada)
            let voucherID = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            #expect(try await client.call(.post, "/v1/me/vouchers/\(voucherID)/gift", json: ["username": "bob"], token: ada).status == .ok)
            let code = try #require(try await client.call(.get, "/v1/me/vouchers/\(voucherID)", token: bob).json["code"] as? String)
            let barista = try await service.staffToken(client, username: "sam", partner: "qmu-cafe")
            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: barista).status == .ok)
            let organiser = try await service.organiserToken(client)
            #expect(try await client.call(.put, "/v1/admin/broadcast", json: ["text": "Free cake at the union until four"], token: organiser).status == .ok)

            // Bob's stream from the start: his friendship, the gift, the redemption, the message.
            let all = try await client.liveStream(token: bob, lastEventID: "0.0")
            #expect(all.status == .ok)
            #expect(all.type == "text/event-stream; charset=utf-8")
            let events = Self.events(all.text)
            #expect(events.map(\.event) == ["friend_accepted", "gift_received", "voucher_redeemed", "broadcast"])
            #expect(events.map(\.id) == ["1.0", "2.0", "3.0", "3.1"])
            #expect(events[1].data["text"] as? String == "Ada gave you a freebie: A free regular coffee.")
            #expect(events[1].data["subjectId"] as? Int == voucherID)
            #expect(events[2].data["text"] as? String == "Your freebie was redeemed: A free regular coffee. Enjoy!")
            #expect(events[3].data["text"] as? String == "Free cake at the union until four")
            // Resumed after the gift: only what came after, once.
            #expect(Self.events(try await client.liveStream(token: bob, lastEventID: "2.0").text).map(\.id) == ["3.0", "3.1"])
            // A new stream starts from now, as the page already shows the rest.
            #expect(Self.events(try await client.liveStream(token: bob).text).isEmpty)
            // Ada heard of her level and badge from the scan; the message reaches her too.
            let adas = Self.events(try await client.liveStream(token: ada, lastEventID: "0.0").text)
            #expect(adas.map(\.event).contains("level_reached"))
            #expect(adas.last?.event == "broadcast")
        }
    }

    @Test func theWebAppsSessionCookieOpensTheStreamAndStaffHaveNone() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let opened = try await client.liveStream(cookie: "pm_session=\(ada)")
            #expect(opened.status == .ok)
            #expect(opened.text.hasPrefix("retry: 3000\nid: 0.0\n\n"))
            #expect(try await client.liveStream(cookie: "pm_session=not-a-token").status == .unauthorized)
            #expect(try await client.liveStream().status == .unauthorized)
            let barista = try await service.staffToken(client, username: "sam", partner: "qmu-cafe")
            let staff = try await client.call(.get, "/v1/me/events", token: barista)
            #expect(staff.status == .forbidden)
            #expect(staff.code == "players_only")
            // A Last-Event-ID this service did not write starts from now.
            #expect(try await client.liveStream(token: ada, lastEventID: "<script>").text.hasPrefix("retry: 3000\nid: 0.0\n\n"))
        }
    }

    @Test func aFifthStreamEndsThePlayersOldest() async throws {
        let service = try await TestService()
        let hub = service.services.live
        let streams = (0..<5).map { _ in hub.open(playerID: 7) }
        #expect(hub.openStreams == 4)
        var oldest = streams[0].wakes.makeAsyncIterator()
        #expect(await oldest.next() == nil, "the oldest stream was ended")
        for stream in streams { hub.close(stream.id, playerID: 7) }
        #expect(hub.openStreams == 0)
    }
}

/// A stream does not outlive its session: signed out (here, or on another instance: the
/// session is the database's), it ends by the next heartbeat, long before its lifetime.
@Suite struct LiveStreamSignOutTests {
    @Test func signingOutEndsTheSessionsStreamByTheNextHeartbeat() async throws {
        let service = try await TestService { settings in
            settings.liveHeartbeat = .milliseconds(50)
            settings.liveStreamLifetime = .seconds(30)
        }
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let other = try await client.signIn("ada")
            let started = ContinuousClock.now
            async let stream = client.liveStream(token: ada)
            // Signed out only once the stream is open (on a busy machine that takes a while).
            let hub = service.services.live
            for _ in 0..<500 where hub.openStreams == 0 { try await Task.sleep(for: .milliseconds(10)) }
            #expect(hub.openStreams == 1, "the stream was open when its session was signed out")
            // Heartbeats every 50 ms: several before the sign-out.
            try await Task.sleep(for: .milliseconds(500))
            #expect(try await client.call(.delete, "/v1/sessions/current", token: ada).status == .noContent)
            let ended = try await stream
            #expect(ended.status == .ok)
            #expect(ContinuousClock.now - started < .seconds(10), "the stream ended with its session, not its 30 s lifetime")
            #expect(ended.text.contains(": still here"), "it was open and heartbeating before")
            // The other session's stream is not touched: it runs until its lifetime; here, the
            // session still opens one.
            #expect(try await client.call(.get, "/v1/me", token: other).status == .ok)
        }
    }
}
