import Crypto
import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

/// Notices while the app is closed, as the game decides them on each store: what is due for
/// a subscription, once, whatever instances look; topics turned off; freebies about to lapse;
/// subscriptions refused, moved and forgotten.
@Suite struct PushNotificationTests {
    static func subscription(_ name: String = "phone", language: String = "en") -> PushSubscription {
        PushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/\(name)",
                         keys: PushSubscriptionKeys(p256dh: P256.KeyAgreement.PrivateKey().publicKey.x963Representation, auth: Data(count: 16)),
                         language: language)
    }

    /// Ada asks Bob to be friends and he accepts.
    static func friends(_ world: GameWorld, _ asker: Int64, _ other: Int64) async throws {
        _ = try await world.hunt.requestFriend(try #require(try await world.hunt.repository.account(id: other)).player.username, from: asker)
        let request = try #require(try await world.hunt.friendRequests(playerID: other).incoming.first)
        try await world.hunt.answerFriendRequest(id: request.id, playerID: other, accept: true)
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aChallengeReceivedIsDueOnceForEachPhoneAndNothingFromBeforeTheSubscription(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        // Bob's news from before his phone subscribed (Ada's request) is not pushed.
        try await Self.friends(world, ada, bob)
        try await world.hunt.subscribeToPush(playerID: bob, subscription: Self.subscription("one"))
        try await world.hunt.subscribeToPush(playerID: bob, subscription: Self.subscription("two", language: "zh"))
        #expect(try await world.hunt.claimDuePushes().isEmpty)

        let challenge = try await world.hunt.challenge("bob", in: .lab, from: ada)
        let due = try await world.hunt.claimDuePushes()
        #expect(due.map(\.0.subscription.endpoint).sorted() == ["https://fcm.googleapis.com/fcm/send/one", "https://fcm.googleapis.com/fcm/send/two"])
        #expect(due.allSatisfy { $0.1.map(\.event.kind) == [.challengeReceived] && $0.1.first?.event.subjectID == challenge.challenge.id })
        #expect(due.map(\.0.subscription.language).sorted() == ["en", "zh"])
        #expect(try await world.hunt.claimDuePushes().isEmpty, "each notice once")
        #expect(try await world.hunt.pushSettings(playerID: bob).devices == 2)
    }

    /// Two instances looking at once: the cursor each must move is the claim, so one sends.
    @Test(arguments: GameWorld.Store.allCases)
    func twoInstancesLookingAtOnceSendEachNoticeOnce(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let bob = try await world.player("bob")
        try await world.hunt.subscribeToPush(playerID: bob, subscription: Self.subscription())
        // Each round a freebie of Bob's comes within a day of lapsing, and two instances look.
        for offer in world.hunt.content.offers {
            let voucher = try await world.unlock(offer.id, for: bob, expiring: world.clock.now + 3600)
            #expect(try await world.hunt.announceLapsingFreebies() == 1)
            async let first = world.hunt.claimDuePushes()
            async let second = world.hunt.claimDuePushes()
            let claimed = try await first + second
            #expect(claimed.flatMap(\.1).map(\.event.subjectID) == [voucher.id], "\(offer.id)")
        }
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aTopicTurnedOffIsNotDueAndAnUnknownOneIsRefusedWithNothingChanged(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        try await Self.friends(world, ada, bob)
        try await world.hunt.subscribeToPush(playerID: bob, subscription: Self.subscription())
        await #expect(throws: PushRefusal.unknownTopic("gossip")) {
            try await world.hunt.setPushTopics(["challenges": false, "gossip": true], playerID: bob)
        }
        #expect(try await world.hunt.pushSettings(playerID: bob).topics.allSatisfy(\.on))
        let settings = try await world.hunt.setPushTopics(["challenges": false], playerID: bob)
        #expect(settings.topics.map(\.topic) == PushTopic.allCases && settings.topics.map(\.on) == [false, true, true])

        _ = try await world.hunt.challenge("bob", in: .lab, from: ada)
        #expect(try await world.hunt.claimDuePushes().isEmpty)
        #expect(try await world.hunt.setPushTopics(["challenges": true], playerID: bob).topics.allSatisfy(\.on))
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aFreebieLapsingWithinADayIsAnnouncedOnceToItsHolder(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        let offers = world.hunt.content.offers
        let soon = try await world.unlock(offers[0].id, for: ada, expiring: world.clock.now + 5 * 3600)
        _ = try await world.unlock(offers[1].id, for: ada, expiring: world.clock.now + 3 * 86_400)
        _ = try await world.unlock(offers[0].id, for: bob, expiring: world.clock.now - 60)
        try await world.hunt.subscribeToPush(playerID: ada, subscription: Self.subscription())

        #expect(try await world.hunt.announceLapsingFreebies() == 1)
        #expect(try await world.hunt.announceLapsingFreebies() == 0, "once")
        let due = try await world.hunt.claimDuePushes()
        #expect(due.flatMap(\.1).map(\.event) == [LiveEvent(playerID: ada, kind: .freebieLapsing,
                                                            values: ["offer": offers[0].title, "hours": "5"], subjectID: soon.id)])
        // Two days on, the second is within a day of lapsing.
        world.clock.advance(by: 2 * 86_400 + 60)
        #expect(try await world.hunt.announceLapsingFreebies() == 1)
        #expect(try await world.hunt.repository.liveEvents(playerID: bob, after: 0, limit: 10).isEmpty, "a freebie already lapsed is not news")
    }

    @Test(arguments: GameWorld.Store.allCases)
    func aSubscriptionIsRefusedUnlessABrowsersMovesWithItsPhoneAndGoesWithTheAccount(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        var forged = Self.subscription()
        forged.endpoint = "http://169.254.169.254/latest/meta-data"
        await #expect(throws: PushRefusal.endpointNotAllowed) { try await world.hunt.subscribeToPush(playerID: ada, subscription: forged) }
        var broken = Self.subscription()
        broken.keys.auth = Data(count: 3)
        await #expect(throws: PushRefusal.invalidKeys) { try await world.hunt.subscribeToPush(playerID: ada, subscription: broken) }
        #expect(try await world.hunt.pushSettings(playerID: ada).devices == 0)

        // The phone passes from Ada to Bob (she signs out, he signs in and turns notices on).
        let phone = Self.subscription()
        try await world.hunt.subscribeToPush(playerID: ada, subscription: phone)
        try await world.hunt.subscribeToPush(playerID: bob, subscription: phone)
        #expect(try await world.hunt.pushSettings(playerID: ada).devices == 0)
        #expect(try await world.hunt.pushSettings(playerID: bob).devices == 1)
        // Ada cannot turn off Bob's phone.
        try await world.hunt.unsubscribeFromPush(playerID: ada, endpoint: phone.endpoint)
        #expect(try await world.hunt.pushSettings(playerID: bob).devices == 1)

        // Erasure forgets the phones and the topics.
        _ = try await world.hunt.setPushTopics(["crew_scans": false], playerID: bob)
        // The phone and the topic are Bob's data: in his export.
        let export = try await world.hunt.export(of: try #require(try await world.hunt.repository.account(id: bob)))
        #expect(export.notifications == AccountExport.Notifications(phones: [phone], topicsOff: [.crewScans]))
        #expect(try await world.hunt.export(of: try #require(try await world.hunt.repository.account(id: ada))).notifications.phones.isEmpty)
        try await world.hunt.repository.eraseAccount(id: bob, leaving: ErasedPlayer(id: bob), at: world.clock.now)
        #expect(try await world.hunt.repository.pushSubscriptions(playerID: bob).isEmpty)
        #expect(try await world.hunt.repository.pushTopicsTurnedOff(playerID: bob).isEmpty)
    }
}
