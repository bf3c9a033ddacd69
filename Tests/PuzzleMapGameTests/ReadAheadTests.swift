import Foundation
import PuzzleMapCore
@testable import PuzzleMapGame
import PuzzleMapStorage
import Synchronization
import Testing

/// What a store's signal about a player drops is read again in the background, so that their
/// next request finds it kept; never more than a few players at once.
@Suite struct ReadAheadTests {
    /// Reads held open until the test lets them go, each noting what it was asked to read;
    /// the sessions named in `unkept` are answered as read but not kept.
    final class HeldReads: Sendable {
        private let state = Mutex<(runs: [ReadAhead.Work], waiting: [CheckedContinuation<Void, Never>])>(([], []))
        let unkept: Set<String>

        init(unkept: Set<String> = []) {
            self.unkept = unkept
        }

        var read: @Sendable (ReadAhead.Work) async -> Set<String> {
            { work in
                await withCheckedContinuation { continuation in self.state.withLock { $0.runs.append(work); $0.waiting.append(continuation) } }
                return work.sessions.intersection(self.unkept)
            }
        }

        var runs: [ReadAhead.Work] { state.withLock { $0.runs } }

        /// Lets the reads waiting go, once `count` are.
        func release(count: Int) async throws {
            let deadline = Date() + 60
            while state.withLock({ $0.waiting.count }) < count {
                guard Date() < deadline else { Issue.record("\(count) reads never started: \(runs.count)"); return }
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

    static func sessions(_ hashes: String...) -> ReadAhead.Work {
        ReadAhead.Work(sessions: Set(hashes))
    }

    @Test func atMostTheLimitAreReadAtOnceTheNextWaitTheirTurnAndWhatIsAskedMeanwhileIsReadOnceMoreAfter() async throws {
        let readAhead = ReadAhead(limit: 2, waitingLimit: 2)
        let held = HeldReads()
        readAhead.read(1, Self.sessions("a"), with: held.read)
        readAhead.read(2, Self.sessions("b"), with: held.read)
        // Past the limit, two players wait their turn; a third finds no room and is not read ahead.
        readAhead.read(3, Self.sessions("c"), with: held.read)
        readAhead.read(4, Self.sessions("e"), with: held.read)
        readAhead.read(5, Self.sessions("f"), with: held.read)
        #expect(readAhead.figures.skipped == 1 && readAhead.figures.waiting == 2)
        // Asked again while waiting: one turn, of both.
        readAhead.read(3, Self.sessions("g"), with: held.read)
        #expect(readAhead.figures.skipped == 1 && readAhead.figures.waiting == 2)
        // Two more asks about player 1 while theirs is read: one read more, of both.
        readAhead.read(1, Self.sessions("d"), with: held.read)
        readAhead.read(1, ReadAhead.Work(progress: true), with: held.read)
        try await held.release(count: 2)
        // Player 1 again, and the first player waiting.
        try await held.release(count: 2)
        // Then the next player waiting.
        try await held.release(count: 1)
        try await Self.settled(readAhead)
        #expect(Set(held.runs.prefix(4).map { $0.sessions }) == [["a"], ["b"], ["d"], ["c", "g"]])
        #expect(held.runs.first { $0.sessions == ["d"] }?.progress == true)
        #expect(held.runs.last?.sessions == ["e"])
        #expect(readAhead.figures.started == 5 && readAhead.figures.skipped == 1 && readAhead.figures.waiting == 0)
        // With the reads over, there is room again; nothing to read starts nothing.
        readAhead.read(5, ReadAhead.Work(), with: held.read)
        readAhead.read(5, Self.sessions("f"), with: held.read)
        try await held.release(count: 1)
        try await Self.settled(readAhead)
        #expect(held.runs.count == 6 && readAhead.figures.started == 6)
    }

    /// A read that could not keep a session (a signal about its player overtook it) reads it
    /// again with what that signal asked, even when the signal found nothing left to drop.
    @Test func whatAReadCouldNotKeepIsReadAgainWithTheSignalThatStoppedIt() async throws {
        let readAhead = ReadAhead()
        let held = HeldReads(unkept: ["a"])
        readAhead.read(1, Self.sessions("a"), with: held.read)
        readAhead.read(1, ReadAhead.Work(), with: held.read)
        try await held.release(count: 1)
        try await held.release(count: 1)
        // The second read could not keep it either, but no signal came meanwhile: it ends.
        try await Self.settled(readAhead)
        #expect(held.runs.map(\.sessions) == [["a"], ["a"]])
        // Without a signal meanwhile, what was not kept is not read again.
        readAhead.read(2, Self.sessions("a"), with: held.read)
        try await held.release(count: 1)
        try await Self.settled(readAhead)
        #expect(held.runs.count == 3)
    }

    /// A read asked again while one is under way runs with the reader it was last asked with:
    /// after a content reload, the new hunt's, whose kept progress the next request looks in.
    @Test func aReadAskedAgainWhileOneIsUnderWayRunsWithTheLatestReader() async throws {
        let readAhead = ReadAhead()
        let (before, after) = (HeldReads(), HeldReads())
        readAhead.read(1, Self.sessions("a"), with: before.read)
        readAhead.read(1, ReadAhead.Work(progress: true), with: after.read)
        try await before.release(count: 1)
        try await after.release(count: 1)
        try await Self.settled(readAhead)
        #expect(before.runs.map(\.sessions) == [["a"]])
        #expect(after.runs.map(\.progress) == [true])
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

        // A request whose write changed nothing of its player's (a scan of a place visited
        // before) drops nothing: what is kept of them stays, their friends as well as their session.
        hunt.friendCircles.keep([], for: ada, players: [ada], since: hunt.friendCircles.mark())
        await hunt.forgetKept(afterWriteIn: after)
        #expect(hunt.friendCircles.value(for: ada) != nil)
        #expect(try await hunt.signedIn(accessToken: token) != nil)
        #expect(hunt.sessions.figures.missed == sessionsRead)
        // One in a session not kept here (another of the player's, or one it just signed out)
        // drops what is kept of them.
        var elsewhere = after
        elsewhere.session.id += 1_000
        await hunt.forgetKept(afterWriteIn: elsewhere)
        #expect(hunt.friendCircles.value(for: ada) == nil)
        try await Self.settled(hunt.readAhead)
        let kept = try #require(try await hunt.signedIn(accessToken: token))
        #expect(hunt.sessions.figures.missed == sessionsRead, "the player's sessions read again in the background")

        // One that changed their play, its signal not heard yet: dropped, and the session read
        // back at the new version before the answer leaves.
        func adjust() async throws {
            _ = try await hunt.repository.adjustXP(.adjusted(ada, xp: 5, reason: "A sticker fixed", on: world.clock.now),
                                                   audit: AuditRecord(actorID: nil, actorName: "olive", action: .xpAdjusted, subject: "player", detail: "test"))
        }
        hunt.friendCircles.keep([], for: ada, players: [ada], since: hunt.friendCircles.mark())
        try await adjust()
        await hunt.forgetKept(afterWriteIn: kept)
        #expect(hunt.friendCircles.value(for: ada) == nil)
        let latest = try #require(try await hunt.signedIn(accessToken: token))
        #expect(latest.playVersion > kept.playVersion)
        #expect(hunt.sessions.figures.missed == sessionsRead, "read back")
        // One whose play version's signal was heard first (the kept session follows it) still
        // drops what does not follow it: the player's boards and friends show their write next.
        hunt.friendCircles.keep([], for: ada, players: [ada], since: hunt.friendCircles.mark())
        try await adjust()
        let moved = try await hunt.repository.progressState(playerID: ada).playVersion
        hunt.hear(.played(ada, version: moved))
        #expect(try await hunt.signedIn(accessToken: token)?.playVersion == moved)
        await hunt.forgetKept(afterWriteIn: latest)
        #expect(hunt.friendCircles.value(for: ada) == nil)
    }
}
