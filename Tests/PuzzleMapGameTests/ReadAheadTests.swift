import Foundation
import PuzzleMapCore
@testable import PuzzleMapGame
import PuzzleMapStorage
import Synchronization
import Testing

/// What a store's signal about a player drops is read again in the background, so that their
/// next request finds it kept; never more than a few players at once.
@Suite struct ReadAheadTests {
    /// Reads held open until the test lets them go.
    final class HeldReads: Sendable {
        private let state = Mutex<(runs: [Int64], waiting: [CheckedContinuation<Void, Never>])>(([], []))

        func read(_ player: Int64) -> @Sendable () async -> Void {
            { await withCheckedContinuation { continuation in self.state.withLock { $0.runs.append(player); $0.waiting.append(continuation) } } }
        }

        var runs: [Int64] { state.withLock { $0.runs } }

        /// Lets the reads waiting go, once `count` are.
        func release(count: Int) async throws {
            let deadline = Date() + 60
            while state.withLock({ $0.waiting.count }) < count {
                guard Date() < deadline else { Issue.record("\(count) reads never started: \(runs)"); return }
                try await Task.sleep(for: .milliseconds(2))
            }
            for continuation in state.withLock({ state in defer { state.waiting = [] }; return state.waiting }) { continuation.resume() }
        }
    }

    static func settled(_ readAhead: ReadAhead) async throws {
        let deadline = Date() + 60
        while readAhead.figures.reading > 0 {
            guard Date() < deadline else { Issue.record("reads ahead never ended"); return }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test func atMostTheLimitAreReadAtOnceAndASignalMeanwhileReadsOnceMoreAfter() async throws {
        let readAhead = ReadAhead(limit: 2)
        let held = HeldReads()
        readAhead.read(1, held.read(1))
        readAhead.read(2, held.read(2))
        readAhead.read(3, held.read(3))
        #expect(readAhead.figures.skipped == 1, "a third player past the limit is not read ahead")
        // Two more signals about player 1 while theirs is read: one read more, the latest.
        readAhead.read(1, held.read(11))
        readAhead.read(1, held.read(12))
        try await held.release(count: 2)
        try await held.release(count: 1)
        try await Self.settled(readAhead)
        #expect(held.runs.sorted() == [1, 2, 12])
        #expect(readAhead.figures.started == 3 && readAhead.figures.skipped == 1)
        // With the reads over, there is room again.
        readAhead.read(3, held.read(3))
        try await held.release(count: 1)
        try await Self.settled(readAhead)
        #expect(held.runs.sorted() == [1, 2, 3, 12])
    }

    /// After a write to a player's ledger, the store's signal of it has their session and
    /// progress read again: the next request is answered from what is kept, and shows the write.
    @Test(arguments: GameWorld.Store.allCases)
    func aStoreSignalAboutAPlayerReadsTheirSessionAndProgressAhead(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let hunt = world.hunt
        hunt.hear(.listening)
        let ada = try await world.player("ada")
        let token = try await hunt.openSession(for: try await world.account(ada)).accessToken
        let before = try #require(try await hunt.signedIn(accessToken: token))
        #expect(try await hunt.progress(playerID: ada, ownerVerified: true, playVersion: before.playVersion).unclaimedVouchers == 0)

        _ = try await world.unlock("qmu-free-coffee", for: ada)
        hunt.hear(.player(ada), readingAhead: true)
        try await Self.settled(hunt.readAhead)

        let (sessionsRead, progressRead) = (hunt.sessions.figures.missed, hunt.playCache.misses)
        let after = try #require(try await hunt.signedIn(accessToken: token))
        #expect(after.playVersion > before.playVersion)
        #expect(try await hunt.progress(playerID: ada, ownerVerified: true, playVersion: after.playVersion).unclaimedVouchers == 1)
        #expect((hunt.sessions.figures.missed, hunt.playCache.misses) == (sessionsRead, progressRead), "both were read ahead")

        // A request's own drop reads nothing ahead: the store's signal of the write will.
        let started = hunt.readAheadFigures.started
        hunt.hear(.player(ada))
        #expect(hunt.readAheadFigures.started == started)
        #expect(try await hunt.signedIn(accessToken: token) != nil)
        #expect(hunt.sessions.figures.missed == sessionsRead + 1)
    }
}
