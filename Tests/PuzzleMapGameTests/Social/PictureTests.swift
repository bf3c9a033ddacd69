import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// Profile pictures: a photo waits for an organiser before anyone else sees it; each new photo
/// waits for its own look; a drawn avatar needs none.
@Suite struct PictureTests {
    static func friends(_ world: GameWorld) async throws -> (ada: Account, bob: Account) {
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        _ = try await world.hunt.requestFriend("bob", from: ada)
        let request = try #require(try await world.hunt.friendRequests(playerID: bob).incoming.first)
        try await world.hunt.answerFriendRequest(id: request.id, playerID: bob, accept: true)
        return (try #require(try await world.hunt.repository.account(id: ada)), try #require(try await world.hunt.repository.account(id: bob)))
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aPhotoIsSeenByFriendsOnlyOnceAnOrganiserLetsItThrough(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = try await Self.friends(world)
        let olive = try await ContentDraftTests.organiser(world)
        try await world.hunt.chooseAvatar(.leaf, by: ada)
        let first = try await world.hunt.uploadPicture([1, 1, 1], by: ada)
        #expect(first.status == .waiting && first.version == 1)

        // Ada and the organisers see it waiting; Bob sees her leaf.
        #expect(try await world.hunt.picture(of: "ada", viewer: ada) == [1, 1, 1])
        #expect(try await world.hunt.picture(of: "ada", viewer: olive.account) == [1, 1, 1])
        await #expect(throws: PictureRefusal.noPicture) { try await world.hunt.picture(of: "ada", viewer: bob) }
        #expect(try await world.hunt.profile("ada", viewer: bob).look == .avatar(.leaf))
        #expect(try await world.hunt.picturesWaiting(for: olive).map(\.player.username) == ["ada"])

        #expect(try await world.hunt.reviewPicture(of: "ada", version: 1, approve: true, by: olive).status == .approved)
        #expect(try await world.hunt.picture(of: "ada", viewer: bob) == [1, 1, 1])
        #expect(try await world.hunt.profile("ada", viewer: bob).look == .picture(version: 1))
        #expect(try await world.hunt.looks(of: [ada.player, bob.player], viewer: bob) == [ada.player.id: .picture(version: 1)])
        #expect(try await world.hunt.repository.auditLog(limit: 1).first?.record.action == .pictureApproved)

        // A new photo waits for its own look: the organiser's look at the old one lets nothing through.
        _ = try await world.hunt.uploadPicture([2, 2, 2], by: ada)
        await #expect(throws: PictureRefusal.noPicture) { try await world.hunt.picture(of: "ada", viewer: bob) }
        await #expect(throws: PictureRefusal.noPicture) { try await world.hunt.reviewPicture(of: "ada", version: 1, approve: true, by: olive) }
        _ = try await world.hunt.reviewPicture(of: "ada", version: 2, approve: false, by: olive)
        await #expect(throws: PictureRefusal.noPicture) { try await world.hunt.picture(of: "ada", viewer: bob) }
        #expect(try await world.hunt.look(of: ada).picture?.status == .refused)
        #expect(try await world.hunt.picturesWaiting(for: olive).isEmpty)

        // A block hides it, and an erasure forgets it.
        _ = try await world.hunt.uploadPicture([3, 3, 3], by: ada)
        _ = try await world.hunt.reviewPicture(of: "ada", version: 3, approve: true, by: olive)
        try await world.hunt.block("bob", playerID: ada.player.id)
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.picture(of: "ada", viewer: bob) }
        try await world.hunt.repository.eraseAccount(id: ada.player.id, leaving: ErasedPlayer(id: ada.player.id), at: world.clock.now)
        #expect(try await world.hunt.repository.pictureBytes(playerID: ada.player.id) == nil)

        // An organiser asking for somebody who is not there gets nothing, not their own photo.
        _ = try await world.hunt.uploadPicture([9], by: olive.account)
        await #expect(throws: PictureRefusal.noPicture) { try await world.hunt.picture(of: "nobody", viewer: olive.account) }
    }

    @Test func aFewPhotosADayAndNoneForAGuest() async throws {
        let world = try await GameWorld()
        let ada = try #require(try await world.hunt.repository.account(id: try await world.player("ada")))
        for _ in 0..<Hunt.picturesPerDay { _ = try await world.hunt.uploadPicture([1], by: ada) }
        await #expect(throws: PictureRefusal.tooManyPictures(perDay: Hunt.picturesPerDay)) { try await world.hunt.uploadPicture([1], by: ada) }
        let (event, _) = try await OpenDayTests.openDay(world)
        let guest = try await OpenDayTests.guest(world, event, "Visitor")
        await #expect(throws: OpenDayRefusal.guestsPlayAlone) { try await world.hunt.uploadPicture([1], by: guest) }
    }
}
