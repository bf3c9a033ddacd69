import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// Appends a ledger event and, in the same transaction, adds its XP to the player's
    /// all-time and weekly scores that leaderboards read. Each score is one upsert, so
    /// simultaneous events of one player all count. The event returned holds the values given,
    /// as SQLite's does.
    func append(playerID: Int64, kind: GameEvent.Kind, checkpointID: String?, riddleID: String?, xp: Int, hintsUsed: Int,
                at date: Date, scanID: Int64? = nil, reason: String? = nil, _ connection: PostgresConnection) async throws -> GameEvent {
        let occurredAt = StoredDate(date)
        let id = try await connection.returned("""
            INSERT INTO gameEvent (playerId, kind, checkpointId, riddleId, xp, hintsUsed, occurredAt, scanId, reason)
            VALUES (\(playerID), \(kind.rawValue), \(checkpointID), \(riddleID), \(xp), \(hintsUsed), \(occurredAt), \(scanID), \(reason))
            RETURNING id
            """, as: Int64.self, from: "gameEvent", logger: logger)
        try await connection.run("""
            INSERT INTO score (playerId, xp, lastActiveAt) VALUES (\(playerID), \(xp), \(occurredAt))
            ON CONFLICT (playerId) DO UPDATE SET xp = score.xp + excluded.xp, lastActiveAt = excluded.lastActiveAt
            """, logger: logger)
        try await connection.run("""
            INSERT INTO weeklyScore (playerId, weekStart, xp) VALUES (\(playerID), \(weeks.start(of: date))::date, \(xp))
            ON CONFLICT (weekStart, playerId) DO UPDATE SET xp = weeklyScore.xp + excluded.xp
            """, logger: logger)
        return GameEvent(id: id, playerID: playerID, kind: kind, checkpointID: checkpointID, riddleID: riddleID, xp: xp,
                         hintsUsed: hintsUsed, occurredAt: date, scanID: scanID, reason: reason)
    }
}
