import Foundation
import HummingbirdTesting
import Testing

/// `GET /v1/friends/requests` sorts each request by who sent it: outgoing for its sender,
/// incoming for its addressee, never both.
@Suite struct FriendRequestListTests {
    @Test func aRequestIsOutgoingForItsSenderAndIncomingForItsAddresseeOnly() async throws {
        try await TestService().test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let id = try #require(try await client.call(.post, "/v1/friends/requests", json: ["username": "ada"], token: bob).json["requestId"] as? Int)
            for (token, incoming, outgoing) in [(bob, [Int](), [id]), (ada, [id], [Int]())] {
                let lists = try await client.call(.get, "/v1/friends/requests", token: token)
                #expect((lists.json["incoming"] as? [[String: Any]])?.map { $0["id"] as? Int } == incoming)
                #expect((lists.json["outgoing"] as? [[String: Any]])?.map { $0["id"] as? Int } == outgoing)
            }
        }
    }
}
