import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    /// Appends a ledger event as the game made it (`GameEvent`'s constructors), numbered here,
    /// and in the same transaction adds its XP to the player's all-time and weekly scores that
    /// leaderboards read. The ledger stays the truth; the scores are its running sums.
    @discardableResult
    func append(_ event: GameEvent, _ db: Database) throws -> GameEvent {
        var record = GameEventRecord(id: nil, playerId: event.playerID, kind: event.kind, checkpointId: event.checkpointID, riddleId: event.riddleID,
                                     xp: event.xp, hintsUsed: event.hintsUsed, occurredAt: event.occurredAt, scanId: event.scanID, reason: event.reason)
        try record.insert(db)
        try db.cachedStatement(sql: """
            INSERT INTO score (playerId, xp, lastActiveAt) VALUES (?, ?, ?)
            ON CONFLICT(playerId) DO UPDATE SET xp = xp + excluded.xp, lastActiveAt = excluded.lastActiveAt
            """).execute(arguments: [event.playerID, event.xp, event.occurredAt])
        try db.cachedStatement(sql: """
            INSERT INTO weeklyScore (playerId, weekStart, xp) VALUES (?, ?, ?)
            ON CONFLICT(weekStart, playerId) DO UPDATE SET xp = xp + excluded.xp
            """).execute(arguments: [event.playerID, weeks.start(of: event.occurredAt), event.xp])
        return record.event
    }
}
