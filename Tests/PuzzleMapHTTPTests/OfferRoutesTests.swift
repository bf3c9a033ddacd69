import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@Suite struct OfferRoutesTests {
    func upcoming(_ client: some TestClientProtocol, token: String) async throws -> [String: [String: Any]] {
        let offers = try #require(try await client.call(.get, "/v1/me/offers", token: token).json["offers"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: offers.map { ($0["offerId"] as? String ?? "", $0) })
    }

    @Test func upcomingOffersSayHowFarThePlayerIsAndLeaveOnceUnlocked() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let fresh = try await upcoming(client, token: token)
            // Every offer of offers.yaml: a fresh player has unlocked none.
            #expect(Set(fresh.keys) == ["qmu-free-coffee", "guu-half-price-lunch", "library-cafe-cake", "library-cafe-coffee-card",
                                        "hunterian-shop-postcards", "hunterian-shop-discount", "fraser-meal-deal", "hillhead-bean-brunch",
                                        "hillhead-bean-graduate"])
            let coffee = try #require(fresh["qmu-free-coffee"])
            // game.yaml: level 3 takes 350 XP.
            #expect(coffee["current"] as? Int == 0 && coffee["target"] as? Int == 350 && coffee["remaining"] as? Int == 350)
            #expect(coffee["howToUnlock"] as? String == "Earn 350 more XP to reach level 3.")
            #expect((coffee["unlock"] as? [String: Any])?["level"] as? Int == 3)
            #expect(coffee["partner"] as? String == "QMU Café")
            let lunch = try #require(fresh["guu-half-price-lunch"])
            #expect((lunch["unlock"] as? [String: Any])?["badge"] as? String == "social-butterfly")
            #expect(lunch["howToUnlock"] as? String == "Earn the badge Social Butterfly: Solve 3 social riddles (0 of 3 so far).")
            #expect(lunch["current"] as? Int == 0 && lunch["target"] as? Int == 3 && lunch["remaining"] as? Int == 3)

            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            #expect(try await upcoming(client, token: token)["qmu-free-coffee"]?["remaining"] as? Int == 1)
            _ = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
            #expect(try await upcoming(client, token: token)["qmu-free-coffee"] == nil, "an unlocked offer is a voucher, not upcoming")
        }
    }

    @Test func offersPastTheirLastDayAreNotUpcoming() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.signedInPlayer("ada")
            service.clock.advance(by: 250 * 86_400)  // 26 July 2027: the offers of the academic year have ended
            let token = try #require(try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": "correct horse battery"])
                .json["accessToken"] as? String)
            // offers.yaml: only these three run until 31 August 2027; the rest ended on 30 June.
            #expect(Set(try await upcoming(client, token: token).keys) == ["hunterian-shop-postcards", "hunterian-shop-discount", "hillhead-bean-graduate"])
        }
    }
}
