import Foundation
import NIOCore
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func storedScan(playerID: Int64, idempotencyKey: String) async throws -> ScanAnswer? {
        try await autocommit { connection in try await stored(playerID: playerID, key: idempotencyKey, connection) }
    }

    private func stored(playerID: Int64, key: String, _ connection: PostgresConnection) async throws -> ScanAnswer? {
        try await connection.row(Prepared<StoredScanAnswer>(playerID, key), as: (Data, String).self, logger: logger)
            .map { ScanAnswer(answer: $0.0, replayed: true, requestDigest: $0.1) }
    }

    public func performScan(
        playerID: Int64, checkpointID: String, idempotencyKey: String?, requestDigest: String, photo: PhotoFingerprint?,
        location: ReportedLocation?, photoWindow: TimeInterval, at date: Date, decide: @Sendable (ScanState) throws -> ScanEffect
    ) async throws -> ScanAnswer {
        try await write { connection in
            // The player's scans run one at a time: a retried upload waits here for the first,
            // then finds its answer; two different scans see each other's ledger.
            try await lockPlayer(playerID, connection)
            if let idempotencyKey, let earlier = try await stored(playerID: playerID, key: idempotencyKey, connection) {
                return earlier
            }
            let active = try await activeAttempts(playerID: playerID, connection)
            let events = try await events(playerID: playerID, connection)
            let previous = try await connection.row(Prepared<LastScan>(playerID), as: (String, StoredDate).self, logger: logger)
                .map { (checkpointID: $0.0, at: $0.1.date) }
            let othersPhotos = photo == nil ? [] : try await connection.rows("""
                SELECT photoSha256, photoHash FROM scan
                WHERE playerId <> \(playerID) AND checkpointId = \(checkpointID) AND scannedAt > \(StoredDate(date - photoWindow))
                    AND photoSha256 IS NOT NULL
                """, as: (String, Int64).self, logger: logger)
                .map { PhotoFingerprint(sha256: $0.0, perceptual: UInt64(bitPattern: $0.1)) }
            let challenges = try await acceptedChallenges(playerID: playerID, connection)
            var state = ScanState(active: active, events: events, previousScan: previous, othersRecentPhotos: othersPhotos,
                                  acceptedChallenges: challenges)
            state.crew = try await crewPlay(playerID: playerID, checkpointID: checkpointID, connection)
            let effect = try decide(state)
            if let attemptID = effect.solvedAttemptID {
                try await connection.run("""
                    UPDATE riddleAttempt SET closedAt = \(StoredDate(date)), outcome = \(RiddleAttempt.Outcome.solved.rawValue)
                    WHERE id = \(attemptID) AND closedAt IS NULL
                    """, logger: logger)
            }
            // The scan first: the event it earns names it, so an organiser can void it.
            let scanID = try await connection.returned(ScanInsert(playerID: playerID, checkpointID: checkpointID, effect: effect, photo: photo,
                                                                  location: location, at: StoredDate(date)),
                                                       as: Int64.self, from: "scan", logger: logger)
            if let event = effect.event { try await append(event.naming(scan: scanID), connection) }
            if let won = effect.challengeWon, try await win(challengeID: won.challengeID, by: playerID, scanID: scanID, at: date, connection) {
                try await append(won.bonus.naming(scan: scanID), connection)
            }
            try await applyCrew(scan: effect.crewScan, solve: effect.crewSolve, playerID: playerID, checkpointID: checkpointID, scanID: scanID,
                                at: date, connection)
            let vouchers = try await issue(effect.grants, to: playerID, at: date, connection)
            try await announce(effect.liveEvents, at: date, connection)
            if let checkIn = effect.checkIn {
                try await connection.run("DELETE FROM checkIn WHERE playerId = \(playerID) AND checkpointId = \(checkpointID)", logger: logger)
                try await connection.run("""
                    INSERT INTO checkIn (id, playerId, checkpointId, expiresAt)
                    VALUES (\(checkIn.id), \(playerID), \(checkpointID), \(StoredDate(checkIn.expiresAt)))
                    """, logger: logger)
            }
            let answer = try effect.answer(vouchers)
            if let idempotencyKey {
                try await connection.run(StoredScanAnswerInsert(playerID: playerID, key: idempotencyKey, answer: answer, at: StoredDate(date),
                                                                requestDigest: requestDigest), logger: logger)
            }
            return ScanAnswer(answer: answer, replayed: false, requestDigest: requestDigest)
        }
    }

    public func registerCheckIn<Answer: Sendable>(
        id: String, playerID: Int64, at date: Date, decide: @Sendable (PendingCheckIn, [GameEvent]) -> CheckInEffect<Answer>?
    ) async throws -> Answer? {
        try await write { connection in
            try await lockPlayer(playerID, connection)
            // Taken out in one statement: of two registrations of one check-in, one finds it.
            guard let (checkpointID, expiresAt) = try await connection.row("""
                DELETE FROM checkIn WHERE id = \(id) AND playerId = \(playerID) RETURNING checkpointId, expiresAt
                """, as: (String, StoredDate).self, logger: logger)
            else { return nil }
            let checkIn = PendingCheckIn(id: id, playerID: playerID, checkpointID: checkpointID, expiresAt: expiresAt.date)
            let before = try await events(playerID: playerID, connection)
            guard let effect = decide(checkIn, before) else { return nil }
            try await append(effect.event, connection)
            try await announce(effect.liveEvents, at: date, connection)
            return effect.answer(try await issue(effect.grants, to: playerID, at: date, connection))
        }
    }

    public func recordScanFailure(playerID: Int64, reason: String, location: ReportedLocation?, at date: Date) async throws {
        try await autocommit { connection in
            try await connection.run("""
                INSERT INTO scanFailure (playerId, reason, latitude, longitude, failedAt)
                VALUES (\(playerID), \(reason), \(location?.coordinate.latitude), \(location?.coordinate.longitude), \(StoredDate(date)))
                """, logger: logger)
        }
    }

    public func cancelCheckIn(id: String, playerID: Int64) async throws -> Bool {
        try await autocommit { connection in
            try await connection.count("DELETE FROM checkIn WHERE id = \(id) AND playerId = \(playerID) RETURNING id", logger: logger) == 1
        }
    }
}

/// The answer a player's scan under a key was given, and the digest of its request.
enum StoredScanAnswer: PlayerTextStatementText {
    static let name = "scan.storedAnswer"
    static let sql = "SELECT response, requestDigest FROM idempotentScan WHERE playerId = $1 AND idempotencyKey = $2"
}

/// Where and when a player last scanned.
enum LastScan: PlayerStatementText {
    static let name = "scan.last"
    static let sql = "SELECT checkpointId, scannedAt FROM scan WHERE playerId = $1 ORDER BY id DESC LIMIT 1"
}

/// A scan as its transaction writes it, giving back its id.
struct ScanInsert: HotStatement {
    static let name = "scan.insert"
    static let sql = """
        INSERT INTO scan (playerId, checkpointId, outcome, flagged, flag, photoSha256, photoHash, latitude, longitude, accuracyMetres, scannedAt)
        VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
        RETURNING id
        """
    static let bindingDataTypes: [PostgresDataType] = [.int8, .text, .text, .bool, .text, .text, .int8, .float8, .float8, .float8, .timestamptz]
    let bindings: PostgresBindings

    init(playerID: Int64, checkpointID: String, effect: ScanEffect, photo: PhotoFingerprint?, location: ReportedLocation?, at date: StoredDate) {
        var bindings = PostgresBindings(capacity: Self.bindingDataTypes.count)
        bindings.append(playerID)
        bindings.append(checkpointID)
        bindings.append(effect.outcome)
        bindings.append(effect.flagged)
        bindings.append(effect.flag?.rawValue)
        bindings.append(photo?.sha256)
        bindings.append(photo.map { Int64(bitPattern: $0.perceptual) })
        bindings.append(location?.coordinate.latitude)
        bindings.append(location?.coordinate.longitude)
        bindings.append(location?.accuracyMetres)
        bindings.append(date)
        self.bindings = bindings
    }
}

/// The answer a scan was given, kept under the key it was sent with.
struct StoredScanAnswerInsert: HotStatement {
    static let name = "scan.storeAnswer"
    static let sql = """
        INSERT INTO idempotentScan (playerId, idempotencyKey, response, createdAt, requestDigest) VALUES ($1, $2, $3, $4, $5)
        """
    static let bindingDataTypes: [PostgresDataType] = [.int8, .text, .bytea, .timestamptz, .text]
    let bindings: PostgresBindings

    init(playerID: Int64, key: String, answer: Data, at date: StoredDate, requestDigest: String) {
        bindings = PostgresBindings(playerID, key, ByteBuffer(bytes: answer), date, requestDigest)
    }
}
