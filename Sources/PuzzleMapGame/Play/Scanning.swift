import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A photo refused before any code was looked for (unreadable, too large, the reader failed),
/// noted for organisers under its `reason`.
public protocol UnreadablePhoto: Error {
    var reason: String { get }
}

/// Scanning a checkpoint: a photo's codes or a typed code become a verdict, XP, badges and
/// vouchers, exactly once per idempotency key.
extension Hunt {
    /// A scan from upload to answer, as the API and the pages both take it: a retry under the
    /// same key is answered with the first answer, the per-minute limit is counted before the
    /// photo is read (`reading`), an unreadable photo is noted, then the scan is decided.
    public func scan(
        playerID: Int64, ownerVerified: Bool, idempotencyKey: String?, requestDigest: String,
        reading: () async throws -> ScanSubmission
    ) async throws -> ScanResult {
        try Self.check(idempotencyKey: idempotencyKey)
        if let idempotencyKey, let earlier = try await replayedScan(playerID: playerID, idempotencyKey: idempotencyKey, requestDigest: requestDigest) {
            return earlier
        }
        // A suspended player scores nothing: refused before the photo costs any decoding.
        let guestEvent = try await requireInGoodStanding(playerID: playerID)
        try await admitScan(playerID: playerID)
        let submission: ScanSubmission
        do {
            submission = try await reading()
        } catch let photo as any UnreadablePhoto {
            try await recordUnreadablePhoto(playerID: playerID, reason: photo.reason, location: nil)
            throw photo
        }
        return try await scan(submission, playerID: playerID, ownerVerified: ownerVerified, guestOf: guestEvent, idempotencyKey: idempotencyKey,
                              requestDigest: requestDigest)
    }

    /// A key has 1 to 200 UTF-8 bytes: enough for any UUID or client's scheme, and refused
    /// rather than cut, so two long keys never end up naming one scan. `scan` checks it; a
    /// caller that reads the request to digest it first may check before reading.
    public static func check(idempotencyKey: String?) throws {
        if let idempotencyKey, !(1...200).contains(idempotencyKey.utf8.count) {
            throw GameRefusal.invalidIdempotencyKey(length: idempotencyKey.utf8.count)
        }
    }

    /// The scan already answered under this key, if there is one; refused when the key comes
    /// back with a different request (a client's bug, not a retry).
    public func replayedScan(playerID: Int64, idempotencyKey: String, requestDigest: String) async throws -> ScanResult? {
        guard let stored = try await repository.storedScan(playerID: playerID, idempotencyKey: idempotencyKey) else { return nil }
        return try result(of: stored, requestDigest: requestDigest)
    }

    /// The answer the player's scan under this key was given, for its own page (reloaded, or
    /// reached again by Back); `nil` when no scan of theirs has the key.
    public func scanResult(playerID: Int64, idempotencyKey: String) async throws -> ScanResult? {
        guard let stored = try await repository.storedScan(playerID: playerID, idempotencyKey: idempotencyKey) else { return nil }
        return try result(of: stored, requestDigest: stored.requestDigest)
    }

    /// Counts one scan towards the player's per-minute limit, refusing past it. Called before
    /// a photo is decoded, so a flood of uploads costs no decoding.
    public func admitScan(playerID: Int64) async throws {
        let scans = try await repository.countEvent(key: "scan:\(playerID)", window: 60, at: now())
        guard scans <= limits.scansPerMinute else { throw GameRefusal.tooManyScans(retryAfter: 60) }
    }

    /// Notes a photo that could not be read at all (`corrupt_image`, `image_too_large`, ...),
    /// for organisers' statistics.
    public func recordUnreadablePhoto(playerID: Int64, reason: String, location: ReportedLocation?) async throws {
        try await repository.recordScanFailure(playerID: playerID, reason: reason, location: location, at: now())
    }

    /// Decides and records a scan: the first genuine, current checkpoint among the codes,
    /// judged against what the player holds and has done, in one transaction. A guest
    /// (`guestOf` their open day) unlocks only the freebies the open day allows.
    public func scan(
        _ submission: ScanSubmission, playerID: Int64, ownerVerified: Bool, guestOf guestEvent: GuestEvent? = nil, idempotencyKey: String?,
        requestDigest: String
    ) async throws -> ScanResult {
        try Self.check(idempotencyKey: idempotencyKey)
        let now = now()
        guard !submission.texts.isEmpty else {
            try await repository.recordScanFailure(playerID: playerID, reason: "no_code_found", location: submission.location, at: now)
            throw GameRefusal.noCodeFound
        }
        let (checkpoint, failedCodes) = try await verifiedCheckpoint(submission.texts, playerID: playerID, at: now)
        if let closure = checkpoint.closure { throw GameRefusal.checkpointClosed(note: closure.note) }
        let decision = ScanDecision(content: content, checkpoint: checkpoint.checkpoint, photo: submission.photo,
                                    location: submission.location, failedCodes: failedCodes, now: now, timeZone: timeZone,
                                    ownerVerified: ownerVerified, guestEvent: guestEvent, playerID: playerID,
                                    kept: playCache.latest(playerID: playerID), ledgerReads: ledgerReads)
        let stored = try await repository.performScan(
            playerID: playerID, checkpointID: checkpoint.id, idempotencyKey: idempotencyKey, requestDigest: requestDigest,
            photo: submission.photo, location: submission.location, photoWindow: limits.photoReuseWindow, at: now
        ) { state in try decision.effect(for: state) }
        if !stored.replayed, let outcome = decision.answers.outcome(of: stored.answer) {
            return ScanResult(outcome: outcome, replayed: false)
        }
        return try result(of: stored, requestDigest: requestDigest)
    }

    private func result(of stored: ScanAnswer, requestDigest: String) throws -> ScanResult {
        if stored.replayed, !stored.requestDigest.isEmpty, stored.requestDigest != requestDigest {
            throw GameRefusal.idempotencyKeyReused
        }
        return ScanResult(outcome: try ScanOutcome(stored: stored.answer), replayed: stored.replayed)
    }

    /// The first genuine, current checkpoint among the codes; else the most telling refusal.
    ///
    /// Every forged code (a signature that does not check out) counts towards a much lower
    /// limit, typed or photographed, one per code in the picture, so guessing is hopeless. The
    /// count is taken atomically for each forgery, and an answer whose count went over the limit
    /// is refused: of many simultaneous guesses, exactly the allowed number get an answer.
    /// With it, the forged codes the player sent in the window before it (for the guessing flag).
    private func verifiedCheckpoint(_ texts: [String], playerID: Int64, at now: Date) async throws -> (StoredCheckpoint, failedCodes: Int) {
        let guessesKey = "manual-code-failures:\(playerID)"
        let (limit, window) = (limits.failedCodesPerWindow, limits.failedCodesWindow)
        let wait = GameRefusal.tooManyScans(retryAfter: Int(window))
        let failedCodes = try await repository.eventCount(key: guessesKey, window: window, at: now)
        if failedCodes >= limit { throw wait }
        let verifier = codes
        // An honest photo holds one code, a poster a few: more are not tried, so one upload
        // cannot test a sheet of guesses beyond the limit.
        let texts = Array(texts.prefix(limits.codesTriedPerUpload))
        do {
            return (try await verifier.checkpoint(in: texts), failedCodes)
        } catch {
            var count = 0
            for _ in 0..<min(verifier.forgeries(in: texts), limit + 1) {
                count = try await repository.countEvent(key: guessesKey, window: window, at: now)
            }
            if count > limit { throw wait }
            throw error
        }
    }
}
