import Foundation
import HummingbirdTesting
import Testing

/// Players find each other by username or friend code. An email address is private (only its
/// owner's own account shows it), so it must not work where a username is asked for: else
/// anyone can learn which player a classmate's university address belongs to.
@Suite struct PlayerLookupTests {
    @Test func aPlayerIsNotFoundByTheirEmailAddress() async throws {
        try await TestService().test { client in
            _ = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let email = "ada@student.gla.ac.uk"
            #expect(try await client.call(.get, "/v1/players/ada", token: bob).status == .ok)

            let profile = try await client.call(.get, "/v1/players/\(email)", token: bob)
            #expect(profile.summary == "404 player_not_found")
            #expect(profile.json["username"] == nil)

            let request = try await client.call(.post, "/v1/friends/requests", json: ["username": email], token: bob)
            #expect(request.summary == "404 player_not_found")
            // Nothing reached the address's owner either.
            let ada = try await client.session("ada")
            #expect((try await client.call(.get, "/v1/friends/requests", token: ada.access).json["incoming"] as? [Any])?.isEmpty == true)
        }
    }
}
