import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func createChallenge(challengerID: Int64, challengedID: Int64, since: Date, at date: Date,
                                decide: @Sendable ([Challenge]) throws -> ChallengeDraft,
                                announce events: @Sendable (Challenge) -> [LiveEvent]) async throws -> Challenge {
        try await write { connection in
            // Both players locked: two challenges sent at once between the same friends (either
            // way round), or by one player past the daily limit, are decided one after the other.
            try await lockPlayers(challengerID, challengedID, connection)
            let recent = try await challenges("""
                SELECT \(unescaped: Self.challengeColumns) WHERE c.createdAt >= \(StoredDate(since))
                    AND (c.challengerId IN (\(challengerID), \(challengedID)) OR c.challengedId IN (\(challengerID), \(challengedID)))
                ORDER BY c.id
                """, connection)
            let draft = try decide(recent)
            let id = try await connection.returned("""
                INSERT INTO challenge (challengerId, challengedId, riddleId, checkpointId, createdAt)
                VALUES (\(challengerID), \(challengedID), \(draft.riddleID), \(draft.checkpointID), \(StoredDate(date))) RETURNING id
                """, as: Int64.self, from: "challenge", logger: logger)
            guard let challenge = try await challenge(id: id, locking: false, connection) else { throw StorageError.noRowReturned("challenge") }
            try await announce(events(challenge), at: date, connection)
            return challenge
        }
    }

    public func challenges(playerID: Int64, since date: Date) async throws -> [Challenge] {
        try await autocommit { connection in
            try await challenges("""
                SELECT \(unescaped: Self.challengeColumns)
                WHERE (c.challengerId = \(playerID) OR c.challengedId = \(playerID)) AND c.createdAt >= \(StoredDate(date))
                ORDER BY c.id DESC
                """, connection)
        }
    }

    public func answerChallenge(id: Int64, answer: ChallengeAnswer, at date: Date,
                                decide: @Sendable (Challenge) throws -> Void,
                                announce events: @Sendable (Challenge) -> [LiveEvent]) async throws -> Challenge? {
        try await write { connection in
            // Locked: an answer and a withdrawal at once are decided one after the other.
            guard let challenge = try await challenge(id: id, locking: true, connection) else { return nil }
            try decide(challenge)
            switch answer {
            case .accept:
                try await connection.run("UPDATE challenge SET acceptedAt = \(StoredDate(date)) WHERE id = \(id)", logger: logger)
            case .decline, .withdraw:
                let closing: Challenge.Closing = answer == .decline ? .declined : .withdrawn
                try await connection.run("""
                    UPDATE challenge SET closedAt = \(StoredDate(date)), closing = \(closing.rawValue) WHERE id = \(id)
                    """, logger: logger)
            }
            let answered = try await self.challenge(id: id, locking: false, connection)
            if let answered { try await announce(events(answered), at: date, connection) }
            return answered
        }
    }

    /// The player's accepted challenges that no scan has won yet, locked until the transaction
    /// ends: of two friends scanning the place at once, the second waits here and then finds
    /// the challenge closed (a locked row that no longer matches is left out).
    func acceptedChallenges(playerID: Int64, _ connection: PostgresConnection) async throws -> [Challenge] {
        try await connection.answer(Prepared<AcceptedChallenges>(playerID), logger: logger).map(Self.challenge)
    }

    /// Closes a challenge as won by `playerID`'s scan; false if something closed it first.
    func win(challengeID: Int64, by playerID: Int64, scanID: Int64, at date: Date, _ connection: PostgresConnection) async throws -> Bool {
        try await connection.count("""
            UPDATE challenge SET closedAt = \(StoredDate(date)), closing = \(Challenge.Closing.won.rawValue), winnerId = \(playerID), scanId = \(scanID)
            WHERE id = \(challengeID) AND closedAt IS NULL RETURNING id
            """, logger: logger) == 1
    }

    private func challenge(id: Int64, locking: Bool, _ connection: PostgresConnection) async throws -> Challenge? {
        try await challenges("""
            SELECT \(unescaped: Self.challengeColumns) WHERE c.id = \(id) \(unescaped: locking ? "FOR UPDATE OF c" : "")
            """, connection).first
    }

    /// The select list and tables every challenge query reads, both players joined.
    static let challengeColumns = """
        c.id, c.riddleId, c.checkpointId, c.createdAt, c.acceptedAt, c.closedAt, c.closing, c.winnerId,
        a.id, a.email, a.username, a.displayName, a.createdAt, b.id, b.email, b.username, b.displayName, b.createdAt
        FROM challenge c JOIN player a ON a.id = c.challengerId JOIN player b ON b.id = c.challengedId
        """

    func challenges(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> [Challenge] {
        try await connection.answer(query, logger: logger).map(Self.challenge)
    }

    /// A challenge from a row of `challengeColumns`.
    static func challenge(_ row: PostgresRow) throws -> Challenge {
        let row = try row.decode((Int64, String, String, StoredDate, StoredDate?, StoredDate?, String?, Int64?,
                                  Int64, String, String, String, StoredDate, Int64, String, String, String, StoredDate).self)
        return Challenge(
            id: row.0,
            challenger: Player(id: row.8, email: row.9, username: row.10, displayName: row.11, createdAt: row.12.date),
            challenged: Player(id: row.13, email: row.14, username: row.15, displayName: row.16, createdAt: row.17.date),
            riddleID: row.1, checkpointID: row.2, createdAt: row.3.date, acceptedAt: row.4?.date, closedAt: row.5?.date,
            closing: try row.6.map { raw in
                guard let value = Challenge.Closing(rawValue: raw) else { throw StorageError.unknownValue("challenge.closing \(raw)") }
                return value
            }, winnerID: row.7)
    }
}

/// The challenges a player has accepted or had accepted and not yet closed, locked for the
/// scan that may win one.
enum AcceptedChallenges: PlayerStatementText {
    static let name = "player.acceptedChallenges"
    static let sql = """
        SELECT \(PostgresHuntRepository.challengeColumns)
        WHERE (c.challengerId = $1 OR c.challengedId = $1) AND c.acceptedAt IS NOT NULL AND c.closedAt IS NULL
        ORDER BY c.id FOR UPDATE OF c
        """
}
