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
            // Each friend with their play version, which any write to their ledger raises.
            let place = try await repository.imported().checkpoints[0].id
            let before = try await repository.friendVersions(playerID: ada.id)
            #expect(before.map(\.player) == [bob])
            _ = try await repository.appendEvent(playerID: bob.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 10, at: start + 2)
            let after = try await repository.friendVersions(playerID: ada.id)
            #expect(after.map(\.player) == [bob] && after.map(\.playVersion) != before.map(\.playVersion))
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
            #expect(try await repository.hidden(from: ada.id) == [bob.id, cy.id])
            #expect(try await repository.hidden(from: bob.id) == [ada.id])
            #expect(try await repository.unblock(blocker: bob.id, blocked: ada.id) == false)
            #expect(try await repository.unblock(blocker: ada.id, blocked: bob.id))
            #expect(try await repository.isBlocked(ada.id, bob.id) == false)
            #expect(try await repository.hidden(from: bob.id).isEmpty)
        }
    }

    /// The friends list's one read: every friend in the order of ``SocialStore/friendVersions(playerID:)``,
    /// each with their own events, oldest first, however the players' events interleave; a
    /// friend with none has an empty ledger; an erased friend and a stranger are not there.
    @Test(arguments: StorageBackend.allCases)
    func theFriendsListReadsEveryFriendWithTheirLedgerAtOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let places = try await repository.imported().checkpoints.map(\.id)
            let ada = try await repository.signUp("ada")
            var players: [String: Player] = [:]
            for name in ["Zed", "bob", "cy", "dee", "eve"] {
                players[name] = try await repository.signUp(name)
            }
            for name in ["Zed", "bob", "cy", "dee"] {
                _ = try await repository.requestFriend(from: ada.id, to: players[name]!.id, mutual: true, at: start)
            }
            var ledgers: [String: [GameEvent]] = [:]
            for (step, name) in ["bob", "eve", "Zed", "bob", "dee", "Zed", "bob", "ada"].enumerated() {
                let player = name == "ada" ? ada : players[name]!
                let event = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: places[step % places.count],
                                                             riddleID: nil, xp: 10 * (step + 1), at: start + Double(step) * 60)
                ledgers[name, default: []].append(event)
            }
            try await repository.eraseAccount(id: players["dee"]!.id, at: start + 3600)

            #expect(try await repository.friendLedgers(playerID: ada.id) == [
                PlayerLedger(player: players["bob"]!, events: ledgers["bob"]!),
                PlayerLedger(player: players["cy"]!, events: []),
                PlayerLedger(player: players["Zed"]!, events: ledgers["Zed"]!),
            ])
            #expect(ledgers["bob"]!.map(\.xp) == [10, 40, 70])
            #expect(try await repository.friendLedgers(playerID: players["bob"]!.id) == [PlayerLedger(player: ada, events: ledgers["ada"]!)])
            #expect(try await repository.friendLedgers(playerID: players["eve"]!.id).isEmpty)
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

            let (ada, bob, cy, dee, eve) = (players[0].id, players[1].id, players[2].id, players[3].id, players[4].id)

            let all = try await repository.leaderboard(viewer: eve, period: .all, limit: 10, at: sunday)
            #expect(all.map(\.player.username) == ["bob", "ada", "cy", "dee"])
            #expect(all.map(\.rank) == [1, 2, 2, 4])
            #expect(all.map(\.xp) == [250, 100, 100, 40])
            #expect(all.first?.player == players[1])
            let week = try await repository.leaderboard(viewer: eve, period: .week, limit: 10, at: sunday)
            #expect(week.map(\.player.username) == ["ada", "bob", "cy"])
            #expect(week.map(\.rank) == [1, 1, 1])
            #expect(try await repository.leaderboard(viewer: eve, period: .week, limit: 10, at: sunday + 86_400).isEmpty)
            #expect(try await repository.leaderboard(viewer: eve, period: .all, limit: 2, at: start).map(\.player.username) == ["bob", "ada"])
            // Without friends, the friends' board is the player alone, at 0 XP without any.
            #expect(try await repository.leaderboard(viewer: eve, period: .all, friendsOnly: true, limit: 10, at: start)
                        == [LeaderboardEntry(rank: 1, player: players[4], xp: 0)])
            #expect(try await repository.leaderboard(viewer: dee, period: .all, friendsOnly: true, limit: 10, at: start).map(\.player.username) == ["dee"])

            #expect(try await repository.standing(playerID: cy, period: .all, at: start) == (2, 100))
            #expect(try await repository.standing(playerID: dee, period: .all, at: start) == (4, 40))
            #expect(try await repository.standing(playerID: dee, period: .week, at: start) == (nil, 0))
            #expect(try await repository.standing(playerID: eve, period: .all, at: start) == (nil, 0))
            #expect(try await repository.standing(playerID: bob, period: .week, at: sunday) == (1, 100))
            #expect(try await repository.standing(playerID: bob, period: .week, at: start - 86_400) == (1, 150))

            #expect(try await repository.events(playerID: cy).last?.occurredAt == start + 120)
            #expect(try await repository.events(playerID: eve).isEmpty)

            // cy is friends with ada, dee and eve, and blocks bob; ada is friends with dee.
            func change(_ a: Int64, _ b: Int64, _ change: FriendshipChange) async throws {
                _ = try await repository.changeFriendship(of: a, with: b, at: start, decide: { _ in change }, announce: { _ in [] })
            }
            try await change(cy, ada, FriendshipChange(befriend: true))
            try await change(cy, dee, FriendshipChange(befriend: true))
            try await change(cy, eve, FriendshipChange(befriend: true))
            try await change(ada, dee, FriendshipChange(befriend: true))
            try await change(cy, bob, FriendshipChange(block: true))

            let friendsOfEve = try await repository.leaderboard(viewer: eve, period: .all, friendsOnly: true, limit: 10, at: start)
            #expect(friendsOfEve.map(\.player.username) == ["cy", "eve"])
            #expect(friendsOfEve.map(\.rank) == [1, 2])
            #expect(try await repository.standing(playerID: ada, period: .all, friendsOnly: true, at: start) == (1, 100))
            #expect(try await repository.standing(playerID: dee, period: .all, friendsOnly: true, at: start) == (3, 40))

            // One view, read at once: the board down to the second player not hidden (the rows
            // the caller asks for), the hidden ones ahead of them still there for the game to
            // leave out.
            func view(_ period: LeaderboardPeriod, friendsOnly: Bool) async throws -> BoardView {
                try await repository.boardView(playerID: cy, period: period, friendsOnly: friendsOnly, at: sunday, shown: 2)
            }
            func scores(_ scores: [(Int, Int64)]) -> [PlayerScore] {
                scores.map { xp, id in PlayerScore(player: players.first { $0.id == id }!, xp: xp) }
            }
            #expect(try await view(.all, friendsOnly: false)
                        == BoardView(hidden: [bob], top: scores([(250, bob), (100, ada), (100, cy)]), allTimeXP: [:], mine: .init(xp: 100, playersAhead: 1)))
            #expect(try await view(.all, friendsOnly: true)
                        == BoardView(hidden: [bob], top: scores([(100, ada), (100, cy)]), allTimeXP: [:], mine: .init(xp: 100, playersAhead: 0)))
            #expect(try await view(.week, friendsOnly: false)
                        == BoardView(hidden: [bob], top: scores([(100, ada), (100, bob), (100, cy)]), allTimeXP: [ada: 100, bob: 250, cy: 100],
                                     mine: .init(xp: 100, playersAhead: 0)))
            // This week dee, a friend, has no XP yet: on the friends' board at 0, all-time 40.
            #expect(try await view(.week, friendsOnly: true)
                        == BoardView(hidden: [bob], top: scores([(100, ada), (100, cy)]), allTimeXP: [ada: 100, cy: 100],
                                     mine: .init(xp: 100, playersAhead: 0)))
            // The game leaves bob out of cy's board, keeping the ranks of the whole board.
            let seenByCy = try await repository.leaderboard(viewer: cy, period: .all, limit: 2, at: sunday)
            #expect(seenByCy.map(\.player.username) == ["ada", "cy"])
            #expect(seenByCy.map(\.rank) == [2, 2])

            // Everyone's board, from its shared top and each viewer's standing, is the view read
            // whole; a top cut short of what a viewer who hides some of it needs makes none.
            for viewer in players.map(\.id) {
                for period in LeaderboardPeriod.allCases {
                    for shown in 0...4 {
                        let whole = try await repository.boardView(playerID: viewer, period: period, friendsOnly: false, at: sunday, shown: shown)
                        #expect(try await repository.sharedView(playerID: viewer, period: period, at: sunday, shown: shown, topCount: 100) == whole,
                                "\(viewer), \(period), \(shown)")
                        let cut = try await repository.sharedView(playerID: viewer, period: period, at: sunday, shown: shown, topCount: 1)
                        #expect(cut == nil || cut == whole, "\(viewer), \(period), \(shown)")
                    }
                }
            }
            // Cut to two, the all-time top (bob, then ada or cy) fills one row for cy, who hides
            // bob, and not two; it fills eve's one row, as she hides nobody.
            #expect(try await repository.sharedView(playerID: cy, period: .all, at: sunday, shown: 2, topCount: 2) == nil)
            let cyOne = try await repository.boardView(playerID: cy, period: .all, friendsOnly: false, at: sunday, shown: 1)
            #expect(try await repository.sharedView(playerID: cy, period: .all, at: sunday, shown: 1, topCount: 2) == cyOne)
            let eveOne = try await repository.boardView(playerID: eve, period: .all, friendsOnly: false, at: sunday, shown: 1)
            #expect(try await repository.sharedView(playerID: eve, period: .all, at: sunday, shown: 1, topCount: 1) == eveOne)
            #expect(eveOne.top.map(\.player.id) == [bob] && cyOne.top.map(\.player.id) == [bob, ada])
            #expect(try await repository.boardStanding(playerID: cy, at: sunday) == BoardStanding(hidden: [bob], allTimeXP: 100, weekXP: 100))
            #expect(try await repository.boardStanding(playerID: dee, at: sunday) == BoardStanding(hidden: [], allTimeXP: 40, weekXP: 0))
            #expect(try await repository.boardStanding(playerID: bob, at: start - 86_400) == BoardStanding(hidden: [cy], allTimeXP: 250, weekXP: 150))
            #expect(try await repository.boardTop(period: .all, at: sunday, count: 100).totals
                        == [BoardTop.Total(xp: 250, players: 1), BoardTop.Total(xp: 100, players: 2), BoardTop.Total(xp: 40, players: 1)])
        }
    }

    /// A friend just added, with no XP, is on the board among friends at once, at 0 XP, and so
    /// is the player without any: every friend and the player are there, this week and all
    /// time, those without XP last (ties by id), a friend whose total was corrected below 0
    /// among them at 0, an erased friend not at all. Everyone's board still holds only those
    /// with XP, and has no place for the player without any.
    @Test(arguments: StorageBackend.allCases)
    func friendJustAddedAppearsOnFriendsBoardAtZeroXP(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let place = try await repository.imported().checkpoints[0].id
            var players: [Player] = []
            for name in ["ada", "bob", "cy", "dee", "eve", "fay"] { players.append(try await repository.signUp(name)) }
            let (ada, bob, cy, dee, eve, fay) = (players[0], players[1], players[2], players[3], players[4], players[5])
            func scores(_ scores: [(Int, Player)]) -> [PlayerScore] { scores.map { PlayerScore(player: $1, xp: $0) } }
            func view(_ player: Player, _ period: LeaderboardPeriod, friendsOnly: Bool = true, rows: Int = 10) async throws -> BoardView {
                try await repository.boardView(playerID: player.id, period: period, friendsOnly: friendsOnly, at: start, shown: rows)
            }

            // Eve, new, adds Fay, newer still: neither has earned anything.
            _ = try await repository.requestFriend(from: eve.id, to: fay.id, mutual: true, at: start)
            for period in LeaderboardPeriod.allCases {
                let allTimeXP: [Int64: Int] = period == .all ? [:] : [eve.id: 0, fay.id: 0]
                #expect(try await view(eve, period) == BoardView(hidden: [], top: scores([(0, eve), (0, fay)]), allTimeXP: allTimeXP,
                                                                 mine: .init(xp: 0, playersAhead: 0)), "\(period)")
                #expect(try await view(fay, period).mine == .init(xp: 0, playersAhead: 0), "\(period)")
                #expect(try await view(eve, period, friendsOnly: false) == BoardView(hidden: [], top: [], allTimeXP: [:], mine: nil), "\(period)")
            }

            // Ada has 100 XP, 60 of it last week; her friends are bob (50 this week), cy (none),
            // dee (30, corrected down by 45) and eve; fay (erased) was one too.
            let audit = AuditRecord(actorID: nil, actorName: "olive", action: .xpAdjusted, subject: "player", detail: "test")
            _ = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 60, at: start - 86_400)
            _ = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 40, at: start)
            _ = try await repository.appendEvent(playerID: bob.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 50, at: start)
            _ = try await repository.appendEvent(playerID: dee.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 30, at: start)
            _ = try await repository.adjustXP(.adjusted(dee.id, xp: -45, reason: "a void", on: start), audit: audit)
            for friend in [bob, cy, dee, eve, fay] {
                _ = try await repository.requestFriend(from: ada.id, to: friend.id, mutual: true, at: start)
            }
            try await repository.eraseAccount(id: fay.id, at: start)

            #expect(try await view(ada, .all) == BoardView(hidden: [], top: scores([(100, ada), (50, bob), (0, cy), (0, dee), (0, eve)]), allTimeXP: [:],
                                                           mine: .init(xp: 100, playersAhead: 0)))
            #expect(try await view(ada, .week) == BoardView(hidden: [], top: scores([(50, bob), (40, ada), (0, cy), (0, dee), (0, eve)]),
                                                            allTimeXP: [ada.id: 100, bob.id: 50, cy.id: 0, dee.id: -15, eve.id: 0],
                                                            mine: .init(xp: 40, playersAhead: 1)))
            #expect(try await view(ada, .all, rows: 3).top == scores([(100, ada), (50, bob), (0, cy)]))
            // The viewer without XP stands among those at 0, behind everyone with some.
            #expect(try await view(cy, .all) == BoardView(hidden: [], top: scores([(100, ada), (0, cy)]), allTimeXP: [:],
                                                          mine: .init(xp: 0, playersAhead: 1)))
            #expect(try await view(dee, .week).mine == .init(xp: 0, playersAhead: 1))
            #expect(try await view(eve, .week).top == scores([(40, ada), (0, eve)]))
            // Everyone's board is unchanged: those with XP, and no place for those without.
            #expect(try await view(cy, .all, friendsOnly: false) == BoardView(hidden: [], top: scores([(100, ada), (50, bob)]), allTimeXP: [:], mine: nil))
            #expect(try await view(dee, .week, friendsOnly: false).mine == nil)
        }
    }

    /// A rank is read from how many players hold each total, which the scores' triggers keep;
    /// whatever way scores move (up, down to nothing and below, across a week's end, an account
    /// erased), it is the place the whole board gives.
    @Test(arguments: StorageBackend.allCases)
    func aRankIsThePlaceOnTheWholeBoardHoweverScoresMove(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let places = try await repository.imported().checkpoints.map(\.id)
            var players: [Player] = []
            for name in ["ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal"] { players.append(try await repository.signUp(name)) }
            let audit = AuditRecord(actorID: nil, actorName: "olive", action: .xpAdjusted, subject: "player", detail: "test")
            for step in 0..<48 {
                let player = players[(step * 5 + step / 8) % players.count]
                let at = start + Double(step) * 4 * 3600 // eight days: the week ends on the way
                switch step % 6 {
                case 0, 1, 2, 3:
                    _ = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: places[step % places.count],
                                                         riddleID: nil, xp: [10, 25, 100, 25][step % 4], at: at)
                case 4: _ = try await repository.adjustXP(.adjusted(player.id, xp: -35, reason: "a void", on: at), audit: audit)
                default:
                    if step == 41 {
                        try await repository.eraseAccount(id: player.id, at: at)
                        players.removeAll { $0.id == player.id }
                    } else {
                        _ = try await repository.adjustXP(.adjusted(player.id, xp: 10, reason: "a fix", on: at), audit: audit)
                    }
                }
                for period in [LeaderboardPeriod.all, .week] {
                    let board = try await repository.leaderboard(viewer: players[0].id, period: period, limit: 100, at: at)
                    for player in players {
                        let place = board.first { $0.player.id == player.id }
                        #expect(try await repository.standing(playerID: player.id, period: period, at: at) == (place?.rank, place?.xp ?? 0),
                                "step \(step), \(period), \(player.username)")
                        #expect(try await repository.sharedView(playerID: player.id, period: period, at: at, shown: 100, topCount: 100)
                                    == repository.boardView(playerID: player.id, period: period, friendsOnly: false, at: at, shown: 100),
                                "step \(step), \(period), \(player.username)")
                    }
                }
            }
        }
    }
}
