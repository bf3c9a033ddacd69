import Foundation
import PuzzleMapCore
@testable import PuzzleMapGame
import PuzzleMapStorage
import Synchronization
import Testing

/// The sessions an instance keeps: only while signals are heard, dropped by any signal about
/// them, never kept from a read a signal overtook.
@Suite struct SignedInSessionsTests {
    static let start = Date(timeIntervalSince1970: 1_790_000_000)

    static func signedIn(player: Int64, session: Int64, version: Int64 = 1) -> SignedIn {
        let account = Account(player: Player(id: player, email: "p\(player)@student.gla.ac.uk", username: "p\(player)", displayName: "P\(player)", createdAt: start),
                              role: .player, partnerID: nil, emailVerifiedAt: nil, passwordHash: "x", deletedAt: nil)
        return SignedIn(session: Session(id: session, playerID: player, familyID: "f", accessExpiresAt: start + 900, refreshExpiresAt: start + 86_400),
                        account: account, playVersion: version)
    }

    @Test func nothingIsKeptUntilSignalsAreHeardNorAfterTheyAreLost() {
        let sessions = SignedInSessions()
        sessions.keep(Self.signedIn(player: 1, session: 10), for: "a", since: sessions.mark())
        #expect(sessions.kept("a", at: Self.start) == nil, "no signals yet: looked up every time")
        sessions.hear(.listening)
        sessions.keep(Self.signedIn(player: 1, session: 10), for: "a", since: sessions.mark())
        #expect(sessions.kept("a", at: Self.start)?.session.id == 10)
        #expect(sessions.kept("a", at: Self.start + 900) == nil, "an expired token is not kept")
        sessions.keep(Self.signedIn(player: 1, session: 10), for: "a", since: sessions.mark())
        sessions.hear(.lost)
        #expect(sessions.kept("a", at: Self.start) == nil)
        sessions.keep(Self.signedIn(player: 1, session: 10), for: "a", since: sessions.mark())
        #expect(sessions.kept("a", at: Self.start) == nil, "lost: nothing kept until heard again")
    }

    @Test func aSignalDropsWhatItNamesAndNothingElse() {
        let sessions = SignedInSessions()
        sessions.hear(.listening)
        for (token, player, session) in [("a", Int64(1), Int64(10)), ("b", 1, 11), ("c", 2, 20)] {
            sessions.keep(Self.signedIn(player: player, session: session), for: token, since: sessions.mark())
        }
        sessions.hear(.session(11))
        #expect(sessions.kept("a", at: Self.start) != nil && sessions.kept("b", at: Self.start) == nil && sessions.kept("c", at: Self.start) != nil)
        sessions.hear(.player(1))
        #expect(sessions.kept("a", at: Self.start) == nil && sessions.kept("c", at: Self.start) != nil)
        sessions.hear(.player(2))
        #expect(sessions.kept("c", at: Self.start) == nil)
        sessions.keep(Self.signedIn(player: 3, session: 30), for: "d", since: sessions.mark())
        sessions.hear(.anything)
        #expect(sessions.kept("d", at: Self.start) == nil && sessions.figures.kept == 0)
    }

    /// A player's play version moving alone leaves their sessions kept, at the new version (never
    /// an older one, whatever order the signals come in); a read under way is still not kept;
    /// what does not follow the version (friends) is dropped, and boards, which read totals, are
    /// dropped by a change of a total instead.
    @Test func aPlayVersionMovingAloneMovesTheKeptSessionsToItAndDropsWhatDoesNotFollowIt() {
        let sessions = SignedInSessions()
        sessions.hear(.listening)
        for (token, player, session) in [("a", Int64(1), Int64(10)), ("b", 1, 11), ("c", 2, 20)] {
            sessions.keep(Self.signedIn(player: player, session: session, version: 3), for: token, since: sessions.mark())
        }
        let mark = sessions.mark()
        #expect(sessions.hear(.played(1, version: 5)).isEmpty, "nothing dropped")
        #expect(sessions.kept("a", at: Self.start)?.playVersion == 5 && sessions.kept("b", at: Self.start)?.playVersion == 5)
        #expect(sessions.kept("c", at: Self.start)?.playVersion == 3, "another player's left as it was")
        sessions.hear(.played(1, version: 4))
        #expect(sessions.kept("a", at: Self.start)?.playVersion == 5, "never moved back")
        #expect(!sessions.keep(Self.signedIn(player: 1, session: 12, version: 4), for: "d", since: mark), "a read under way may be older")
        // The account itself changing still drops them.
        sessions.hear(.player(1))
        #expect(sessions.kept("a", at: Self.start) == nil && sessions.kept("b", at: Self.start) == nil)

        let friends = KeptUntilSignalled<Int64, [Int64]>(capacity: 10)
        friends.hear(.listening)
        friends.keep([2, 3], for: 1, players: [1, 2, 3], since: friends.mark())
        friends.keep([4], for: 4, players: [4], since: friends.mark())
        #expect(friends.hear(.played(2, version: 9)) == [1])
        #expect(friends.value(for: 1) == nil && friends.value(for: 4) == [4])

        // Boards read rows and totals, not play: a play version moving alone leaves them, a
        // total that moved drops the player's standing.
        let boards = KeptBoards()
        boards.hear(.listening)
        let standing = KeptBoards.StandingKey(player: 1, week: "2026-11-23")
        boards.standings.keep(BoardStanding(hidden: [], allTimeXP: 10, weekXP: 5), for: standing, players: [1], since: boards.standings.mark())
        boards.hear(.played(1, version: 7))
        #expect(boards.standings.value(for: standing) == BoardStanding(hidden: [], allTimeXP: 10, weekXP: 5))
        boards.hear(.scored(2, week: nil, xp: 40))
        #expect(boards.standings.value(for: standing) != nil, "another player's total")
        // Their own total moving drops it, to be read again (a signal heard late would set a
        // patched standing back).
        boards.hear(.scored(1, week: "2026-11-23", xp: 105))
        #expect(boards.standings.value(for: standing) == nil)
    }

    /// A read that started before a signal about its player (a write committed meanwhile) may
    /// hold what the write replaced: it answers its request but is not kept.
    @Test func aReadOvertakenByASignalAboutItIsNotKept() {
        let sessions = SignedInSessions()
        sessions.hear(.listening)
        let mark = sessions.mark()
        sessions.hear(.player(1))
        sessions.keep(Self.signedIn(player: 1, session: 10, version: 4), for: "a", since: mark)
        #expect(sessions.kept("a", at: Self.start) == nil)
        // A signal about someone else does not stop it.
        let again = sessions.mark()
        sessions.hear(.player(2))
        sessions.keep(Self.signedIn(player: 1, session: 10, version: 5), for: "a", since: again)
        #expect(sessions.kept("a", at: Self.start)?.playVersion == 5)
    }

    /// A value read from several players' rows (a player's friends with their play versions) is
    /// dropped by a signal about any one of them, and not kept from a read one was heard during.
    @Test func aValueReadFromSeveralPlayersIsDroppedByASignalAboutAnyOfThem() {
        let circles = KeptUntilSignalled<Int64, [Int64]>(capacity: 10)
        circles.hear(.listening)
        circles.keep([2, 3], for: 1, players: [1, 2, 3], since: circles.mark())
        circles.keep([1], for: 2, players: [2, 1], since: circles.mark())
        circles.keep([5], for: 4, players: [4, 5], since: circles.mark())
        circles.hear(.player(3))
        #expect(circles.value(for: 1) == nil && circles.value(for: 2) == [1] && circles.value(for: 4) == [5])
        circles.hear(.player(1))
        #expect(circles.value(for: 2) == nil && circles.value(for: 4) == [5])
        let mark = circles.mark()
        circles.hear(.player(5))
        circles.keep([5], for: 4, players: [4, 5], since: mark)
        #expect(circles.value(for: 4) == nil, "a friend changed while it was read")
        #expect(circles.figures.kept == 0)
    }

    /// A value read from every player's row (the top of a board) is dropped by a signal about
    /// any player, not by one about a session, and not kept from a read a player's change was
    /// heard during; values read from named players stay while others change.
    @Test func aValueReadFromEveryPlayerIsDroppedByASignalAboutAnyOfThem() async throws {
        let kept = KeptUntilSignalled<String, Int>(capacity: 10)
        kept.hear(.listening)
        let reads = Reads()
        func top() async throws -> Int {
            try await kept.value(for: "top", everyPlayer: true) { (reads.next(), []) }
        }
        #expect(try await top() == 1)
        #expect(try await top() == 1)
        kept.keep(7, for: "seven", players: [7], since: kept.mark())
        kept.hear(.session(3))
        #expect(try await top() == 1)
        kept.hear(.player(42))
        #expect(try await top() == 2, "read again after any player changed")
        #expect(kept.value(for: "seven") == 7)
        kept.hear(.player(42))
        let overtaken = try await kept.value(for: "top", everyPlayer: true) {
            kept.hear(.player(8))
            return (99, [])
        }
        #expect(overtaken == 99 && kept.value(for: "top") == nil, "a player changed while it was read")
        #expect(kept.figures.kept == 1)
    }

    /// Readers that miss together share one read of the store; one that comes after a signal
    /// the read under way could not have seen starts a read of its own, and is answered that.
    @Test func readersMissingTogetherShareOneReadUnlessASignalCameBetween() async throws {
        let kept = KeptUntilSignalled<String, Int>(capacity: 10)
        kept.hear(.listening)
        let reads = Reads()
        let top: @Sendable () async throws -> Int = {
            try await kept.value(for: "top", everyPlayer: true) {
                let read = reads.next()
                try await Task.sleep(for: .milliseconds(300))
                return (read, [])
            }
        }
        let together = (0..<20).map { _ in Task { try await top() } }
        var answers: [Int] = []
        for reader in together { answers.append(try await reader.value) }
        #expect(answers == Array(repeating: 1, count: 20) && reads.count == 1)
        #expect(try await top() == 1, "kept")

        kept.hear(.player(1))
        let first = Task { try await top() }
        while reads.count < 2 { try await Task.sleep(for: .milliseconds(5)) }
        let missed = kept.figures.missed
        let joining = Task { try await top() }
        while kept.figures.missed == missed { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(20))
        kept.hear(.player(2))
        let later = Task { try await top() }
        #expect(try await [first.value, joining.value, later.value] == [2, 2, 3], "the reader after the signal read again")
        #expect(reads.count == 3)
        #expect(try await top() == 3 && kept.figures.kept == 1)
    }

    /// A value read from every player is patched with the new values the store tells, kept or
    /// under way: a read under way lands with the patches heard meanwhile applied in order, is
    /// read again when one cannot be applied, and is answered and kept so.
    @Test func aValueReadFromEveryPlayerTakesThePatchesHeardWhileItIsRead() async throws {
        let kept = KeptUntilSignalled<String, Int>(capacity: 10)
        kept.hear(.listening)
        let reads = Reads()
        // A read that, the first `patching` times, hears patches while under way.
        func top(patching: Int = 0, _ patch: @escaping @Sendable (String, Int) -> Int?) async throws -> Int {
            try await kept.value(for: "top", everyPlayer: true) {
                let read = reads.next() * 100
                if reads.count <= patching { kept.hear(patching: patch) }
                return (read, [])
            }
        }
        #expect(try await top(patching: 1) { _, value in value + 1 } == 101, "the patch heard under way, applied")
        #expect(try await top { _, _ in nil } == 101 && reads.count == 1, "kept, patched")
        kept.hear(patching: { _, value in value * 2 })
        kept.hear(patching: { _, value in value + 3 })
        #expect(kept.value(for: "top") == 205, "a kept value patched in order")
        kept.hear(patching: { _, _ in nil })
        #expect(kept.value(for: "top") == nil, "dropped where a patch cannot be applied")
        // Under way, a patch that cannot be applied: read again, at most three times.
        #expect(try await top(patching: 3) { _, _ in nil } == 400 && reads.count == 4, "read again")
        #expect(kept.value(for: "top") == 400)
        kept.hear(.player(1))
        await #expect(throws: KeptUntilSignalled<String, Int>.Overtaken.self, "three reads, each overtaken: told so") {
            try await top(patching: 7) { _, _ in nil }
        }
        #expect(reads.count == 7 && kept.value(for: "top") == nil, "and nothing kept")
        // A read that one begun after a signal dropping it took the place of answers its own
        // readers with the patches heard before that signal.
        kept.hear(.player(2))
        let replaced = try await kept.value(for: "top", everyPlayer: true) {
            kept.hear(patching: { _, value in value + 5 })
            kept.hear(.player(3))
            return (try await kept.value(for: "top", everyPlayer: true) { (reads.next() * 100, []) } - 1, [])
        }
        #expect(replaced == 804 && kept.value(for: "top") == 800, "its read patched, unkept; the newer read's kept")
    }

    /// A value kept by play version (a friend's summary) that requests miss together is read
    /// once between them, kept, and read again for a newer version.
    @Test func requestsMissingAPlayVersionTogetherShareOneRead() async throws {
        let kept = KeptByPlayVersion<Int>()
        let reads = Reads()
        let summary: @Sendable (Int64) async throws -> Int = { version in
            try await kept.value(playerID: 7, at: version) {
                try await Task.sleep(for: .milliseconds(100))
                return reads.next()
            }
        }
        let together = (0..<20).map { _ in Task { try await summary(3) } }
        for request in together { #expect(try await request.value == 1) }
        #expect(reads.count == 1 && kept.entry(playerID: 7, at: 3) == 1)
        #expect(try await summary(4) == 2 && kept.entry(playerID: 7, at: 3) == nil)
    }
}

/// Counts the reads a test's store answers.
private final class Reads: Sendable {
    private let made = Atomic(0)

    func next() -> Int { made.add(1, ordering: .relaxed).newValue }
    var count: Int { made.load(ordering: .relaxed) }
}
