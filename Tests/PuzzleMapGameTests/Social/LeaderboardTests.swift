import Foundation
import PuzzleMapCore
import PuzzleMapGame
import Testing

@Suite struct LeaderboardTests {
    @Test func tiesShareARankOneMoreThanThoseAhead() {
        let players = (1...5).map { Player(id: Int64($0), email: "p\($0)@x", username: "p\($0)", displayName: "P\($0)", createdAt: Date(timeIntervalSince1970: 0)) }
        let ranked = LeaderboardEntry.ranking(zip(players, [300, 100, 100, 100, 40]).map { PlayerScore(player: $0, xp: $1) })
        #expect(ranked.map(\.rank) == [1, 2, 2, 2, 5])
        #expect(LeaderboardEntry.ranking([]).isEmpty)
        #expect(LeaderboardEntry.rank(playersAhead: 0) == 1)
    }

    /// ada 100, bob 250 (150 of it last week), cy 100, dee 40 (all last week), eve nothing.
    func world() async throws -> (GameWorld, [Int64]) {
        let world = try await GameWorld()
        var players: [Int64] = []
        for name in ["ada", "bob", "cyd", "dee", "eve"] { players.append(try await world.player(name)) }
        let place = world.hunt.content.checkpoints[0].id
        let now = world.clock.now
        for (index, xp, date) in [(0, 100, now), (1, 150, now - 7 * 86_400), (1, 100, now), (2, 100, now), (3, 40, now - 7 * 86_400)] {
            _ = try await world.hunt.repository.appendEvent(playerID: players[index], kind: .explored, checkpointID: place, riddleID: nil, xp: xp, at: date)
        }
        return (world, players)
    }

    @Test func theWholeBoardRanksEveryoneWithXPAndShowsThePlayersOwnPlace() async throws {
        let (world, players) = try await world()
        let board = try await world.hunt.leaderboard(playerID: players[2], period: .all, friendsOnly: false, limit: 10)
        #expect(board.rows.map(\.entry.player.username) == ["bob", "ada", "cyd", "dee"])
        #expect(board.rows.map(\.entry.rank) == [1, 2, 2, 4])
        #expect(board.rows.map(\.entry.xp) == [250, 100, 100, 40])
        // game.yaml's levels: [0, 150, 350, ...]: 250 XP is level 2, under 150 level 1.
        #expect(board.rows.map(\.level) == [2, 1, 1, 1])
        #expect(board.rank == 2)
        #expect(board.xp == 100)
        let eve = try await world.hunt.leaderboard(playerID: players[4], period: .all, friendsOnly: false, limit: 2)
        #expect(eve.rows.map(\.entry.player.username) == ["bob", "ada"])
        #expect(eve.rank == nil)
        #expect(eve.xp == 0)
    }

    @Test func theWeeklyBoardCountsThisCampusWeekButLevelsFollowAllTimeXP() async throws {
        let (world, players) = try await world()
        let board = try await world.hunt.leaderboard(playerID: players[1], period: .week, friendsOnly: false, limit: 10)
        #expect(board.rows.map(\.entry.player.username) == ["ada", "bob", "cyd"])
        #expect(board.rows.map(\.entry.rank) == [1, 1, 1])
        #expect(board.rows.map(\.level) == [1, 2, 1], "bob has 100 XP this week but 250 all told: level 2")
        #expect(board.rank == 1)
        #expect(board.xp == 100)
    }

    @Test func theFriendsBoardRanksOnlyFriendsAndABlockHidesWithoutReranking() async throws {
        let (world, players) = try await world()
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: players[2])], playerID: players[3])
        let friends = try await world.hunt.leaderboard(playerID: players[3], period: .all, friendsOnly: true, limit: 10)
        #expect(friends.rows.map(\.entry.player.username) == ["cyd", "dee"])
        #expect(friends.rows.map(\.entry.rank) == [1, 2])
        #expect(friends.rank == 2)

        // Eve blocks bob, the leader: ada and cyd fill the board and keep rank 2, not 1.
        try await world.hunt.block("bob", playerID: players[4])
        let hidden = try await world.hunt.leaderboard(playerID: players[4], period: .all, friendsOnly: false, limit: 2)
        #expect(hidden.rows.map(\.entry.player.username) == ["ada", "cyd"])
        #expect(hidden.rows.map(\.entry.rank) == [2, 2])
    }

    /// Eve, with no XP, adds Fay, who has just signed up: her board among friends lists them
    /// both at 0 XP, sharing first place, this week and all time; everyone's board still has
    /// no place for her. Dee, whose 40 XP are all from last week, adds Fay and Cyd: all time she
    /// is second with 40; this week she and Fay share second place at 0, in sign-up order.
    @Test func friendJustAddedAppearsOnFriendsBoardAtZeroXP() async throws {
        let (world, players) = try await world()
        let (cyd, dee, eve) = (players[2], players[3], players[4])
        let fay = try await world.player("fay")
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: fay)], playerID: eve)
        for period in LeaderboardPeriod.allCases {
            let board = try await world.hunt.leaderboard(playerID: eve, period: period, friendsOnly: true, limit: 10)
            #expect(board.rows.map(\.entry.player.username) == ["eve", "fay"], "\(period)")
            #expect(board.rows.map(\.entry.xp) == [0, 0], "\(period)")
            #expect(board.rows.map(\.entry.rank) == [1, 1], "\(period)")
            #expect(board.rows.map(\.level) == [1, 1], "\(period)")
            #expect(board.rank == 1 && board.xp == 0, "\(period)")
            let everyone = try await world.hunt.leaderboard(playerID: eve, period: period, friendsOnly: false, limit: 10)
            #expect(everyone.rank == nil && everyone.xp == 0 && !everyone.rows.contains { $0.entry.xp == 0 }, "\(period)")
        }

        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: fay)], playerID: dee)
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: cyd)], playerID: dee)
        let allTime = try await world.hunt.leaderboard(playerID: dee, period: .all, friendsOnly: true, limit: 10)
        #expect(allTime.rows.map(\.entry.player.username) == ["cyd", "dee", "fay"])
        #expect(allTime.rows.map(\.entry.xp) == [100, 40, 0])
        #expect(allTime.rows.map(\.entry.rank) == [1, 2, 3])
        #expect(allTime.rank == 2 && allTime.xp == 40)
        let week = try await world.hunt.leaderboard(playerID: dee, period: .week, friendsOnly: true, limit: 10)
        #expect(week.rows.map(\.entry.player.username) == ["cyd", "dee", "fay"])
        #expect(week.rows.map(\.entry.xp) == [100, 0, 0])
        #expect(week.rows.map(\.entry.rank) == [1, 2, 2])
        #expect(week.rank == 2 && week.xp == 0)
        // A limit cuts the board as anywhere else: the ranks stay those of the whole board.
        let top2 = try await world.hunt.leaderboard(playerID: dee, period: .week, friendsOnly: true, limit: 2)
        #expect(top2.rows.map(\.entry.player.username) == ["cyd", "dee"])
    }
}
