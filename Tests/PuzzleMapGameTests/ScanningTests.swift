import Foundation
import Logging
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// A clock the tests move by hand.
final class PinnedClock: @unchecked Sendable {
    // Guarded by the lock.
    private let lock = NSLock()
    private var current = Date(timeIntervalSince1970: 1_795_521_600)  // Tuesday 24 November 2026, noon UTC

    var now: Date { lock.withLock { current } }
    func advance(by seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// The sample campus on an in-memory store, with a pinned clock and seeded draws.
struct GameWorld {
    let hunt: Hunt
    let clock = PinnedClock()

    /// Where a world keeps its state: in memory, or in a fresh schema on the PostgreSQL server
    /// `PUZZLEMAP_TEST_POSTGRES_URL` names (`make test` starts one).
    enum Store: String, CaseIterable, Sendable {
        case sqlite, postgres

        func repository(weeks: CampusWeek) async throws -> any HuntRepository {
            switch self {
            case .sqlite:
                return try SQLiteHuntRepository.inMemory(weeks: weeks)
            case .postgres:
                let url = try #require(ProcessInfo.processInfo.environment["PUZZLEMAP_TEST_POSTGRES_URL"], "run `make test`, which starts PostgreSQL")
                var logger = Logger(label: "game-tests")
                logger.logLevel = .error
                let schema = "game_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
                return try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 4, weeks: weeks,
                                                                limits: .unhurried, logger: logger)
            }
        }
    }

    init(store: Store = .sqlite, limits adjust: (inout GameLimits) -> Void = { _ in }) async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var content = try ContentReader(campusDirectory: root.appendingPathComponent("Campus").path,
                                        riddlesDirectory: root.appendingPathComponent("Riddles").path).load().get()
        adjust(&content.rules.limits)
        let repository = try await store.repository(weeks: content.weeks)
        let secrets = try #require(ServiceSecrets(tagKeyData: Data(repeating: 7, count: 32), tokenKeyData: Data(repeating: 9, count: 32)))
        let clock = clock
        let importedAt = clock.now
        _ = try await repository.importContent(at: importedAt, audit: nil) { [content] stored in ContentImport(importing: content, over: stored, at: importedAt) }
        hunt = Hunt(repository: repository, content: content, secrets: secrets, random: .seeded(7), now: { clock.now })
    }

    /// A player who has taken the quiz.
    func player(_ username: String) async throws -> Int64 {
        let account = try await hunt.repository.createAccount(
            email: "\(username)@student.gla.ac.uk", username: username, displayName: username, passwordHash: "$argon2id$x",
            verificationCodeHash: "code", verificationExpiresAt: clock.now + 3600,
            mail: MailDraft(recipient: "\(username)@student.gla.ac.uk", subject: "Welcome", body: "Hi"), at: clock.now
        )
        try await hunt.repository.saveQuiz(playerID: account.player.id, result: QuizResult(answers: [:], profile: TraitProfile(scores: [:]), takenAt: clock.now))
        return account.player.id
    }

    /// The code typed from under a checkpoint's sticker.
    func typedCode(of checkpointID: String) async throws -> String {
        let stored = try #require(try await hunt.repository.checkpoints(includingRetired: false).first { $0.id == checkpointID })
        return TagSigner(secrets: hunt.secrets).manualCode(for: TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion))
    }

    /// The link a checkpoint's QR code holds.
    func link(of checkpointID: String) async throws -> String {
        let stored = try #require(try await hunt.repository.checkpoints(includingRetired: false).first { $0.id == checkpointID })
        return TagSigner(secrets: hunt.secrets).qrText(for: TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion),
                                                       baseURL: "https://hunt.example.ac.uk")
    }

    func scan(_ playerID: Int64, at checkpointID: String, photo: PhotoFingerprint? = nil, key: String? = nil, digest: String = "") async throws -> ScanResult {
        try await hunt.scan(ScanSubmission(texts: [try await typedCode(of: checkpointID)], photo: photo), playerID: playerID, ownerVerified: false,
                            idempotencyKey: key, requestDigest: digest)
    }
}

@Suite struct ScanningTests {
    @Test func solvingTheHeldRiddlePaysItsRewardOnceAndARetryIsAnsweredTheSame() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        let (held, isNew) = try await world.hunt.askForRiddle(playerID: ada, category: .lab)
        #expect(isNew)
        // The seeded draw is a medium riddle: game.yaml pays 150 XP for it, with no hint.
        #expect(held.riddle.difficulty == .medium)
        let reward = 150

        // Decided at an instant no whole millisecond names: the first answer is the outcome
        // itself, the retry's is decoded from the bytes kept, and the two must be equal.
        world.clock.advance(by: 0.123_456_789)
        let first = try await world.scan(ada, at: held.riddle.checkpointID, key: "k1", digest: "upload")
        guard case .decided(let report) = first.outcome else { Issue.record("refused: \(first)"); return }
        #expect(report.kind == .solved)
        #expect(report.standing.xpAwarded == reward)
        #expect(report.standing.totalXP == reward)
        #expect(report.insider == held.riddle.insider)
        #expect(first.replayed == false)

        let retry = try #require(try await world.hunt.replayedScan(playerID: ada, idempotencyKey: "k1", requestDigest: "upload"))
        #expect(retry == ScanResult(outcome: first.outcome, replayed: true))
        await #expect(throws: GameRefusal.idempotencyKeyReused) {
            try await world.hunt.replayedScan(playerID: ada, idempotencyKey: "k1", requestDigest: "another upload")
        }
        let again = try await world.scan(ada, at: held.riddle.checkpointID)
        guard case .decided(let second) = again.outcome else { Issue.record("refused: \(again)"); return }
        #expect(second.kind == .alreadyVisited)
        #expect(second.standing.xpAwarded == 0)
        #expect(try await world.hunt.repository.events(playerID: ada).map(\.xp) == [reward])
    }

    @Test func anIdempotencyKeyOfNoneOrMoreThanTwoHundredBytesIsRefusedBeforeAnythingIsCounted() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        let place = world.hunt.content.checkpoints[0].id
        await #expect(throws: GameRefusal.invalidIdempotencyKey(length: 0)) { try await world.scan(ada, at: place, key: "") }
        // Two hundred and one bytes: a hundred two-byte letters and one more.
        await #expect(throws: GameRefusal.invalidIdempotencyKey(length: 201)) {
            try await world.hunt.scan(playerID: ada, ownerVerified: false, idempotencyKey: String(repeating: "é", count: 100) + "k",
                                      requestDigest: "") {
                Issue.record("a refused key must not read the photo")
                return ScanSubmission(texts: [])
            }
        }
        #expect(try await world.hunt.repository.countEvent(key: "scan:\(ada)", window: 60, at: world.clock.now) == 1)
        let accepted = try await world.scan(ada, at: place, key: String(repeating: "k", count: 200))
        #expect(accepted.replayed == false)
    }

    @Test func anotherPlayersPhotoOfTheSameCodeScoresNothing() async throws {
        let world = try await GameWorld()
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        let place = world.hunt.content.checkpoints[0].id
        let photo = PhotoFingerprint(sha256: "ada's photo", perceptual: 0xF0F0_F0F0_F0F0_F0F0)
        guard case .decided(let explored) = try await world.scan(ada, at: place, photo: photo).outcome else { Issue.record("refused"); return }
        #expect(explored.kind == .explored)
        #expect(explored.standing.xpAwarded == 25, "game.yaml's explore XP")

        world.clock.advance(by: 60)
        let resent = PhotoFingerprint(sha256: "re-encoded", perceptual: photo.perceptual ^ 0b101)
        #expect(try await world.scan(bob, at: place, photo: resent).outcome == .photoAlreadyUsed)
        #expect(try await world.hunt.repository.events(playerID: bob).isEmpty)

        // After the window of `limits.photoReuseHours`, the same picture is no longer anyone's.
        world.clock.advance(by: TimeInterval(world.hunt.limits.photoReuseHours * 3600))
        #expect(try await world.scan(bob, at: place, photo: resent).outcome.label == "explored")
    }

    @Test func aWrongPlaceCheckInPaysOnceWithinItsWindowAndNotAfter() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        _ = try await world.hunt.askForRiddle(playerID: ada, category: .lab)
        let elsewhere = try #require(world.hunt.content.checkpoints.first { $0.category != .lab })
        guard case .decided(let wrong) = try await world.scan(ada, at: elsewhere.id).outcome, let checkIn = wrong.checkIn else {
            Issue.record("no check-in"); return
        }
        #expect(wrong.kind == .wrongPlace)
        #expect(checkIn.expiresAt == world.clock.now + 15 * 60)
        #expect(try await world.hunt.repository.events(playerID: ada).isEmpty)

        let registered = try await world.hunt.registerCheckIn(id: checkIn.id, playerID: ada)
        #expect(registered.xpAwarded == world.hunt.content.rules.checkInXP)
        await #expect(throws: GameRefusal.checkInNotFound(lifetimeMinutes: 15)) {
            try await world.hunt.registerCheckIn(id: checkIn.id, playerID: ada)
        }

        // Another wrong place, registered too late: nothing.
        let another = try #require(world.hunt.content.checkpoints.first { $0.category != .lab && $0.id != elsewhere.id })
        guard case .decided(let late) = try await world.scan(ada, at: another.id).outcome, let lapsing = late.checkIn else {
            Issue.record("no check-in"); return
        }
        world.clock.advance(by: 15 * 60)
        await #expect(throws: GameRefusal.checkInNotFound(lifetimeMinutes: 15)) {
            try await world.hunt.registerCheckIn(id: lapsing.id, playerID: ada)
        }
        #expect(try await world.hunt.repository.events(playerID: ada).map(\.kind) == [.checkedIn])
    }

    @Test func theScanLimitAndTheCheckInWindowComeFromTheGameFile() async throws {
        let world = try await GameWorld { limits in
            limits.scansPerMinute = 2
            limits.checkInMinutes = 5
        }
        let ada = try await world.player("ada")
        try await world.hunt.admitScan(playerID: ada)
        try await world.hunt.admitScan(playerID: ada)
        await #expect(throws: GameRefusal.tooManyScans(retryAfter: 60)) { try await world.hunt.admitScan(playerID: ada) }

        _ = try await world.hunt.askForRiddle(playerID: ada, category: .lab)
        let elsewhere = try #require(world.hunt.content.checkpoints.first { $0.category != .lab })
        guard case .decided(let wrong) = try await world.scan(ada, at: elsewhere.id).outcome else { Issue.record("refused"); return }
        #expect(wrong.checkIn?.expiresAt == world.clock.now + 5 * 60)
    }

    @Test func forgedCodesCountTowardsTheirOwnLowerLimit() async throws {
        let world = try await GameWorld { $0.failedCodesPerWindow = 2 }
        let ada = try await world.player("ada")
        let genuine = try await world.link(of: world.hunt.content.checkpoints[0].id)
        let forged = String(genuine.dropLast()) + (genuine.hasSuffix("0") ? "1" : "0")
        for _ in 0..<2 {
            await #expect(throws: GameRefusal.invalidCode) {
                try await world.hunt.scan(ScanSubmission(texts: [forged]), playerID: ada, ownerVerified: false, idempotencyKey: nil, requestDigest: "")
            }
        }
        // The limit is reached: even the genuine code waits out the window.
        await #expect(throws: GameRefusal.tooManyScans(retryAfter: 600)) {
            try await world.hunt.scan(ScanSubmission(texts: [genuine]), playerID: ada, ownerVerified: false, idempotencyKey: nil, requestDigest: "")
        }
    }
}
