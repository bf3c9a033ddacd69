import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// Two instances on one database: what one publishes (a reload, a rollback), the other plays
/// once it looks.
@Suite struct PublishedContentTests {
    @Test(arguments: GameWorld.Store.allCases)
    func anotherInstancesPublishIsPlayedHere(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let original = world.hunt.content
        var edited = original
        edited.checkpoints[0].name = "The Hunterian"
        let here = RunningHunt(world.hunt, source: ContentSource { original })
        let there = RunningHunt(world.hunt, source: ContentSource { [edited] in edited })
        #expect(try await here.followPublished() == false)

        let first = try #require(try await world.hunt.repository.contentVersions().last).id
        _ = try await there.reload(by: .service)
        #expect(here.hunt.content == original)
        #expect(try await here.followPublished() == true)
        #expect(here.hunt.content == edited)
        #expect(try await here.followPublished() == false)

        var account = try await world.hunt.repository.createAccount(
            email: "olive@gla.ac.uk", username: "olive", displayName: "Olive", passwordHash: "$argon2id$x", verificationCodeHash: "x",
            verificationExpiresAt: world.clock.now + 3600, mail: MailDraft(recipient: "olive@gla.ac.uk", subject: "Hi", body: "Hi"), at: world.clock.now)
        account.role = .admin
        let organiser = try #require(Organiser(account))
        _ = try await there.rollback(to: first, by: organiser)
        #expect(try await here.followPublished() == true)
        #expect(here.hunt.content == original)
    }
}
