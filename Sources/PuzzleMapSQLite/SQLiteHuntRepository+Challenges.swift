import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func createChallenge(challengerID: Int64, challengedID: Int64, since: Date, at date: Date,
                                decide: @Sendable ([Challenge]) throws -> ChallengeDraft,
                                announce events: @Sendable (Challenge) -> [LiveEvent]) async throws -> Challenge {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            let recent = try Self.challenges(where: """
                c.createdAt >= ? AND (c.challengerId IN (?, ?) OR c.challengedId IN (?, ?))
                """, [since, challengerID, challengedID, challengerID, challengedID], db)
            let draft = try decide(recent)
            try db.execute(sql: """
                INSERT INTO challenge (challengerId, challengedId, riddleId, checkpointId, createdAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [challengerID, challengedID, draft.riddleID, draft.checkpointID, date])
            let id = db.lastInsertedRowID
            guard let challenge = try Self.challenges(where: "c.id = ?", [id], db).first else { throw StorageError.noRowReturned("challenge") }
            try announce(events(challenge), at: date, db)
            return challenge
        }
    }

    public func challenges(playerID: Int64, since date: Date) async throws -> [Challenge] {
        try await database.read { db in
            try Self.challenges(where: "(c.challengerId = ? OR c.challengedId = ?) AND c.createdAt >= ?", [playerID, playerID, date], db)
                .reversed()
        }
    }

    public func answerChallenge(id: Int64, answer: ChallengeAnswer, at date: Date,
                                decide: @Sendable (Challenge) throws -> Void,
                                announce events: @Sendable (Challenge) -> [LiveEvent]) async throws -> Challenge? {
        try await database.write { db in
            guard let challenge = try Self.challenges(where: "c.id = ?", [id], db).first else { return nil }
            try decide(challenge)
            switch answer {
            case .accept:
                try db.execute(sql: "UPDATE challenge SET acceptedAt = ? WHERE id = ?", arguments: [date, id])
            case .decline, .withdraw:
                let closing: Challenge.Closing = answer == .decline ? .declined : .withdrawn
                try db.execute(sql: "UPDATE challenge SET closedAt = ?, closing = ? WHERE id = ?", arguments: [date, closing.rawValue, id])
            }
            let answered = try Self.challenges(where: "c.id = ?", [id], db).first
            if let answered { try announce(events(answered), at: date, db) }
            return answered
        }
    }

    /// The player's accepted challenges that no scan has won yet (the scan decides expiry).
    static func acceptedChallenges(playerID: Int64, _ db: Database) throws -> [Challenge] {
        try challenges(where: """
            (c.challengerId = ? OR c.challengedId = ?) AND c.acceptedAt IS NOT NULL AND c.closedAt IS NULL
            """, [playerID, playerID], db)
    }

    /// Closes a challenge as won by `playerID`'s scan; false if something closed it first.
    static func win(challengeID: Int64, by playerID: Int64, scanID: Int64, at date: Date, _ db: Database) throws -> Bool {
        try db.execute(sql: """
            UPDATE challenge SET closedAt = ?, closing = 'won', winnerId = ?, scanId = ? WHERE id = ? AND closedAt IS NULL
            """, arguments: [date, playerID, scanID, challengeID])
        return db.changesCount == 1
    }

    /// Challenges matching `condition` (on `c`), oldest first, with both players.
    static func challenges(where condition: String, _ arguments: StatementArguments, _ db: Database) throws -> [Challenge] {
        // Every column aliased: the tables share `id` and `createdAt`. Cached: every condition
        // is written in this file, so the statements are few.
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT c.id, c.riddleId, c.checkpointId, c.createdAt, c.acceptedAt, c.closedAt, c.closing, c.winnerId,
                   a.id AS aId, a.email AS aEmail, a.username AS aUsername, a.displayName AS aDisplayName, a.createdAt AS aCreatedAt,
                   b.id AS bId, b.email AS bEmail, b.username AS bUsername, b.displayName AS bDisplayName, b.createdAt AS bCreatedAt
            FROM challenge c JOIN player a ON a.id = c.challengerId JOIN player b ON b.id = c.challengedId
            WHERE \(condition) ORDER BY c.id
            """), arguments: arguments).map { row in
            let closing: String? = row["closing"]
            return Challenge(
                id: row["id"],
                challenger: Player(id: row["aId"], email: row["aEmail"], username: row["aUsername"], displayName: row["aDisplayName"],
                                   createdAt: row["aCreatedAt"]),
                challenged: Player(id: row["bId"], email: row["bEmail"], username: row["bUsername"], displayName: row["bDisplayName"],
                                   createdAt: row["bCreatedAt"]),
                riddleID: row["riddleId"], checkpointID: row["checkpointId"], createdAt: row["createdAt"], acceptedAt: row["acceptedAt"],
                closedAt: row["closedAt"], closing: try closing.map { raw in
                    guard let value = Challenge.Closing(rawValue: raw) else { throw StorageError.unknownValue("challenge.closing \(raw)") }
                    return value
                }, winnerID: row["winnerId"])
        }
    }
}
