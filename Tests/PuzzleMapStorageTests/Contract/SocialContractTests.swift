import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Friends, blocks and leaderboards, alike on every store.
@Suite struct SocialContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func aRequestWaitsForAnAnswerAndAcceptingMakesFriends(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            // Players first, so no player's id happens to equal the request's.
            for name in ["cat", "dan", "eve"] { _ = try await repository.signUp(name) }
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let outcome = try await repository.requestFriend(from: ada.id, to: bob.id, mutual: false, at: start)
            guard case .requested(let id) = outcome else {
                Issue.record("expected a request, got \(outcome)")
                return
            }
            #expect(try await repository.requestFriend(from: ada.id, to: bob.id, mutual: false, at: start + 1) == .requested(id: id))
            let (incoming, outgoing) = try await repository.friendRequests(playerID: bob.id)
            #expect(incoming == [FriendRequest(id: id, from: ada, to: bob, createdAt: start)])
            #expect(outgoing.isEmpty)
            #expect(try await repository.friendRequests(playerID: ada.id).outgoing == incoming)
            #expect(try await repository.areFriends(ada.id, bob.id) == false)

            #expect(try await repository.answerFriendRequest(id: id, playerID: ada.id, accept: true, at: start) == false)
            #expect(try await repository.answerFriendRequest(id: id, playerID: bob.id, accept: true, at: start + 2))
            #expect(try await repository.areFriends(bob.id, ada.id))
            #expect(try await repository.friends(playerID: ada.id) == [bob])
            #expect(try await repository.friends(playerID: bob.id) == [ada])
            #expect(try await repository.friendRequests(playerID: bob.id).incoming.isEmpty)
            #expect(try await repository.answerFriendRequest(id: id, playerID: bob.id, accept: true, at: start + 3) == false)
            #expect(try await repository.requestFriend(from: bob.id, to: ada.id, mutual: false, at: start + 4) == .alreadyFriends)

            #expect(try await repository.unfriend(bob.id, ada.id))
            #expect(try await repository.unfriend(ada.id, bob.id) == false)
            #expect(try await repository.friends(playerID: ada.id).isEmpty)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func decliningRemovesTheRequestAndAMutualOrCrossedRequestBefriendsAtOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let cy = try await repository.signUp("cy")
            guard case .requested(let id) = try await repository.requestFriend(from: ada.id, to: bob.id, mutual: false, at: start) else {
                Issue.record("expected a request")
                return
            }
            #expect(try await repository.answerFriendRequest(id: id, playerID: bob.id, accept: false, at: start))
            #expect(try await repository.friendRequests(playerID: ada.id).outgoing.isEmpty)
            #expect(try await repository.areFriends(ada.id, bob.id) == false)

            _ = try await repository.requestFriend(from: ada.id, to: bob.id, mutual: false, at: start)
            #expect(try await repository.requestFriend(from: bob.id, to: ada.id, mutual: false, at: start) == .befriended)
            #expect(try await repository.friendRequests(playerID: ada.id) == ([], []))
            #expect(try await repository.requestFriend(from: cy.id, to: ada.id, mutual: true, at: start) == .befriended)
            // Friends are listed by username, ignoring case as SQLite's NOCASE does.
            let zed = try await repository.signUp("Zed")
            let able = try await repository.signUp("able")
            _ = try await repository.requestFriend(from: zed.id, to: ada.id, mutual: true, at: start)
            _ = try await repository.requestFriend(from: able.id, to: ada.id, mutual: true, at: start)
            #expect(try await repository.friends(playerID: ada.id).map(\.username) == ["able", "bob", "cy", "Zed"])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoPlayersAskingEachOtherAtOnceBecomeFriends(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            var pairs: [(Int64, Int64)] = []
            for index in 0..<10 {
                pairs.append((try await repository.signUp("a\(index)").id, try await repository.signUp("b\(index)").id))
            }
            let snapshot = pairs
            _ = try await concurrently(20) { index in
                let (a, b) = snapshot[index / 2]
                return try await index % 2 == 0
                    ? repository.requestFriend(from: a, to: b, mutual: false, at: ContractFixture.start)
                    : repository.requestFriend(from: b, to: a, mutual: false, at: ContractFixture.start)
            }
            for (a, b) in pairs {
                #expect(try await repository.areFriends(a, b))
                #expect(try await repository.friendRequests(playerID: a) == ([], []))
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func blockingEndsFriendshipAndRequestsEitherWay(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let cy = try await repository.signUp("cy")
            _ = try await repository.requestFriend(from: ada.id, to: bob.id, mutual: true, at: start)
            _ = try await repository.requestFriend(from: cy.id, to: ada.id, mutual: false, at: start)
            try await repository.block(blocker: ada.id, blocked: bob.id, at: start)
            try await repository.block(blocker: ada.id, blocked: bob.id, at: start + 1)
            try await repository.block(blocker: ada.id, blocked: cy.id, at: start)
            #expect(try await repository.areFriends(ada.id, bob.id) == false)
            #expect(try await repository.friendRequests(playerID: ada.id) == ([], []))
            #expect(try await repository.isBlocked(bob.id, ada.id))
            #expect(try await repository.isBlocked(ada.id, bob.id))
            #expect(try await repository.isBlocked(bob.id, cy.id) == false)
            #expect(try await repository.blockedEitherWay(playerID: ada.id) == [bob.id, cy.id])
            #expect(try await repository.blockedEitherWay(playerID: bob.id) == [ada.id])
            #expect(try await repository.unblock(blocker: bob.id, blocked: ada.id) == false)
            #expect(try await repository.unblock(blocker: ada.id, blocked: bob.id))
            #expect(try await repository.isBlocked(ada.id, bob.id) == false)
            #expect(try await repository.blockedEitherWay(playerID: bob.id).isEmpty)
        }
    }

    // MARK: Leaderboards

    @Test(arguments: StorageBackend.allCases)
    func leaderboardsRankByXPWithTiesSharingARank(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let place = content.checkpoints[0].id
            let players = [try await repository.signUp("ada"), try await repository.signUp("bob"), try await repository.signUp("cy"),
                           try await repository.signUp("dee"), try await repository.signUp("eve")]
            // ada 100, bob 250 (150 last week), cy 100, dee 40 (all last week), eve nothing.
            func earn(_ player: Player, _ xp: Int, _ date: Date) async throws {
                _ = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: place, riddleID: nil, xp: xp, at: date)
            }
            try await earn(players[0], 100, start + 3600)
            try await earn(players[1], 150, start - 86_400)
            try await earn(players[1], 100, start + 7200)
            try await earn(players[2], 60, start + 60)
            try await earn(players[2], 40, start + 120)
            try await earn(players[3], 40, start - 3 * 86_400)
            let sunday = start + 6 * 86_400 // the last day of the same week

            let all = try await repository.leaderboard(period: .all, among: nil, limit: 10, at: sunday)
            #expect(all.map(\.player.username) == ["bob", "ada", "cy", "dee"])
            #expect(all.map(\.rank) == [1, 2, 2, 4])
            #expect(all.map(\.xp) == [250, 100, 100, 40])
            #expect(all.first?.player == players[1])
            let week = try await repository.leaderboard(period: .week, among: nil, limit: 10, at: sunday)
            #expect(week.map(\.player.username) == ["ada", "bob", "cy"])
            #expect(week.map(\.rank) == [1, 1, 1])
            #expect(try await repository.leaderboard(period: .week, among: nil, limit: 10, at: sunday + 86_400).isEmpty)
            #expect(try await repository.leaderboard(period: .all, among: nil, limit: 2, at: start).map(\.player.username) == ["bob", "ada"])
            let among = try await repository.leaderboard(period: .all, among: [players[2].id, players[3].id, players[4].id], limit: 10, at: start)
            #expect(among.map(\.player.username) == ["cy", "dee"])
            #expect(among.map(\.rank) == [1, 2])
            #expect(try await repository.leaderboard(period: .all, among: [], limit: 10, at: start).isEmpty)

            #expect(try await repository.standing(playerID: players[2].id, period: .all, among: nil, at: start) == (2, 100))
            #expect(try await repository.standing(playerID: players[3].id, period: .all, among: nil, at: start) == (4, 40))
            #expect(try await repository.standing(playerID: players[3].id, period: .week, among: nil, at: start) == (nil, 0))
            #expect(try await repository.standing(playerID: players[4].id, period: .all, among: nil, at: start) == (nil, 0))
            #expect(try await repository.standing(playerID: players[0].id, period: .all, among: [players[0].id, players[3].id], at: start) == (1, 100))
            #expect(try await repository.standing(playerID: players[1].id, period: .week, among: nil, at: sunday) == (1, 100))
            #expect(try await repository.standing(playerID: players[1].id, period: .week, among: nil, at: start - 86_400) == (1, 150))

            #expect(try await repository.events(playerID: players[2].id).last?.occurredAt == start + 120)
            #expect(try await repository.events(playerID: players[4].id).isEmpty)
            #expect(try await repository.allTimeXP(playerIDs: players.map(\.id))
                        == [players[0].id: 100, players[1].id: 250, players[2].id: 100, players[3].id: 40])
            #expect(try await repository.allTimeXP(playerIDs: []).isEmpty)

            // One player's view, read at once, is what the separate reads give: cy is friends
            // with ada and dee, and blocks bob.
            _ = try await repository.changeFriendship(of: players[2].id, with: players[0].id, at: start, decide: { _ in FriendshipChange(befriend: true) },
                                                      announce: { _ in [] })
            _ = try await repository.changeFriendship(of: players[2].id, with: players[3].id, at: start, decide: { _ in FriendshipChange(befriend: true) },
                                                      announce: { _ in [] })
            _ = try await repository.changeFriendship(of: players[2].id, with: players[1].id, at: start, decide: { _ in FriendshipChange(block: true) },
                                                      announce: { _ in [] })
            let cy = players[2].id
            for period in [LeaderboardPeriod.all, .week] {
                for friendsOnly in [false, true] {
                    let view = try await repository.boardView(playerID: cy, period: period, friendsOnly: friendsOnly, limit: 2, at: sunday)
                    let among = friendsOnly ? try await repository.friends(playerID: cy).map(\.id) + [cy] : nil
                    #expect(view.hidden == [players[1].id])
                    #expect(view.top == (try await repository.topScores(period: period, among: among, limit: 3, at: sunday)))
                    #expect(view.allTimeXP == (period == .all ? [:] : try await repository.allTimeXP(playerIDs: view.top.map(\.player.id))))
                    let mine = try await repository.score(playerID: cy, period: period, among: among, at: sunday)
                    #expect(view.mine == mine.map { BoardView.Mine(xp: $0.xp, playersAhead: $0.playersAhead) })
                }
            }
            #expect(try await repository.boardView(playerID: cy, period: .all, friendsOnly: true, limit: 10, at: sunday).top.map(\.player.username)
                        == ["ada", "cy", "dee"])
        }
    }
}
