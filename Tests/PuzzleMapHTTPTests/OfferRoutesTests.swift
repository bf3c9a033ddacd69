import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
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
            let levelThree = service.services.content.rules.levelThresholds[2]
            let fresh = try await upcoming(client, token: token)
            #expect(fresh.count == service.services.content.offers.count)
            let coffee = try #require(fresh["qmu-free-coffee"])
            #expect(coffee["current"] as? Int == 0 && coffee["target"] as? Int == levelThree && coffee["remaining"] as? Int == levelThree)
            #expect(coffee["howToUnlock"] as? String == "Earn \(levelThree) more XP to reach level 3.")
            #expect((coffee["unlock"] as? [String: Any])?["level"] as? Int == 3)
            #expect(coffee["partner"] as? String == "QMU Café")
            let lunch = try #require(fresh["guu-half-price-lunch"])
            #expect((lunch["unlock"] as? [String: Any])?["badge"] as? String == "social-butterfly")
            #expect((lunch["howToUnlock"] as? String)?.hasPrefix("Earn the badge ") == true)

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
            let stillRunning = Set(service.services.content.offers.filter { $0.validUntil >= LocalDate(parsing: "2027-07-26")! }.map(\.id))
            #expect(stillRunning.contains("hunterian-shop-postcards") && !stillRunning.contains("qmu-free-coffee"))
            #expect(Set(try await upcoming(client, token: token).keys) == stillRunning)
        }
    }
}
