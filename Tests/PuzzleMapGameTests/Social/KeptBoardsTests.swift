import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Synchronization
import Testing

/// What an instance keeps of the boards among everyone follows the totals the store tells as
/// they move, patched rather than read again.
@Suite struct KeptBoardsTests {
    /// The signals a hunt heard.
    final class Heard: Sendable {
        let signals = Mutex<Set<AccountSignal>>([])
    }

    /// With more players than a top holds (100), totals move below the top, into it, within it
    /// and out of it, up and down: once the store's signals of each round are heard, every
    /// viewer's boards read from what the hunt keeps are those a hunt keeping nothing reads from
    /// the store, and most reads of the tops were answered from what was kept.
    @Test(arguments: GameWorld.Store.allCases)
    func boardsKeptFollowTheTotalsTheStoreTells(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let hunt = world.hunt, repository = world.hunt.repository, now = world.clock.now
        // A hunt on the same store that keeps nothing (it never hears the signals flow).
        let secrets = try #require(ServiceSecrets(tagKeyData: Data(repeating: 7, count: 32), tokenKeyData: Data(repeating: 9, count: 32)))
        let reading = Hunt(repository: repository, content: hunt.content, secrets: secrets, random: .seeded(7), now: { now })
        var random = SplitMix64(seed: store == .sqlite ? 11 : 12)
        var players: [Int64] = []
        for index in 0..<130 {
            let player = try await world.player("p\(index)")
            players.append(player)
            _ = try await repository.appendEvent(playerID: player, kind: .explored, checkpointID: nil, riddleID: nil,
                                                 xp: Int.random(in: 1...40, using: &random) * 10, at: now)
        }
        let marker = try #require(try await repository.account(id: players[0]))

        let heard = Heard()
        let listening = Task {
            for await signal in repository.accountSignals() {
                hunt.hear(signal)
                heard.signals.withLock { _ = $0.insert(signal) }
            }
        }
        defer { listening.cancel() }
        func hears(_ signal: AccountSignal) async throws {
            let deadline = ContinuousClock.now + .seconds(10)
            while !heard.signals.withLock({ $0.contains(signal) }) {
                try #require(ContinuousClock.now < deadline, "the store's signals are heard")
                try await Task.sleep(for: .milliseconds(5))
            }
        }
        /// Waits until every signal of the writes before it is heard: a session revoked after
        /// them is heard after them (signals come in commit order), and drops no board.
        func heardEverything() async throws {
            let session = try #require(try await hunt.signedIn(accessToken: try await hunt.openSession(for: marker).accessToken)).session.id
            try await repository.revokeSession(id: session, at: now)
            try await hears(.session(session))
        }
        try await hears(.listening)

        let viewers = [players[0], players[64], players[129]]
        for round in 0..<40 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let player = players.randomElement(using: &random)!
                let xp = Int.random(in: 0..<10, using: &random) < 2 ? -Int.random(in: 1...30, using: &random) * 10 : Int.random(in: 1...60, using: &random) * 10
                _ = try await repository.appendEvent(playerID: player, kind: xp > 0 ? .explored : .adjusted, checkpointID: nil, riddleID: nil, xp: xp, at: now)
            }
            try await heardEverything()
            for viewer in viewers {
                for period in LeaderboardPeriod.allCases {
                    let kept = try await hunt.leaderboard(playerID: viewer, period: period, friendsOnly: false, limit: LeaderboardEntry.mostShown)
                    let read = try await reading.leaderboard(playerID: viewer, period: period, friendsOnly: false, limit: LeaderboardEntry.mostShown)
                    #expect(kept == read, "round \(round), viewer \(viewer), \(period)")
                }
            }
        }
        let tops = try #require(hunt.boardPartFigures.first { $0.part == "top" }?.figures)
        #expect(tops.answered > 3 * tops.missed, "\(tops.answered) tops answered from what was kept, \(tops.missed) read")
    }

    /// A player's own write shows on their next board before the store's signals of it are
    /// heard: their XP and rank, and their row when it takes them into the top, which is then
    /// read again; a write that leaves them below the top leaves the top kept for everyone.
    @Test func aPlayersOwnWriteShowsOnTheirNextBoardBeforeItsSignalsAreHeard() async throws {
        let world = try await GameWorld()
        let hunt = world.hunt, repository = world.hunt.repository, now = world.clock.now
        var players: [Int64] = []
        for index in 0..<110 {
            players.append(try await world.player("p\(index)"))
            _ = try await repository.appendEvent(playerID: players[index], kind: .explored, checkpointID: nil, riddleID: nil, xp: 100 + index * 10, at: now)
        }
        // Signals flow, but none of the store's is heard: only what a write's answer does keeps
        // the writer's boards current.
        hunt.hear(.listening)
        func write(_ player: Int64, xp: Int) async throws {
            let account = try #require(try await repository.account(id: player))
            let started = try #require(try await hunt.signedIn(accessToken: try await hunt.openSession(for: account).accessToken))
            _ = try await repository.appendEvent(playerID: player, kind: .explored, checkpointID: nil, riddleID: nil, xp: xp, at: now)
            await hunt.forgetKept(afterWriteIn: started)
        }
        func board(_ viewer: Int64) async throws -> Leaderboard {
            try await hunt.leaderboard(playerID: viewer, period: .all, friendsOnly: false, limit: LeaderboardEntry.mostShown)
        }
        func topsRead() -> Int { hunt.boardPartFigures.first { $0.part == "top" }!.figures.missed }

        // p0 (100 XP) and p1 (110) are below the top hundred, p0 at rank 110.
        #expect(try await board(players[0]).rank == 110)
        _ = try await board(players[1])
        let read = topsRead()
        // p0 gains 5 XP, still below the top: their rank and XP move, the top stays kept.
        try await write(players[0], xp: 5)
        #expect(try await (board(players[0]).rank, board(players[0]).xp) == (110, 105))
        #expect(topsRead() == read)
        // p1 gains enough to lead: in the top at once, on their board.
        try await write(players[1], xp: 2_000)
        let leading = try await board(players[1])
        #expect(leading.rank == 1 && leading.xp == 2_110)
        #expect(leading.rows.first?.entry.player.id == players[1] && leading.rows.first?.entry.xp == 2_110)
        #expect(topsRead() == read + 1)
    }
}
