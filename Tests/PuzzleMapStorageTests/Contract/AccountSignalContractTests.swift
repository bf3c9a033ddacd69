import Foundation
import PuzzleMapCore
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// What changes of sessions and accounts is signalled as it commits, alike on every store, for
/// the sessions an instance keeps: a revoked or refreshed session, an account's own change, and
/// the play version a ledger write bumps (by the store's triggers, not the statement itself),
/// with the version, and the player's total it changes.
@Suite struct AccountSignalContractTests {
    let start = ContractFixture.start

    /// The next signals until `expected` is heard, or none within five seconds.
    static func hears(_ expected: AccountSignal, from signals: inout AsyncStream<AccountSignal>.Iterator) async -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            guard let signal = await signals.next() else { return false }
            if signal == expected { return true }
        }
        return false
    }

    /// The next signals until every one of `expected` is heard, in any order, or five seconds pass.
    static func hearsAll(_ expected: Set<AccountSignal>, from signals: inout AsyncStream<AccountSignal>.Iterator) async -> Bool {
        var missing = expected
        let deadline = ContinuousClock.now + .seconds(5)
        while !missing.isEmpty, ContinuousClock.now < deadline {
            guard let signal = await signals.next() else { return false }
            missing.remove(signal)
        }
        return missing.isEmpty
    }

    /// Every total on the boards that moves is told with its new value, the player's and how
    /// many hold it, so that what an instance keeps of the boards is patched rather than read
    /// again: one commit moving several players tells each, a total left by its last player is
    /// held by none, and a commit that moves no total (XP of 0) tells nothing of totals.
    @Test(arguments: StorageBackend.allCases)
    func eachTotalThatMovesIsToldWithItsNewValue(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let audit = AuditRecord(actorID: nil, actorName: "olive", action: .xpAdjusted, subject: "player", detail: "test")
            _ = try await repository.adjustXP(.adjusted(ada.id, xp: 40, reason: "Fixed a sticker", on: start), audit: audit)
            var signals = repository.accountSignals().makeAsyncIterator()
            #expect(await Self.hears(.listening, from: &signals), "signals flow first")

            _ = try await repository.adjustXP(.adjusted(bob.id, xp: 40, reason: "Helped a fresher", on: start + 1), audit: audit)
            #expect(await Self.hearsAll([.scored(bob.id, week: nil, xp: 40), .tallied(week: nil, xp: 40, players: 2)], from: &signals))
            _ = try await repository.adjustXP(.adjusted(ada.id, xp: 60, reason: "Found a lost phone", on: start + 2), audit: audit)
            #expect(await Self.hearsAll([.scored(ada.id, week: nil, xp: 100), .tallied(week: nil, xp: 40, players: 1),
                                         .tallied(week: nil, xp: 100, players: 1)], from: &signals))
            _ = try await repository.adjustXP(.adjusted(bob.id, xp: -40, reason: "Scanned a photo of a sticker", on: start + 3), audit: audit)
            #expect(await Self.hearsAll([.scored(bob.id, week: nil, xp: 0), .tallied(week: nil, xp: 40, players: 0),
                                         .tallied(week: nil, xp: 0, players: 1)], from: &signals))
            // Nothing moved: after what was told before (up to a change of bob's account, heard in
            // commit order), the next signal is the account's own change, no total.
            _ = try await repository.setRole(email: "bob@student.gla.ac.uk", role: .admin, partnerID: nil)
            #expect(await Self.hears(.player(bob.id), from: &signals))
            _ = try await repository.adjustXP(.adjusted(ada.id, xp: 0, reason: "Noted, nothing owed", on: start + 4), audit: audit)
            _ = try await repository.setRole(email: "ada@student.gla.ac.uk", role: .admin, partnerID: nil)
            var next = await signals.next()
            while case .played? = next { next = await signals.next() }
            #expect(next == .player(ada.id))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aSessionRevokedAnAccountChangedAndALedgerWriteAreEachSignalledOnceCommitted(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let session = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            var signals = repository.accountSignals().makeAsyncIterator()
            #expect(await Self.hears(.listening, from: &signals), "signals flow first")

            try await repository.revokeSession(id: session.id, at: start + 1)
            #expect(await Self.hears(.session(session.id), from: &signals))
            _ = try await repository.setRole(email: "bob@student.gla.ac.uk", role: .admin, partnerID: nil)
            #expect(await Self.hears(.player(bob.id), from: &signals))
            // Adding to the ledger changes no column of the player's row by itself: the play
            // version the store bumps with it does, and that is heard with the version as
            // committed, as a move of the play version alone (the account is as it was).
            _ = try await repository.adjustXP(.adjusted(ada.id, xp: 40, reason: "Fixed a sticker", on: start + 2),
                                              audit: AuditRecord(actorID: nil, actorName: "olive", action: .xpAdjusted, subject: "player", detail: "test"))
            // With it, the player's total on the boards changed.
            let version = try await repository.progressState(playerID: ada.id).playVersion
            #expect(version > 0)
            #expect(await Self.hears(.played(ada.id, version: version), from: &signals))
            // With it, the player's totals on the boards moved, each told with its new value, and
            // how many players hold each total.
            let week = CampusWeek.utc.start(of: start + 2)
            #expect(await Self.hearsAll([.scored(ada.id, week: nil, xp: 40), .scored(ada.id, week: week, xp: 40),
                                         .tallied(week: nil, xp: 40, players: 1), .tallied(week: week, xp: 40, players: 1)], from: &signals))
            // A change of the account itself is heard as such, never as a play version alone.
            _ = try await repository.setRole(email: "ada@student.gla.ac.uk", role: .admin, partnerID: nil)
            #expect(await signals.next() == .player(ada.id))
        }
    }

    /// A friendship made or ended, or a block, is heard as a change of both players, by the rows
    /// the store's triggers touch: what an instance keeps of their friends and boards is
    /// dropped everywhere.
    @Test(arguments: StorageBackend.allCases)
    func aFriendshipOrABlockIsSignalledForBothPlayers(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let cyd = try await repository.signUp("cyd")
            var signals = repository.accountSignals().makeAsyncIterator()
            #expect(await Self.hears(.listening, from: &signals), "signals flow first")

            #expect(try await repository.requestFriend(from: ada.id, to: bob.id, mutual: true, at: start) == .befriended)
            var heard = Set<AccountSignal>()
            for _ in 0..<2 { if let signal = await signals.next() { heard.insert(signal) } }
            #expect(heard == [.player(ada.id), .player(bob.id)])
            // Blocking ends the friendship: both are heard again, and nobody else.
            try await repository.block(blocker: bob.id, blocked: ada.id, at: start + 1)
            heard = []
            for _ in 0..<2 { if let signal = await signals.next() { heard.insert(signal) } }
            #expect(heard == [.player(ada.id), .player(bob.id)])
            #expect(!heard.contains(.player(cyd.id)))
            // A block between strangers, made and lifted, is heard as both of them too: who is
            // hidden from whom on the boards changed.
            try await repository.block(blocker: cyd.id, blocked: ada.id, at: start + 2)
            heard = []
            for _ in 0..<2 { if let signal = await signals.next() { heard.insert(signal) } }
            #expect(heard == [.player(ada.id), .player(cyd.id)])
            #expect(try await repository.unblock(blocker: cyd.id, blocked: ada.id))
            heard = []
            for _ in 0..<2 { if let signal = await signals.next() { heard.insert(signal) } }
            #expect(heard == [.player(ada.id), .player(cyd.id)])
        }
    }

    /// Another process writing to the SQLite file (`puzzlemap admin` on the server, a second
    /// `serve`) commits on a connection of its own, whose changes this process's observer never
    /// sees: its writer's data version moves instead, and everything kept is forgotten at the
    /// next look.
    @Test func anotherProcessWritingTheSQLiteFileIsHeardAsAnything() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let service = try SQLiteHuntRepository.open(path: "\(directory)/hunt.sqlite")
        let tool = try SQLiteHuntRepository.open(path: "\(directory)/hunt.sqlite")
        let ada = try await service.signUp("ada")
        var signals = service.accountSignals().makeAsyncIterator()
        #expect(await Self.hears(.listening, from: &signals))
        _ = try await tool.setRole(email: "ada@student.gla.ac.uk", role: .admin, partnerID: nil)
        // Heard at the next look (a tenth of a second on an idle machine; the suite's machine is not idle).
        #expect(await Self.hears(.anything, from: &signals))
        // The service's own write is named, not "anything".
        _ = try await service.setRole(email: "ada@student.gla.ac.uk", role: .player, partnerID: nil)
        #expect(await signals.next() == .player(ada.id))
        try await tool.close()
        try await service.close()
    }
}
