import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func storedScan(playerID: Int64, idempotencyKey: String) async throws -> ScanAnswer? {
        try await database.read { db in try Self.stored(playerID: playerID, key: idempotencyKey, db) }
    }

    private static func stored(playerID: Int64, key: String, _ db: Database) throws -> ScanAnswer? {
        try Row.fetchOne(db, sql: "SELECT response, requestDigest FROM idempotentScan WHERE playerId = ? AND idempotencyKey = ?",
                         arguments: [playerID, key])
            .map { ScanAnswer(answer: $0["response"], replayed: true, requestDigest: $0["requestDigest"]) }
    }

    public func performScan(
        playerID: Int64, checkpointID: String, idempotencyKey: String?, requestDigest: String, photo: PhotoFingerprint?,
        location: ReportedLocation?, photoWindow: TimeInterval, at date: Date, decide: @Sendable (ScanState) throws -> ScanEffect
    ) async throws -> ScanAnswer {
        try await database.write { db in
            // A retried upload that got here first wins; the retry gets its answer.
            if let idempotencyKey, let earlier = try Self.stored(playerID: playerID, key: idempotencyKey, db) {
                return earlier
            }
            let active = try Self.activeAttempts(playerID: playerID, db)
            let events = try Self.events(playerID: playerID, db)
            let previous = try Row.fetchOne(db.cachedStatement(sql: "SELECT checkpointId, scannedAt FROM scan WHERE playerId = ? ORDER BY id DESC LIMIT 1"),
                                            arguments: [playerID])
                .map { (checkpointID: $0["checkpointId"] as String, at: $0["scannedAt"] as Date) }
            let othersPhotos = photo == nil ? [] : try Row.fetchAll(db, sql: """
                SELECT photoSha256, photoHash FROM scan
                WHERE playerId <> ? AND checkpointId = ? AND scannedAt > ? AND photoSha256 IS NOT NULL
                """, arguments: [playerID, checkpointID, date - photoWindow])
                .map { PhotoFingerprint(sha256: $0["photoSha256"], perceptual: UInt64(bitPattern: $0["photoHash"])) }
            let challenges = try Self.acceptedChallenges(playerID: playerID, db)
            var state = ScanState(active: active, events: events, previousScan: previous, othersRecentPhotos: othersPhotos,
                                  acceptedChallenges: challenges)
            state.crew = try Self.crewPlay(playerID: playerID, checkpointID: checkpointID, db)
            let effect = try decide(state)
            if let attemptID = effect.solvedAttemptID {
                try db.cachedStatement(sql: "UPDATE riddleAttempt SET closedAt = ?, outcome = 'solved' WHERE id = ? AND closedAt IS NULL")
                    .execute(arguments: [date, attemptID])
            }
            // The scan first: the event it earns names it, so an organiser can void it.
            try db.cachedStatement(sql: """
                INSERT INTO scan (playerId, checkpointId, outcome, flagged, flag, photoSha256, photoHash, latitude, longitude, accuracyMetres, scannedAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).execute(arguments: [playerID, checkpointID, effect.outcome, effect.flagged, effect.flag?.rawValue, photo?.sha256,
                                 photo.map { Int64(bitPattern: $0.perceptual) }, location?.coordinate.latitude,
                                 location?.coordinate.longitude, location?.accuracyMetres, date])
            let scanID = db.lastInsertedRowID
            if let event = effect.event { try append(event.naming(scan: scanID), db) }
            // One writer at a time: the challenge read above is still open.
            if let won = effect.challengeWon, try Self.win(challengeID: won.challengeID, by: playerID, scanID: scanID, at: date, db) {
                try append(won.bonus.naming(scan: scanID), db)
            }
            try applyCrew(scan: effect.crewScan, solve: effect.crewSolve, playerID: playerID, checkpointID: checkpointID, scanID: scanID, at: date, db)
            let vouchers = try Self.issue(effect.grants, to: playerID, at: date, db)
            try announce(effect.liveEvents, at: date, db)
            if let checkIn = effect.checkIn {
                try db.execute(sql: "DELETE FROM checkIn WHERE playerId = ? AND checkpointId = ?", arguments: [playerID, checkpointID])
                try db.execute(sql: "INSERT INTO checkIn (id, playerId, checkpointId, expiresAt) VALUES (?, ?, ?, ?)",
                               arguments: [checkIn.id, playerID, checkpointID, checkIn.expiresAt])
            }
            let answer = try effect.answer(vouchers)
            if let idempotencyKey {
                try db.cachedStatement(sql: """
                    INSERT INTO idempotentScan (playerId, idempotencyKey, response, createdAt, requestDigest) VALUES (?, ?, ?, ?, ?)
                    """).execute(arguments: [playerID, idempotencyKey, answer, date, requestDigest])
            }
            return ScanAnswer(answer: answer, replayed: false, requestDigest: requestDigest)
        }
    }

    public func registerCheckIn<Answer: Sendable>(
        id: String, playerID: Int64, at date: Date, decide: @Sendable (PendingCheckIn, [GameEvent]) -> CheckInEffect<Answer>?
    ) async throws -> Answer? {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT checkpointId, expiresAt FROM checkIn WHERE id = ? AND playerId = ?",
                                             arguments: [id, playerID])
            else { return nil }
            try db.execute(sql: "DELETE FROM checkIn WHERE id = ?", arguments: [id])
            let checkIn = PendingCheckIn(id: id, playerID: playerID, checkpointID: row["checkpointId"], expiresAt: row["expiresAt"])
            let before = try Self.events(playerID: playerID, db)
            guard let effect = decide(checkIn, before) else { return nil }
            try append(effect.event, db)
            try announce(effect.liveEvents, at: date, db)
            return effect.answer(try Self.issue(effect.grants, to: playerID, at: date, db))
        }
    }

    public func recordScanFailure(playerID: Int64, reason: String, location: ReportedLocation?, at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO scanFailure (playerId, reason, latitude, longitude, failedAt) VALUES (?, ?, ?, ?, ?)",
                           arguments: [playerID, reason, location?.coordinate.latitude, location?.coordinate.longitude, date])
        }
    }

    public func cancelCheckIn(id: String, playerID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM checkIn WHERE id = ? AND playerId = ?", arguments: [id, playerID])
            return db.changesCount == 1
        }
    }
}
