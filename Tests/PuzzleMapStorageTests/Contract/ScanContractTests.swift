import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Scans decided and applied in one transaction, idempotent retries and check-ins, alike on
/// every store.
@Suite struct ScanContractTests {
    let start = ContractFixture.start

    /// A decision that `player` explores `place` for `xp` and answers how many events the
    /// player had before and how many vouchers were issued: `"<events>/<vouchers>"`.
    static func exploring(_ player: Int64, at place: String, on date: Date, xp: Int = 25, grants: [VoucherGrant] = [])
        -> @Sendable (ScanState) throws -> ScanEffect {
        { state in
            ScanEffect(event: .explored(by: player, at: place, xp: xp, on: date), grants: grants, outcome: "explored", flag: nil) { vouchers in
                Data("\(state.events.count)/\(vouchers.count)".utf8)
            }
        }
    }

    /// A decision that registers any check-in for `xp` at `date`, unlocking nothing.
    static func earning(_ xp: Int, at date: Date) -> @Sendable (PendingCheckIn, [GameEvent]) -> CheckInEffect<[Voucher]>? {
        { checkIn, _ in CheckInEffect(event: .checkedIn(by: checkIn.playerID, at: checkIn.checkpointID, xp: xp, on: date), grants: []) { $0 } }
    }

    static func text(_ answer: ScanAnswer) -> String { String(decoding: answer.answer, as: UTF8.self) }

    @Test(arguments: StorageBackend.allCases)
    func aScanAppliesItsEffectAndRecordsItsAnswerUnderItsKey(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let riddle = content.riddles[0]
            guard case .started(let attempt) = try await repository.ask(for: riddle, playerID: ada.id, category: .lab, at: start)
            else {
                Issue.record("no riddle")
                return
            }
            #expect(try await repository.storedScan(playerID: ada.id, idempotencyKey: "k1") == nil)
            let answer = try await repository.performScan(
                playerID: ada.id, checkpointID: riddle.checkpointID, idempotencyKey: "k1", requestDigest: "request", photo: nil, location: nil, photoWindow: 600,
                at: start + 60
            ) { state in
                #expect(state.active == [attempt])
                #expect(state.events.isEmpty)
                #expect(state.previousScan == nil)
                #expect(state.othersRecentPhotos.isEmpty)
                return ScanEffect(solvedAttemptID: attempt.id, event: .solved(by: ada.id, riddleID: riddle.id, at: riddle.checkpointID, xp: 150, hintsUsed: 2, on: start + 60), outcome: "solved", flag: .tooFast) { _ in
                    Data("solved".utf8)
                }
            }
            #expect(Self.text(answer) == "solved")
            #expect(answer.replayed == false)
            let stored = try #require(try await repository.storedScan(playerID: ada.id, idempotencyKey: "k1"))
            #expect(stored.answer == Data("solved".utf8))
            #expect(stored.replayed)
            #expect(try await repository.storedScan(playerID: ada.id + 1, idempotencyKey: "k1") == nil)

            let events = try await repository.events(playerID: ada.id)
            #expect(events.map(\.kind) == [.solved])
            #expect(events.first?.riddleID == riddle.id)
            #expect(events.first?.checkpointID == riddle.checkpointID)
            #expect(events.first?.hintsUsed == 2)
            #expect(events.first?.xp == 150)
            let closed = try #require(try await repository.attempt(id: attempt.id, playerID: ada.id))
            #expect(closed.outcome == .solved)
            #expect(closed.closedAt == start + 60)
            #expect(PlayerStanding.places(in: try await repository.events(playerID: ada.id)).solved == [riddle.checkpointID])

            // The next scan sees this one.
            _ = try await repository.performScan(
                playerID: ada.id, checkpointID: content.checkpoints[5].id, idempotencyKey: nil, requestDigest: "request", photo: nil, location: nil, photoWindow: 600,
                at: start + 90
            ) { state in
                #expect(state.previousScan?.checkpointID == riddle.checkpointID)
                #expect(state.previousScan?.at == start + 60)
                #expect(state.active.isEmpty)
                #expect(state.events == events)
                return ScanEffect(outcome: "wrong_place", flag: nil) { _ in Data() }
            }
            #expect(try await repository.events(playerID: ada.id) == events)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aRetryUnderTheSameKeyReplaysTheFirstAnswerWithoutApplyingAgain(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let place = content.checkpoints[1].id
            let first = try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: "key", requestDigest: "request", photo: nil, location: nil,
                                                         photoWindow: 600, at: start, decide: Self.exploring(ada.id, at: place, on: start))
            let retry = try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: "key", requestDigest: "another request",
                                                         photo: nil, location: nil, photoWindow: 600, at: start + 5) { _ in
                Issue.record("a replay must not decide again")
                return ScanEffect(outcome: "x", flag: nil) { _ in Data() }
            }
            #expect(Self.text(first) == "0/0")
            #expect(first.replayed == false)
            #expect(Self.text(retry) == "0/0")
            #expect(retry.replayed)
            // The answer remembers the request it was first given to, so a caller can tell a
            // retry from a key reused for something else.
            #expect(retry.requestDigest == "request")
            #expect(try await repository.storedScan(playerID: ada.id, idempotencyKey: "key")?.requestDigest == "request")
            #expect(try await repository.events(playerID: ada.id).count == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousUploadsUnderOneKeyExactlyOneIsApplied(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let place = content.checkpoints[1].id
            let answers = try await concurrently(20) { _ in
                try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: "same", requestDigest: "request", photo: nil, location: nil,
                                                 photoWindow: 600, at: start, decide: Self.exploring(ada.id, at: place, on: start))
            }
            #expect(answers.filter { !$0.replayed }.count == 1)
            #expect(answers.map(Self.text) == Array(repeating: "0/0", count: 20))
            #expect(try await repository.events(playerID: ada.id).count == 1)
            #expect(try await repository.standing(playerID: ada.id, period: .all, at: start) == (1, 25))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousScansOfOnePlayerEachSeeTheOnesBeforeAndABadgeOfferIsIssuedOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let offer = content.offers[1].id
            // From the third event on, every decision grants the badge's offer: it must be issued once.
            let answers = try await concurrently(10) { index in
                try await repository.performScan(
                    playerID: ada.id, checkpointID: content.checkpoints[index].id, idempotencyKey: "k\(index)", requestDigest: "request", photo: nil, location: nil,
                    photoWindow: 600, at: start + Double(index)
                ) { state in
                    let grants = state.events.count >= 2 ? [VoucherGrant(offerID: offer, expiresAt: start + 86_400)] : []
                    return try Self.exploring(ada.id, at: content.checkpoints[index].id, on: start + Double(index), grants: grants)(state)
                }
            }
            let parts: [[Substring]] = answers.map { Self.text($0).split(separator: "/") }
            let seen: [Int] = parts.map { Int($0[0])! }
            let issued: [Int] = parts.map { Int($0[1])! }
            #expect(seen.sorted() == Array(0..<10))
            #expect(issued.reduce(0, +) == 1)
            #expect(try await repository.vouchers(playerID: ada.id).map(\.offerID) == [offer])
            #expect(try await repository.events(playerID: ada.id).count == 10)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theDecisionSeesOtherPlayersPhotosOfThePlaceWithinTheWindow(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let place = content.checkpoints[0].id
            let photo = PhotoFingerprint(sha256: "aaaa", perceptual: 0xF0F0_F0F0_F0F0_F0F0)
            let location = ReportedLocation(coordinate: Coordinate(latitude: 55.8721, longitude: -4.2882), accuracyMetres: 8)
            _ = try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: nil, requestDigest: "request", photo: photo, location: location,
                                                 photoWindow: 600, at: start, decide: Self.exploring(ada.id, at: place, on: start))

            /// The photos the store hands the decision, in (sha256, perceptual) order: whether
            /// one is the same picture is the game's rule, not the store's. A scan shown any is
            /// flagged, to see the store keeps the decision's flag.
            func others(_ player: Int64, _ photo: PhotoFingerprint, at checkpoint: String, after seconds: Double) async throws -> [PhotoFingerprint] {
                let answer = try await repository.performScan(playerID: player, checkpointID: checkpoint, idempotencyKey: nil, requestDigest: "request", photo: photo,
                                                              location: nil, photoWindow: 600, at: start + seconds) { state in
                    let seen = try JSONEncoder().encode(state.othersRecentPhotos)
                    return ScanEffect(outcome: "checked", flag: state.othersRecentPhotos.isEmpty ? nil : .reusedPhoto) { _ in seen }
                }
                return try JSONDecoder().decode([PhotoFingerprint].self, from: answer.answer)
                    .sorted { ($0.sha256, $0.perceptual) < ($1.sha256, $1.perceptual) }
            }
            // The same player's own photos are not shown.
            #expect(try await others(ada.id, photo, at: place, after: 5) == [])
            // Both of Ada's uploads there, whatever Bob sends.
            #expect(try await others(bob.id, photo, at: place, after: 10) == [photo, photo])
            let nearly = PhotoFingerprint(sha256: "bbbb", perceptual: photo.perceptual ^ 0b1111)
            #expect(try await others(bob.id, nearly, at: place, after: 20) == [photo, photo])
            let further = PhotoFingerprint(sha256: "cccc", perceptual: photo.perceptual ^ 0b11111)
            #expect(try await others(bob.id, further, at: place, after: 30) == [photo, photo])
            // Only photos of the same place.
            #expect(try await others(bob.id, photo, at: content.checkpoints[1].id, after: 50) == [])
            #expect(try await others(ada.id, PhotoFingerprint(sha256: "cccc", perceptual: 0), at: place, after: 100) == [photo, nearly, further])
            // Only within the window: at +699 just Ada's upload at +100; at +700 not even that.
            #expect(try await others(bob.id, PhotoFingerprint(sha256: "dddd", perceptual: 0), at: place, after: 699)
                == [PhotoFingerprint(sha256: "cccc", perceptual: 0)])
            #expect(try await others(bob.id, PhotoFingerprint(sha256: "eeee", perceptual: 0), at: place, after: 700) == [])
            #expect(try await repository.statistics(at: start + 700).flaggedScans == 5)
        }
    }

    // MARK: Check-ins

    @Test(arguments: StorageBackend.allCases)
    func aCheckInIsRegisteredOnceWithItsVouchers(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let place = content.checkpoints[3].id
            let offer = content.offers[0].id
            _ = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: content.checkpoints[0].id, riddleID: nil, xp: 25,
                                                 at: start)
            _ = try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: nil, requestDigest: "request", photo: nil, location: nil,
                                                 photoWindow: 600, at: start + 10) { _ in
                ScanEffect(checkIn: (id: "ci-1", expiresAt: start + 600), outcome: "wrong_place", flag: nil) { _ in Data() }
            }
            #expect(try await repository.registerCheckIn(id: "ci-1", playerID: bob.id, at: start + 20, decide: Self.earning(10, at: start + 20)) == nil)
            let vouchers = try #require(try await repository.registerCheckIn(id: "ci-1", playerID: ada.id, at: start + 30) { checkIn, before in
                #expect(checkIn == PendingCheckIn(id: "ci-1", playerID: ada.id, checkpointID: place, expiresAt: start + 600))
                #expect(before.map(\.xp) == [25])
                return CheckInEffect(event: .checkedIn(by: ada.id, at: place, xp: 10, on: start + 30), grants: [VoucherGrant(offerID: offer, expiresAt: start + 86_400)]) { $0 }
            })
            let event = try #require(try await repository.events(playerID: ada.id).last)
            #expect(event == GameEvent(id: event.id, playerID: ada.id, kind: .checkedIn, checkpointID: place, riddleID: nil,
                                       xp: 10, hintsUsed: 0, occurredAt: start + 30))
            #expect(vouchers == [Voucher(id: vouchers[0].id, offerID: offer, playerID: ada.id, issuedAt: start + 30,
                                         expiresAt: start + 86_400, giftedBy: nil, redeemedAt: nil, redeemedBy: nil)])
            #expect(try await repository.vouchers(playerID: ada.id) == vouchers)
            #expect(try await repository.registerCheckIn(id: "ci-1", playerID: ada.id, at: start + 40, decide: Self.earning(10, at: start + 40)) == nil)
            #expect(try await repository.events(playerID: ada.id).count == 2)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func refusedCancelledOrReplacedCheckInsEarnNothing(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            func checkIn(_ id: String, at place: String, expiring: Date) async throws {
                _ = try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: nil, requestDigest: "request", photo: nil, location: nil,
                                                     photoWindow: 600, at: start) { _ in
                    ScanEffect(checkIn: (id: id, expiresAt: expiring), outcome: "wrong_place", flag: nil) { _ in Data() }
                }
            }
            // Refused by the game: nothing is written, and the check-in is gone.
            try await checkIn("refused", at: content.checkpoints[0].id, expiring: start + 60)
            #expect(try await repository.registerCheckIn(id: "refused", playerID: ada.id, at: start + 60) { _, _ -> CheckInEffect<[Voucher]>? in nil } == nil)
            #expect(try await repository.registerCheckIn(id: "refused", playerID: ada.id, at: start + 61, decide: Self.earning(10, at: start + 61)) == nil)

            try await checkIn("cancelled", at: content.checkpoints[1].id, expiring: start + 600)
            #expect(try await repository.cancelCheckIn(id: "cancelled", playerID: ada.id + 1) == false)
            #expect(try await repository.cancelCheckIn(id: "cancelled", playerID: ada.id))
            #expect(try await repository.cancelCheckIn(id: "cancelled", playerID: ada.id) == false)
            #expect(try await repository.registerCheckIn(id: "cancelled", playerID: ada.id, at: start + 1, decide: Self.earning(10, at: start + 1)) == nil)

            // A second check-in at one place replaces the first.
            try await checkIn("older", at: content.checkpoints[2].id, expiring: start + 600)
            try await checkIn("newer", at: content.checkpoints[2].id, expiring: start + 600)
            #expect(try await repository.cancelCheckIn(id: "older", playerID: ada.id) == false)

            #expect(try await repository.registerCheckIn(id: "newer", playerID: ada.id, at: start + 3, decide: Self.earning(10, at: start + 3)) != nil)
            #expect(try await repository.events(playerID: ada.id).map(\.checkpointID) == [content.checkpoints[2].id])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousRegistrationsOfOneCheckInExactlyOneCounts(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            _ = try await repository.performScan(playerID: ada.id, checkpointID: content.checkpoints[0].id, idempotencyKey: nil, requestDigest: "request", photo: nil,
                                                 location: nil, photoWindow: 600, at: start) { _ in
                ScanEffect(checkIn: (id: "ci", expiresAt: start + 600), outcome: "wrong_place", flag: nil) { _ in Data() }
            }
            let results = try await concurrently(10) { _ in
                try await repository.registerCheckIn(id: "ci", playerID: ada.id, at: start + 1, decide: Self.earning(10, at: start + 1))
            }
            #expect(results.compactMap { $0 }.count == 1)
            #expect(try await repository.events(playerID: ada.id).count == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func photosWithoutACodeAreCountedByTheNearestCheckpoint(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let here = content.checkpoints[2].coordinate
            try await repository.recordScanFailure(playerID: ada.id, reason: "no_code_found",
                                                   location: ReportedLocation(coordinate: here, accuracyMetres: 5), at: start)
            try await repository.recordScanFailure(playerID: ada.id, reason: "corrupt_image", location: nil, at: start)
            try await repository.recordScanFailure(playerID: ada.id, reason: "no_code_found",
                                                   location: ReportedLocation(coordinate: Coordinate(latitude: 0, longitude: 0), accuracyMetres: nil),
                                                   at: start)
            let failures = try await repository.statistics(at: start).decodeFailuresByCheckpoint
            #expect(failures == [content.checkpoints[2].id: 1, "unlocated": 2])
        }
    }
}
