import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

/// A row of `quizResult`.
struct QuizResultRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "quizResult"
    var playerId: Int64
    var answers: [String: QuizAnswer]
    var profile: TraitProfile
    var takenAt: Date
}

/// A row of `riddleAttempt`.
struct RiddleAttemptRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "riddleAttempt"

    var id: Int64?
    var playerId: Int64
    var riddleId: String
    var checkpointId: String
    var category: Category
    var hintsUsed: Int
    var startedAt: Date
    var closedAt: Date?
    var outcome: RiddleAttempt.Outcome?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let playerId = Column(CodingKeys.playerId)
        static let category = Column(CodingKeys.category)
        static let closedAt = Column(CodingKeys.closedAt)
        static let outcome = Column(CodingKeys.outcome)
        static let riddleId = Column(CodingKeys.riddleId)
        static let hintsUsed = Column(CodingKeys.hintsUsed)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var attempt: RiddleAttempt {
        RiddleAttempt(id: id!, playerID: playerId, riddleID: riddleId, checkpointID: checkpointId, category: category,
                      hintsUsed: hintsUsed, startedAt: startedAt, closedAt: closedAt, outcome: outcome)
    }
}

extension SQLiteHuntRepository {
    public func saveQuiz(playerID: Int64, result: QuizResult) async throws {
        try await database.write { db in
            try QuizResultRecord(playerId: playerID, answers: result.answers, profile: result.profile, takenAt: result.takenAt).save(db)
        }
    }

    public func quiz(playerID: Int64) async throws -> QuizResult? {
        try await database.read { db in
            try QuizResultRecord.fetchOne(db, key: playerID).map { QuizResult(answers: $0.answers, profile: $0.profile, takenAt: $0.takenAt) }
        }
    }

    /// The riddles the stored content has retired: read in a transaction that starts a riddle,
    /// after any import that committed first (SQLite runs one writer at a time).
    static func retiredRiddles(_ db: Database) throws -> Set<String> {
        Set(try String.fetchAll(db.cachedStatement(sql: "SELECT id FROM riddle WHERE retiredAt IS NOT NULL")))
    }

    public func startRiddle(
        playerID: Int64, category: Category, at date: Date, decide: @Sendable (RiddleHoldings) -> RiddleRequestDecision
    ) async throws -> RiddleRequestOutcome {
        try await database.write { db in
            let givenUp = try Row.fetchAll(db, sql: """
                SELECT riddleId, MAX(closedAt) AS lastGivenUp FROM riddleAttempt WHERE playerId = ? AND outcome = ? GROUP BY riddleId
                """, arguments: [playerID, RiddleAttempt.Outcome.givenUp.rawValue])
            let holdings = RiddleHoldings(
                active: try Self.activeAttempts(playerID: playerID, db),
                givenUp: Dictionary(uniqueKeysWithValues: givenUp.map { ($0["riddleId"] as String, $0["lastGivenUp"] as Date) }),
                ledger: try Self.events(playerID: playerID, db), retiredRiddles: try Self.retiredRiddles(db))
            let decision = decide(holdings)
            try release(decision.releases, at: date, db)
            switch decision.outcome {
            case .keep(let held):
                return .existing(held)
            case .refuse(let refusal):
                return .refused(refusal)
            case .start(let riddle):
                var record = RiddleAttemptRecord(id: nil, playerId: playerID, riddleId: riddle.id, checkpointId: riddle.checkpointID,
                                                 category: category, hintsUsed: 0, startedAt: date)
                try record.insert(db)
                return .started(record.attempt)
            }
        }
    }

    /// Closes the held riddles the game took back, telling their holders.
    func release(_ releases: [RiddleRelease], at date: Date, _ db: Database) throws {
        for release in releases {
            try db.execute(sql: "UPDATE riddleAttempt SET closedAt = ?, outcome = ? WHERE id = ? AND closedAt IS NULL",
                           arguments: [date, RiddleAttempt.Outcome.released.rawValue, release.attempt.id])
        }
        try announce(releases.map(\.news), at: date, db)
    }

    public func latestAttempts(playerID: Int64) async throws -> [RiddleAttempt] {
        try await database.read { db in
            try RiddleAttemptRecord.fetchAll(db, sql: """
                SELECT * FROM riddleAttempt WHERE id IN (SELECT MAX(id) FROM riddleAttempt WHERE playerId = ? GROUP BY category)
                ORDER BY category
                """, arguments: [playerID]).map(\.attempt)
        }
    }

    public func activeAttempts(playerID: Int64) async throws -> [RiddleAttempt] {
        try await database.read { db in try Self.activeAttempts(playerID: playerID, db) }
    }

    static func activeAttempts(playerID: Int64, _ db: Database) throws -> [RiddleAttempt] {
        try RiddleAttemptRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM riddleAttempt WHERE playerId = ? AND closedAt IS NULL ORDER BY id"),
                                         arguments: [playerID]).map(\.attempt)
    }

    public func progressState(playerID: Int64, eventsAfter eventID: Int64?) async throws -> ProgressState {
        try await database.read { db in
            let events: [GameEvent]
            var eventsUpTo: Int?
            if let eventID {
                events = try GameEventRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM gameEvent WHERE playerId = ? AND id > ? ORDER BY id"),
                                                      arguments: [playerID, eventID]).map(\.event)
                eventsUpTo = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM gameEvent WHERE playerId = ? AND id <= ?"),
                                              arguments: [playerID, eventID]) ?? 0
            } else {
                events = try Self.events(playerID: playerID, db)
            }
            return ProgressState(events: events, eventsUpTo: eventsUpTo, activeAttempts: try Self.activeAttempts(playerID: playerID, db),
                                 vouchers: try Self.vouchers(playerID: playerID, db), playVersion: try Self.playVersion(playerID: playerID, db))
        }
    }

    public func attempt(id: Int64, playerID: Int64) async throws -> RiddleAttempt? {
        try await database.read { db in
            try RiddleAttemptRecord.filter(key: id).filter(RiddleAttemptRecord.Columns.playerId == playerID).fetchOne(db)?.attempt
        }
    }

    public func giveUp(attemptID: Int64, playerID: Int64, at date: Date) async throws -> RiddleAttempt? {
        try await database.write { db in
            guard var record = try RiddleAttemptRecord.filter(key: attemptID).filter(RiddleAttemptRecord.Columns.playerId == playerID)
                .filter(RiddleAttemptRecord.Columns.closedAt == nil).fetchOne(db)
            else { return nil }
            record.closedAt = date
            record.outcome = .givenUp
            try record.update(db)
            return record.attempt
        }
    }

    public func takeHint(attemptID: Int64, playerID: Int64, maxHints: Int, at date: Date) async throws -> RiddleAttempt? {
        try await database.write { db in
            // One statement: two simultaneous requests spend two different hints, never the same one twice.
            try db.execute(sql: """
                UPDATE riddleAttempt SET hintsUsed = hintsUsed + 1
                WHERE id = ? AND playerId = ? AND closedAt IS NULL AND hintsUsed < ?
                """, arguments: [attemptID, playerID, maxHints])
            guard db.changesCount == 1 else { return nil }
            try db.execute(sql: "INSERT INTO hintTaken (playerId, attemptId, takenAt) VALUES (?, ?, ?)", arguments: [playerID, attemptID, date])
            return try RiddleAttemptRecord.fetchOne(db, key: attemptID)?.attempt
        }
    }

}
