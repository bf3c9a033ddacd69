import Foundation
import PuzzleMapCore
@testable import PuzzleMapGame
import Testing

@Suite struct FriendshipTests {
    @Test func theRulesOfAskingAndAnswering() {
        let nothing = FriendshipState(areFriends: false, requestSent: nil, requestReceived: nil)
        #expect(nothing.asking(mutual: false) == FriendshipChange(request: true))
        #expect(nothing.asking(mutual: true) == .befriending)
        #expect(FriendshipState(areFriends: false, requestSent: 4, requestReceived: nil).asking(mutual: false) == FriendshipChange(request: true))
        #expect(FriendshipState(areFriends: false, requestSent: nil, requestReceived: 7).asking(mutual: false) == .befriending)
        #expect(FriendshipState(areFriends: true, requestSent: nil, requestReceived: nil).asking(mutual: true) == .none)
        let asked = FriendshipState(areFriends: false, requestSent: nil, requestReceived: 7)
        #expect(asked.answering(request: 7, accept: true) == FriendshipChange(withdrawRequests: true, befriend: true))
        #expect(asked.answering(request: 7, accept: false) == FriendshipChange(withdrawReceived: true))
        #expect(asked.answering(request: 8, accept: true) == .none)
        #expect(FriendshipChange.blocking == FriendshipChange(unfriend: true, withdrawRequests: true, block: true))
    }

    @Test func aRequestByUsernameWaitsForAnAnswerAndAcceptingMakesFriends() async throws {
        let world = try await GameWorld()
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        let outcome = try await world.hunt.requestFriend("Bob", from: ada)
        guard case .requested(let id) = outcome else { Issue.record("expected a request, got \(outcome)"); return }
        #expect(try await world.hunt.requestFriend("bob", from: ada) == .requested(id: id))
        #expect(try await world.hunt.friendRequests(playerID: bob).incoming.map(\.id) == [id])

        await #expect(throws: SocialRefusal.friendRequestNotFound) { try await world.hunt.answerFriendRequest(id: id, playerID: ada, accept: true) }
        try await world.hunt.answerFriendRequest(id: id, playerID: bob, accept: true)
        #expect(try await world.hunt.friends(playerID: ada).map(\.player.username) == ["bob"])
        #expect(try await world.hunt.friends(playerID: bob).map(\.player.username) == ["ada"])
        await #expect(throws: SocialRefusal.friendRequestNotFound) { try await world.hunt.answerFriendRequest(id: id, playerID: bob, accept: true) }
        #expect(try await world.hunt.requestFriend("ada", from: bob) == .alreadyFriends)

        try await world.hunt.unfriend("ada", playerID: bob)
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.unfriend("ada", playerID: bob) }
        #expect(try await world.hunt.friends(playerID: ada).isEmpty)
    }

    @Test func crossedRequestsBefriendAtOnceAndADeclineLeavesNoTrace() async throws {
        let world = try await GameWorld()
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        guard case .requested(let id) = try await world.hunt.requestFriend("bob", from: ada) else { Issue.record("expected a request"); return }
        try await world.hunt.answerFriendRequest(id: id, playerID: bob, accept: false)
        #expect(try await world.hunt.friendRequests(playerID: ada) == ([], []))
        #expect(try await world.hunt.friends(playerID: ada).isEmpty)

        _ = try await world.hunt.requestFriend("bob", from: ada)
        #expect(try await world.hunt.requestFriend("ada", from: bob) == .befriended)
        #expect(try await world.hunt.friendRequests(playerID: bob) == ([], []))
    }

    @Test func aFriendCodeShownFaceToFaceBefriendsAtOnce() async throws {
        let world = try await GameWorld()
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        #expect(try await world.hunt.befriend(byCode: ["not ours", world.hunt.friendCode(playerID: bob)], playerID: ada) == .befriended)
        #expect(try await world.hunt.friends(playerID: bob).map(\.player.username) == ["ada"])
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: ada)], playerID: ada) }
        await #expect(throws: GameRefusal.noCodeFound) { try await world.hunt.befriend(byCode: [], playerID: ada) }
    }

    @Test func aBlockEndsTheFriendshipAndHidesEachFromTheOther() async throws {
        let world = try await GameWorld()
        let (ada, bob, cy) = (try await world.player("ada"), try await world.player("bob"), try await world.player("cyd"))
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: bob)], playerID: ada)
        _ = try await world.hunt.requestFriend("ada", from: cy)
        try await world.hunt.block("bob", playerID: ada)
        try await world.hunt.block("bob", playerID: ada)
        try await world.hunt.block("cyd", playerID: ada)
        #expect(try await world.hunt.friends(playerID: ada).isEmpty)
        #expect(try await world.hunt.friendRequests(playerID: ada) == ([], []))
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.requestFriend("ada", from: bob) }
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.visiblePlayer("bob", to: ada) }
        let bobAccount = try #require(try await world.hunt.repository.account(id: bob))
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.profile("ada", viewer: bobAccount) }
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.block("ada", playerID: ada) }
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.unblock("ada", playerID: bob) }

        try await world.hunt.unblock("bob", playerID: ada)
        #expect(try await world.hunt.visiblePlayer("bob", to: ada).player.id == bob)
        #expect(try await world.hunt.friends(playerID: ada).isEmpty)
    }

    @Test func onlyFriendsAndThePlayerSeeWhatWasSolved() async throws {
        let world = try await GameWorld()
        let (ada, bob, cy) = (try await world.player("ada"), try await world.player("bob"), try await world.player("cyd"))
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: bob)], playerID: ada)
        let adaAccount = try #require(try await world.hunt.repository.account(id: ada))
        let cyAccount = try #require(try await world.hunt.repository.account(id: cy))
        #expect(try await world.hunt.profile("ADA", viewer: adaAccount).solved == [.lab: 0, .lecture: 0, .social: 0])
        #expect(try await world.hunt.profile("bob", viewer: adaAccount).solved == [.lab: 0, .lecture: 0, .social: 0])
        #expect(try await world.hunt.profile("bob", viewer: cyAccount).solved == nil)
        #expect(try await world.hunt.profile("bob", viewer: cyAccount).level == 1)
    }

    /// Each friend's last event completes several badges at once, a different set each, and
    /// the one of them later in the badges file is their latest, on every reading. All went to
    /// the Queen Margaret Union first. Bob then solves a riddle at the GUU worth 4000 XP: First
    /// Steps, Union Card, Seasoned Explorer and Honorary Fellow at once. Dee's solve there is
    /// worth 1000: First Steps, Union Card, Seasoned Explorer. Cyd reached level 10 at the
    /// Union, then solved at the GUU: First Steps and Union Card, after her level badges. Fay
    /// has done nothing yet; Eve erased her account.
    @Test func theFriendsListShowsEachFriendsLatestBadgeTheSameEveryTime() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        var friends: [String: Int64] = [:]
        for name in ["bob", "cyd", "dee", "eve", "fay"] {
            friends[name] = try await world.player(name)
            _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: friends[name]!)], playerID: ada)
        }
        let riddle = try #require(world.hunt.content.riddles.first { $0.checkpointID == "glasgow-university-union" })
        let now = world.clock.now
        func explore(_ name: String, xp: Int, at date: Date) async throws {
            _ = try await world.hunt.repository.appendEvent(playerID: friends[name]!, kind: .explored, checkpointID: "queen-margaret-union",
                                                            riddleID: nil, xp: xp, at: date)
        }
        func solve(_ name: String, xp: Int, at date: Date) async throws {
            _ = try await world.hunt.repository.appendEvent(playerID: friends[name]!, kind: .solved, checkpointID: riddle.checkpointID,
                                                            riddleID: riddle.id, xp: xp, at: date)
        }
        try await explore("bob", xp: 25, at: now - 7200)
        try await solve("bob", xp: 4000, at: now - 3600)
        try await explore("cyd", xp: 4000, at: now - 7200)
        try await solve("cyd", xp: 100, at: now - 60)
        try await explore("dee", xp: 25, at: now - 7200)
        try await solve("dee", xp: 1000, at: now - 60)
        try await solve("eve", xp: 100, at: now - 60)
        try await world.hunt.repository.eraseAccount(id: friends["eve"]!, leaving: ErasedPlayer(id: friends["eve"]!), at: now)

        for _ in 0..<20 {
            let list = try await world.hunt.friends(playerID: ada)
            #expect(list.map(\.player.username) == ["bob", "cyd", "dee", "fay"])
            #expect(list.map(\.latestBadge?.id) == ["level-eight", "union-card", "level-five", nil])
            #expect(list.map(\.level) == [10, 10, 5, 1])
            // The pinned clock stands at noon UTC on Tuesday 24 November 2026.
            let today = LocalDate(parsing: "2026-11-24")
            #expect(list.map(\.lastActiveDay) == [today, today, today, nil])
        }
        // Summed up once per play version: the first reading summed up the four friends, the
        // other nineteen found them kept.
        let summaries = world.hunt.friendSummaries
        #expect((summaries.hits, summaries.misses) == (76, 4))
        // Dee's next solve is on the list at the next reading: her summary misses, the others' do not.
        try await solve("dee", xp: 3000, at: now - 30)
        #expect(try await world.hunt.friends(playerID: ada).map(\.level) == [10, 10, 10, 1])
        #expect((summaries.hits, summaries.misses) == (79, 5))
    }

    /// With the store's signals heard, a friend's play version moving is followed in the circle
    /// kept (no read of who the friends are), and twenty lists asked at once show that friend's
    /// move, each missing only their summary, the other friends' kept. (That the lists waiting
    /// share one read of it: `SignedInSessionsTests.requestsMissingAPlayVersionTogetherShareOneRead`.)
    @Test func aFriendsMoveIsFollowedAndOnlyTheirSummaryIsReadAgain() async throws {
        let world = try await GameWorld()
        let hunt = world.hunt
        hunt.hear(.listening)
        let ada = try await world.player("ada")
        var friends: [Int64] = []
        for name in ["bob", "cyd", "dee", "eve", "fay", "gus"] {
            friends.append(try await world.player(name))
            _ = try await hunt.befriend(byCode: [hunt.friendCode(playerID: friends.last!)], playerID: ada)
        }
        #expect(try await hunt.friends(playerID: ada).map(\.level) == [1, 1, 1, 1, 1, 1])
        let circles = hunt.friendCircleFigures.missed
        let (hits, misses) = (hunt.friendSummaries.hits, hunt.friendSummaries.misses)

        _ = try await hunt.repository.appendEvent(playerID: friends[2], kind: .explored, checkpointID: "queen-margaret-union", riddleID: nil,
                                                  xp: 4000, at: world.clock.now)
        hunt.hear(.played(friends[2], version: try await hunt.repository.progressState(playerID: friends[2]).playVersion))
        let lists = (0..<20).map { _ in Task { try await hunt.friends(playerID: ada).map(\.level) } }
        for list in lists { #expect(try await list.value == [1, 1, 10, 1, 1, 1]) }
        #expect(hunt.friendCircleFigures.missed == circles, "who the friends are, kept")
        #expect((hunt.friendSummaries.hits - hits, hunt.friendSummaries.misses - misses) == (100, 20), "dee's summary missed by each list")
        #expect(hunt.friendSummaries.entry(playerID: friends[2], at: try await hunt.repository.progressState(playerID: friends[2]).playVersion)?.level == 10)
    }
}
