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

    public func startRiddle(
        playerID: Int64, category: Category, at date: Date, givenUpSince: Date,
        choose: @Sendable ([GameEvent], Set<String>) -> Riddle?
    ) async throws -> RiddleRequestOutcome {
        try await database.write { db in
            let mine = RiddleAttemptRecord.filter(RiddleAttemptRecord.Columns.playerId == playerID)
            if let held = try mine.filter(RiddleAttemptRecord.Columns.category == category)
                .filter(RiddleAttemptRecord.Columns.closedAt == nil).fetchOne(db) {
                return .existing(held.attempt)
            }
            let ledger = try Self.events(playerID: playerID, db)
            let recentlyGivenUp = try String.fetchSet(db, mine.select(RiddleAttemptRecord.Columns.riddleId)
                .filter(RiddleAttemptRecord.Columns.outcome == RiddleAttempt.Outcome.givenUp.rawValue)
                .filter(RiddleAttemptRecord.Columns.closedAt > givenUpSince))
            guard let riddle = choose(ledger, recentlyGivenUp) else { return .noneChosen(ledger: ledger) }
            var record = RiddleAttemptRecord(id: nil, playerId: playerID, riddleId: riddle.id, checkpointId: riddle.checkpointID,
                                             category: category, hintsUsed: 0, startedAt: date)
            try record.insert(db)
            return .started(record.attempt)
        }
    }

    public func activeAttempts(playerID: Int64) async throws -> [RiddleAttempt] {
        try await database.read { db in try Self.activeAttempts(playerID: playerID, db) }
    }

    static func activeAttempts(playerID: Int64, _ db: Database) throws -> [RiddleAttempt] {
        try RiddleAttemptRecord.filter(RiddleAttemptRecord.Columns.playerId == playerID)
            .filter(RiddleAttemptRecord.Columns.closedAt == nil).order(RiddleAttemptRecord.Columns.id).fetchAll(db).map(\.attempt)
    }

    public func progressState(playerID: Int64) async throws -> ProgressState {
        try await database.read { db in
            ProgressState(events: try Self.events(playerID: playerID, db), activeAttempts: try Self.activeAttempts(playerID: playerID, db),
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
