import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// Appends a ledger event as the game made it (`GameEvent`'s constructors), numbered here,
    /// and in the same transaction adds its XP to the player's all-time and weekly scores that
    /// leaderboards read. Each score is one upsert, so simultaneous events of one player all
    /// count. The event returned is the one given with its id, as SQLite's is.
    @discardableResult
    func append(_ event: GameEvent, _ connection: PostgresConnection) async throws -> GameEvent {
        let occurredAt = StoredDate(event.occurredAt)
        var stored = event
        stored.id = try await connection.returned("""
            INSERT INTO gameEvent (playerId, kind, checkpointId, riddleId, xp, hintsUsed, occurredAt, scanId, reason)
            VALUES (\(event.playerID), \(event.kind.rawValue), \(event.checkpointID), \(event.riddleID), \(event.xp), \(event.hintsUsed),
                    \(occurredAt), \(event.scanID), \(event.reason))
            RETURNING id
            """, as: Int64.self, from: "gameEvent", logger: logger)
        try await connection.run("""
            INSERT INTO score (playerId, xp, lastActiveAt) VALUES (\(event.playerID), \(event.xp), \(occurredAt))
            ON CONFLICT (playerId) DO UPDATE SET xp = score.xp + excluded.xp, lastActiveAt = excluded.lastActiveAt
            """, logger: logger)
        try await connection.run("""
            INSERT INTO weeklyScore (playerId, weekStart, xp) VALUES (\(event.playerID), \(weeks.start(of: event.occurredAt))::date, \(event.xp))
            ON CONFLICT (weekStart, playerId) DO UPDATE SET xp = weeklyScore.xp + excluded.xp
            """, logger: logger)
        return stored
    }
}
