import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// Locks the player's row until the transaction ends, so that the player's read-decide-write
    /// transactions run one at a time (see the type's documentation).
    func lockPlayer(_ playerID: Int64, _ connection: PostgresConnection) async throws {
        try await connection.run(Prepared<PlayerLock>(playerID), logger: logger)
    }

    /// Locks two players' rows, the smaller id first, as every transaction that locks two does.
    func lockPlayers(_ a: Int64, _ b: Int64, _ connection: PostgresConnection) async throws {
        try await connection.run("SELECT id FROM player WHERE id IN (\(min(a, b)), \(max(a, b))) ORDER BY id FOR NO KEY UPDATE", logger: logger)
    }

    public func saveQuiz(playerID: Int64, result: QuizResult) async throws {
        try await autocommit { connection in
            try await connection.run("""
                INSERT INTO quizResult (playerId, answers, profile, takenAt)
                VALUES (\(playerID), \(try StoredJSON.encode(result.answers))::jsonb, \(try StoredJSON.encode(result.profile))::jsonb,
                        \(StoredDate(result.takenAt)))
                ON CONFLICT (playerId) DO UPDATE SET answers = excluded.answers, profile = excluded.profile, takenAt = excluded.takenAt
                """, logger: logger)
        }
    }

    public func quiz(playerID: Int64) async throws -> QuizResult? {
        try await autocommit { connection in
            guard let (answers, profile, takenAt) = try await connection.row(
                "SELECT answers, profile, takenAt FROM quizResult WHERE playerId = \(playerID)", as: (String, String, StoredDate).self, logger: logger)
            else { return nil }
            return QuizResult(answers: try StoredJSON.decode([String: QuizAnswer].self, from: answers),
                              profile: try StoredJSON.decode(TraitProfile.self, from: profile), takenAt: takenAt.date)
        }
    }

    public func startRiddle(
        playerID: Int64, category: Category, at date: Date, decide: @Sendable (RiddleHoldings) -> RiddleRequestDecision
    ) async throws -> RiddleRequestOutcome {
        try await write { connection in
            // The import lock before the player's: an import takes them in that order too.
            let retired = try await retiredRiddles(connection)
            try await lockPlayer(playerID, connection)
            let givenUp = try await connection.rows("""
                SELECT riddleId, MAX(closedAt) FROM riddleAttempt
                WHERE playerId = \(playerID) AND outcome = \(RiddleAttempt.Outcome.givenUp.rawValue) GROUP BY riddleId
                """, as: (String, StoredDate).self, logger: logger)
            let holdings = RiddleHoldings(active: try await activeAttempts(playerID: playerID, connection),
                                          givenUp: Dictionary(uniqueKeysWithValues: givenUp.map { ($0.0, $0.1.date) }),
                                          ledger: try await events(playerID: playerID, connection), retiredRiddles: retired)
            let decision = decide(holdings)
            try await release(decision.releases, at: date, connection)
            let riddle: Riddle
            switch decision.outcome {
            case .keep(let held): return .existing(held)
            case .refuse(let refusal): return .refused(refusal)
            case .start(let chosen): riddle = chosen
            }
            let id = try await connection.returned("""
                INSERT INTO riddleAttempt (playerId, riddleId, checkpointId, category, hintsUsed, startedAt)
                VALUES (\(playerID), \(riddle.id), \(riddle.checkpointID), \(category.rawValue), 0, \(StoredDate(date)))
                RETURNING id
                """, as: Int64.self, from: "riddleAttempt", logger: logger)
            return .started(RiddleAttempt(id: id, playerID: playerID, riddleID: riddle.id, checkpointID: riddle.checkpointID, category: category,
                                          hintsUsed: 0, startedAt: date, closedAt: nil, outcome: nil))
        }
    }

    /// Closes the held riddles the game took back, telling their holders.
    func release(_ releases: [RiddleRelease], at date: Date, _ connection: PostgresConnection) async throws {
        for release in releases {
            try await connection.run("""
                UPDATE riddleAttempt SET closedAt = \(StoredDate(date)), outcome = \(RiddleAttempt.Outcome.released.rawValue)
                WHERE id = \(release.attempt.id) AND closedAt IS NULL
                """, logger: logger)
        }
        try await announce(releases.map(\.news), at: date, connection)
    }

    public func activeAttempts(playerID: Int64) async throws -> [RiddleAttempt] {
        try await autocommit { connection in
            try await activeAttempts(playerID: playerID, connection)
        }
    }

    public func latestAttempts(playerID: Int64) async throws -> [RiddleAttempt] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT DISTINCT ON (category) \(unescaped: Columns.attempt) FROM riddleAttempt WHERE playerId = \(playerID)
                ORDER BY category, id DESC
                """, as: Columns.AttemptRow.self, logger: logger).map(Columns.attempt)
        }
    }

    public func progressState(playerID: Int64, eventsAfter eventID: Int64?) async throws -> ProgressState {
        try await snapshot { connection in
            guard let eventID else {
                return ProgressState(events: try await events(playerID: playerID, connection),
                                     activeAttempts: try await activeAttempts(playerID: playerID, connection),
                                     vouchers: try await vouchers(playerID: playerID, connection),
                                     playVersion: try await connection.value(Prepared<PlayerPlayVersion>(playerID), as: Int64.self,
                                                                             logger: logger) ?? 0)
            }
            // The play version and the count of the events up to `eventID` in one statement: as
            // many round trips as a whole read.
            let events = try await connection.rows(Prepared<PlayerEventsAfter>(playerID, eventID), as: Columns.EventRow.self,
                                                   logger: logger).map(Columns.event)
            let (playVersion, eventsUpTo) = try await connection.rows(Prepared<PlayVersionAndEventsUpTo>(playerID, eventID),
                                                                      as: (Int64, Int64).self, logger: logger).first ?? (Int64(0), Int64(0))
            return ProgressState(events: events, eventsUpTo: Int(eventsUpTo), activeAttempts: try await activeAttempts(playerID: playerID, connection),
                                 vouchers: try await vouchers(playerID: playerID, connection), playVersion: playVersion)
        }
    }

    func activeAttempts(playerID: Int64, _ connection: PostgresConnection) async throws -> [RiddleAttempt] {
        try await connection.rows(Prepared<ActiveAttempts>(playerID), as: Columns.AttemptRow.self, logger: logger).map(Columns.attempt)
    }

    public func attempt(id: Int64, playerID: Int64) async throws -> RiddleAttempt? {
        try await autocommit { connection in
            try await connection.row("SELECT \(unescaped: Columns.attempt) FROM riddleAttempt WHERE id = \(id) AND playerId = \(playerID)",
                                     as: Columns.AttemptRow.self, logger: logger).map(Columns.attempt)
        }
    }

    public func giveUp(attemptID: Int64, playerID: Int64, at date: Date) async throws -> RiddleAttempt? {
        try await write { connection in
            // The player first, as every write of theirs locks it (the play version's trigger
            // would after the riddle's row, against a scan's order: a deadlock).
            try await lockPlayer(playerID, connection)
            guard let row = try await connection.row(GiveUpStatement(attemptID: attemptID, playerID: playerID, at: StoredDate(date)),
                                                     as: Columns.AttemptRow.self, logger: logger)
            else { return nil }
            var attempt = try Columns.attempt(row)
            attempt.closedAt = date
            return attempt
        }
    }

    public func takeHint(attemptID: Int64, playerID: Int64, maxHints: Int, at date: Date) async throws -> RiddleAttempt? {
        try await write { connection in
            // The player first, as in `giveUp`. One statement: two simultaneous requests spend
            // two different hints, never the same one twice; the hint's time is noted by the same
            // statement, so never without it.
            try await lockPlayer(playerID, connection)
            return try await connection.row(TakeHintStatement(attemptID: attemptID, playerID: playerID, maxHints: maxHints, at: StoredDate(date)),
                                            as: Columns.AttemptRow.self, logger: logger).map(Columns.attempt)
        }
    }

}

/// A riddle a player holds given up, giving back the attempt as it was.
struct GiveUpStatement: HotStatement {
    static let name = "attempt.giveUp"
    static let sql = """
        UPDATE riddleAttempt SET closedAt = $1, outcome = $2
        WHERE id = $3 AND playerId = $4 AND closedAt IS NULL
        RETURNING \(Columns.attempt)
        """
    static let bindingDataTypes: [PostgresDataType] = [.timestamptz, .text, .int8, .int8]
    let bindings: PostgresBindings

    init(attemptID: Int64, playerID: Int64, at date: StoredDate) {
        bindings = PostgresBindings(date, RiddleAttempt.Outcome.givenUp.rawValue, attemptID, playerID)
    }
}

/// One more hint taken on a riddle a player holds, and noted with its time, giving back the
/// attempt; no row when the riddle is closed or its hints are spent.
struct TakeHintStatement: HotStatement {
    static let name = "attempt.takeHint"
    static let sql = """
        WITH taken AS (
            UPDATE riddleAttempt SET hintsUsed = hintsUsed + 1
            WHERE id = $1 AND playerId = $2 AND closedAt IS NULL AND hintsUsed < $3
            RETURNING *
        ), noted AS (
            INSERT INTO hintTaken (playerId, attemptId, takenAt) SELECT playerId, id, $4 FROM taken
        )
        SELECT \(Columns.attempt) FROM taken AS riddleAttempt
        """
    static let bindingDataTypes: [PostgresDataType] = [.int8, .int8, .int8, .timestamptz]
    let bindings: PostgresBindings

    init(attemptID: Int64, playerID: Int64, maxHints: Int, at date: StoredDate) {
        bindings = PostgresBindings(attemptID, playerID, Int64(maxHints), date)
    }
}

/// A player's row locked for the transaction: every write of theirs takes it first.
enum PlayerLock: PlayerStatementText {
    static let name = "player.lock"
    static let sql = "SELECT id FROM player WHERE id = $1 FOR NO KEY UPDATE"
}

/// A player's play version.
enum PlayerPlayVersion: PlayerStatementText {
    static let name = "player.playVersion"
    static let sql = "SELECT playVersion FROM player WHERE id = $1"
}

/// A player's events after one of theirs, in the order written.
enum PlayerEventsAfter: PlayerEventStatementText {
    static let name = "player.eventsAfter"
    static let sql = "SELECT \(Columns.event) FROM gameEvent WHERE playerId = $1 AND id > $2 ORDER BY id"
}

/// A player's play version, and how many of their events there are up to one of theirs, that one included.
enum PlayVersionAndEventsUpTo: PlayerEventStatementText {
    static let name = "player.playVersionAndEventsUpTo"
    static let sql = "SELECT playVersion, (SELECT COUNT(*) FROM gameEvent WHERE playerId = $1 AND id <= $2) FROM player WHERE id = $1"
}

/// The riddles a player holds, in the order taken.
enum ActiveAttempts: PlayerStatementText {
    static let name = "player.activeAttempts"
    static let sql = "SELECT \(Columns.attempt) FROM riddleAttempt WHERE playerId = $1 AND closedAt IS NULL ORDER BY id"
}
