import Foundation
@testable import PuzzleMapGame
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Progress and the map kept between requests under the play version read with the session
/// (`PlayCache`) are the truth: whatever a run of scans, hints, check-ins, gifts, redemptions,
/// voids and adjustments did, on either store, a kept answer equals a full replay of the ledger.
@Suite struct PlayVersionTests {
    /// A reproducible run of draws (SplitMix64), so a failing sequence can be replayed.
    struct Draws {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    /// Everything a progress answer says, in a form that compares whole.
    static func summary(_ progress: PlayerProgress) -> String {
        [
            "xp \(progress.xp) level \(progress.level) \(progress.levelProgress.current)/\(progress.levelProgress.needed)",
            "earned " + progress.earnedBadges.map { "\($0.badge.id)@\($0.earnedAt.timeIntervalSince1970)" }.joined(separator: ","),
            "locked " + progress.lockedBadges.map { "\($0.badge.id): \($0.howToEarn)" }.joined(separator: " | "),
            "solved " + progress.solvedByCategory.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ","),
            "visited \(progress.placesVisited) held \(progress.riddlesHeld) unclaimed \(progress.unclaimedVouchers)",
            "moderation \(progress.moderation)",
        ].joined(separator: "\n")
    }

    @Test(arguments: GameWorld.Store.allCases)
    func keptProgressAndMapsEqualAFullReplayAfterEveryChange(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let hunt = world.hunt
        let (ada, bob, quinn, olga) = (try await world.player("ada"), try await world.player("bob"), try await world.player("quinn"), try await world.player("olga"))
        try await world.verify(ada)
        try await world.verify(bob)
        _ = try await hunt.befriend(byCode: [hunt.friendCode(playerID: bob)], playerID: ada)
        let staff = try hunt.shopStaff(try await hunt.repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: "qmu-cafe"))
        let organiser = try #require(Organiser(try await hunt.repository.setRole(email: "olga@student.gla.ac.uk", role: .admin, partnerID: nil)))
        let players = [ada, bob]
        for player in players + [quinn, olga] {
            _ = try await hunt.repository.createSession(
                playerID: player, familyID: "f\(player)",
                tokens: NewSessionTokens(accessHash: "access-\(player)", refreshHash: "refresh-\(player)",
                                         accessExpiresAt: world.clock.now + 86_400 * 30, refreshExpiresAt: world.clock.now + 86_400 * 30),
                at: world.clock.now)
        }

        var draws = Draws(state: store == .sqlite ? 1 : 2)
        var kinds: [String: Int] = [:]
        for step in 0..<60 {
            // A minute between steps keeps every per-minute limit out of the way.
            world.clock.advance(by: 61)
            let player = players[draws.next(players.count)]
            let account = try await world.account(player)
            var kind = "nothing"
            do {
                switch draws.next(8) {
                case 0:
                    _ = try await hunt.askForRiddle(playerID: player, category: Category.allCases[draws.next(Category.allCases.count)])
                    kind = "ask"
                case 1:
                    guard let attempt = try await hunt.repository.activeAttempts(playerID: player).first else { break }
                    _ = try await world.scan(player, at: attempt.checkpointID)
                    kind = "solve"
                case 2:
                    _ = try await world.scan(player, at: hunt.content.checkpoints[draws.next(hunt.content.checkpoints.count)].id)
                    kind = "scan elsewhere"
                case 3:
                    guard let attempt = try await hunt.repository.activeAttempts(playerID: player).first else { break }
                    _ = try await hunt.takeHint(playerID: player, attemptID: attempt.id)
                    kind = "hint"
                case 4:
                    kind = "freebie, gift or redemption"
                    let voucher = try await world.unlock(["qmu-free-coffee", "guu-half-price-lunch"][draws.next(2)], for: player,
                                                         expiring: world.clock.now + 3600 * Double(1 + draws.next(48)))
                    switch draws.next(3) {
                    case 0: _ = try await hunt.giftVoucher(id: voucher.id, from: account, to: player == ada ? "bob" : "ada")
                    case 1: _ = try await hunt.redeem(codes: [hunt.code(of: voucher).qrText], by: staff)
                    default: break
                    }
                case 5:
                    _ = try await hunt.adjustXP(username: account.player.username, xp: draws.next(200) - 80, reason: "step \(step)", by: organiser)
                    kind = "adjustment"
                case 6:
                    let scans = try await hunt.repository.scans(playerID: player, limit: 20).filter { $0.voiding == nil }
                    guard !scans.isEmpty else { break }
                    _ = try await hunt.voidScan(id: scans[draws.next(scans.count)].id, reason: "step \(step)", by: organiser)
                    kind = "void"
                default:
                    guard let attempt = try await hunt.repository.activeAttempts(playerID: player).first else { break }
                    try await hunt.giveUp(playerID: player, attemptID: attempt.id)
                    kind = "give up"
                }
            } catch where String(describing: type(of: error)).hasSuffix("Refusal") {
                // The game said no (nothing to offer, a limit, a voucher of another partner): nothing changed.
                kind += " refused"
            }
            kinds[kind, default: 0] += 1
            // Hours pass too: freebies expire while nothing is written.
            if draws.next(4) == 0 { world.clock.advance(by: 3600 * Double(draws.next(30))) }

            // The same hunt keeping nothing yet: it replays every ledger whole.
            let replaying = hunt.reloading(hunt.content)
            for someone in players {
                let version = try #require(try await hunt.repository.signedIn(accessHash: "access-\(someone)", at: world.clock.now)).playVersion
                // Kept at the version, or carried forward from the version kept before.
                let kept = try await hunt.progress(playerID: someone, ownerVerified: true, playVersion: version)
                let keptMap = try await hunt.map(playerID: someone, playVersion: version).map(\.status)
                let replayed = try await replaying.progress(playerID: someone, ownerVerified: true)
                #expect(Self.summary(kept) == Self.summary(replayed), "step \(step) (\(kind)), player \(someone)")
                #expect(keptMap == (try await replaying.map(playerID: someone)).map(\.status), "step \(step) (\(kind)), player \(someone)")
                let account = try #require(try await hunt.repository.account(id: someone))
                #expect(try await hunt.vouchers(heldBy: account, playVersion: version) == (try await replaying.vouchers(heldBy: account)),
                        "step \(step) (\(kind)), player \(someone)")
            }
        }
        // The run changed state in every way it meant to, and answers came from what was kept.
        #expect(["solve", "scan elsewhere", "hint", "freebie, gift or redemption", "adjustment", "void"].allSatisfy { kinds[$0, default: 0] > 0 }, "\(kinds)")
        #expect(hunt.playCache.hits > 0 && hunt.playCache.misses > 0)
        // Each player's first read replayed their whole ledger, and so did the read after each
        // void; every other read carried forward what was kept.
        let figures = hunt.playCacheFigures
        #expect(figures.replayedWhole == players.count + kinds["void", default: 0], "\(kinds)")
        #expect(figures.carriedForward > 0)
    }

    /// A read that missed an event committed after a later one (ids are taken before commits,
    /// so on PostgreSQL a later event can be read first) is not carried forward past it: the
    /// events up to the last one read are counted again, and a count that differs from what was
    /// kept makes the whole ledger read.
    @Test(arguments: GameWorld.Store.allCases)
    func anEventCommittedAfterALaterOneWasReadIsNotMissed(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let hunt = world.hunt
        let ada = try await world.player("ada")
        for checkpoint in hunt.content.checkpoints.prefix(3) {
            world.clock.advance(by: 61)
            _ = try await world.scan(ada, at: checkpoint.id)
        }
        let state = try await hunt.repository.progressState(playerID: ada)
        #expect(state.events.count == 3)
        // What a read would have kept had the second event committed after the third was read.
        let read = [state.events[0], state.events[2]]
        let standing = PlayerStanding(events: read, content: hunt.content)
        let missing = PlayedState(playVersion: state.playVersion - 1, progress: hunt.progress(of: standing, moderation: []),
                                  vouchers: state.vouchers, standing: standing, ledger: LedgerRead().reading(read))
        let replaying = hunt.reloading(hunt.content)
        let fresh = hunt.reloading(hunt.content)
        fresh.playCache.keep(missing, playerID: ada, at: missing.playVersion)
        let progress = try await fresh.progress(playerID: ada, ownerVerified: true, playVersion: state.playVersion)
        #expect(Self.summary(progress) == Self.summary(try await replaying.progress(playerID: ada, ownerVerified: true)))
        #expect(progress.placesVisited == 3)
        #expect(try await fresh.map(playerID: ada, playVersion: state.playVersion).filter(\.isFound).count == 3)
        #expect(fresh.playCacheFigures.replayedWhole == 1 && fresh.playCacheFigures.carriedForward == 0)
    }

    /// A scan works out what it brings from the player's standing before it: what the hunt
    /// kept, carried forward by the events written since (here an organiser's adjustment), when
    /// the ledger read in the scan's transaction still holds every event it was made from; else
    /// the whole ledger replayed (here a standing made without an event committed late). Either
    /// way the answer tells the total, level and new badges a replay of the whole ledger gives.
    @Test(arguments: GameWorld.Store.allCases)
    func aScanCarriesWhatWasKeptOfThePlayerForwardOrReplaysTheLedger(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let hunt = world.hunt
        let ada = try await world.player("ada")
        _ = try await world.player("olga")
        let organiser = try #require(Organiser(try await hunt.repository.setRole(email: "olga@student.gla.ac.uk", role: .admin, partnerID: nil)))
        let places = hunt.content.checkpoints
        for checkpoint in places.prefix(3) {
            world.clock.advance(by: 61)
            _ = try await world.scan(ada, at: checkpoint.id)
        }
        world.clock.advance(by: 61)
        _ = try await hunt.adjustXP(username: "ada", xp: 40, reason: "A sign-up bonus", by: organiser)
        let events = try await hunt.repository.progressState(playerID: ada).events
        #expect(events.count == 4)
        for (index, kept) in [Array(events.prefix(3)), [events[0], events[2]]].enumerated() {
            let fresh = hunt.reloading(hunt.content)
            let standing = PlayerStanding(events: kept, content: hunt.content)
            fresh.playCache.keep(PlayedState(playVersion: 0, progress: fresh.progress(of: standing, moderation: []), vouchers: [], standing: standing,
                                             ledger: LedgerRead().reading(kept)), playerID: ada, at: 0)
            world.clock.advance(by: 61)
            let result = try await fresh.scan(ScanSubmission(texts: [try await world.typedCode(of: places[3 + index].id)]), playerID: ada,
                                              ownerVerified: false, idempotencyKey: nil, requestDigest: "")
            guard case .decided(let report) = result.outcome else { Issue.record("refused: \(result)"); return }
            #expect(report.kind == .explored)
            let figures = fresh.playCacheFigures
            #expect((figures.scansCarriedForward, figures.scansReplayedWhole) == (index == 0 ? (1, 0) : (0, 1)), "kept \(kept.count) of the events")
            let replayed = try await hunt.reloading(hunt.content).progress(playerID: ada, ownerVerified: true)
            #expect(report.standing.totalXP == replayed.xp, "kept \(kept.count) of the events")
            #expect(report.standing.level == replayed.level)
            #expect(report.standing.newBadges.map(\.id) == replayed.earnedBadges.filter { $0.earnedAt == world.clock.now }.map(\.badge.id))
        }
    }

    @Test(arguments: GameWorld.Store.allCases)
    func everyChangeToALedgerRiddleOrFreebieRaisesThePlayVersionWhicheverStatementMakesIt(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        var seen = try await world.hunt.repository.progressState(playerID: ada).playVersion
        func changed(_ what: String, _ body: () async throws -> Void) async throws {
            try await body()
            let now = try await world.hunt.repository.progressState(playerID: ada).playVersion
            #expect(now > seen, "\(what) raised ada's play version")
            seen = now
        }
        let bobBefore = try await world.hunt.repository.progressState(playerID: bob).playVersion
        try await changed("a riddle asked for") { _ = try await world.hunt.askForRiddle(playerID: ada, category: .social) }
        let attempt = try #require(try await world.hunt.repository.activeAttempts(playerID: ada).first)
        try await changed("a hint") { _ = try await world.hunt.takeHint(playerID: ada, attemptID: attempt.id) }
        try await changed("a solve") { _ = try await world.scan(ada, at: attempt.checkpointID) }
        let voucher = try await world.unlock("qmu-free-coffee", for: ada)
        #expect(try await world.hunt.repository.progressState(playerID: ada).playVersion > seen, "a freebie issued")
        seen = try await world.hunt.repository.progressState(playerID: ada).playVersion
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: bob)], playerID: ada)
        try await changed("a gift given") { _ = try await world.hunt.giftVoucher(id: voucher.id, from: world.account(ada), to: "bob") }
        #expect(try await world.hunt.repository.progressState(playerID: bob).playVersion > bobBefore, "a gift received")
        // Nothing else moves it: a friend, a quiz, a session.
        let settled = try await world.hunt.repository.progressState(playerID: ada).playVersion
        _ = try await world.player("cyd")
        _ = try await world.hunt.repository.createSession(
            playerID: ada, familyID: "f", tokens: NewSessionTokens(accessHash: "a", refreshHash: "r", accessExpiresAt: world.clock.now + 60,
                                                                   refreshExpiresAt: world.clock.now + 60), at: world.clock.now)
        #expect(try await world.hunt.repository.progressState(playerID: ada).playVersion == settled)
        #expect(try await world.hunt.repository.signedIn(accessHash: "a", at: world.clock.now)?.playVersion == settled)
    }

    /// The freebies list at a play version progress was kept at is what progress kept: the
    /// play cache answers it, and nothing is read.
    @Test(arguments: GameWorld.Store.allCases)
    func theFreebiesListAtAKeptPlayVersionIsAnsweredFromWhatWasKept(_ store: GameWorld.Store) async throws {
        let world = try await GameWorld(store: store)
        let ada = try await world.player("ada")
        let voucher = try await world.unlock("qmu-free-coffee", for: ada)
        let version = try await world.hunt.repository.progressState(playerID: ada).playVersion
        _ = try await world.hunt.progress(playerID: ada, ownerVerified: true, playVersion: version)
        let (hits, misses) = (world.hunt.playCache.hits, world.hunt.playCache.misses)
        #expect(try await world.hunt.vouchers(heldBy: world.account(ada), playVersion: version).map(\.voucher.id) == [voucher.id])
        #expect((world.hunt.playCache.hits, world.hunt.playCache.misses) == (hits + 1, misses))
    }
}
