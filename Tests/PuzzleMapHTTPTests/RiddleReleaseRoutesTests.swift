import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import Synchronization
import Testing

/// A riddle whose place leaves the hunt, as its holder sees it: the API and the play page say
/// why it is gone, and a new one in the category is one tap away.
@Suite struct RiddleReleaseRoutesTests {
    @Test func afterAReloadRetiresTheirRiddleThePlayerIsToldWhyAndAsksAgainAtOnce() async throws {
        let service = try await TestService()
        let files = Mutex(service.services.content)
        let services = HuntServices(hunt: service.services.hunt, contentSource: ContentSource { files.withLock { $0 } }, settings: service.settings)
        try await buildApplication(services: services, settings: service.settings, logger: testLogger).test(.router) { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let asked = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(asked.status == .created)
            let player = try #require(try await services.hunt.signedIn(accessToken: token)).account.player.id
            let held = try #require(try await service.repository.activeAttempts(playerID: player).first)
            files.withLock { content in
                content.checkpoints.removeAll { $0.id == held.checkpointID }
                content.riddles.removeAll { $0.checkpointID == held.checkpointID }
            }
            service.clock.advance(by: 60)
            _ = try await services.running.reload(by: .service)

            let active = try await client.call(.get, "/v1/riddles/active", token: token).json
            #expect((active["riddles"] as? [Any])?.isEmpty == true)
            let released = try #require(active["released"] as? [[String: Any]])
            #expect(released.count == 1 && released.first?["category"] as? String == "lab" && released.first?["reason"] as? String == "place_retired")
            let page = try await PageBrowser(session: token).get("/play", client)
            #expect(page.status == .ok)
            #expect(page.html.contains("Your riddle in Labs and museums was taken out: its place is no longer part of the hunt."))

            let again = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            #expect(again.status == .created, "a release is not a give-up: a new riddle at once")
            #expect((try await client.call(.get, "/v1/riddles/active", token: token).json["released"] as? [Any])?.isEmpty == true)
            #expect(try await PageBrowser(session: token).get("/play", client).html.contains("was taken out") == false)
        }
    }
}
