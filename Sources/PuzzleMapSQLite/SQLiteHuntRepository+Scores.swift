import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    /// Appends a ledger event and, in the same transaction, adds its XP to the player's
    /// all-time and weekly scores that leaderboards read. The ledger stays the truth; the scores
    /// are its running sums.
    func append(_ record: inout GameEventRecord, _ db: Database) throws {
        try record.insert(db)
        try db.execute(sql: """
            INSERT INTO score (playerId, xp, lastActiveAt) VALUES (?, ?, ?)
            ON CONFLICT(playerId) DO UPDATE SET xp = xp + excluded.xp, lastActiveAt = excluded.lastActiveAt
            """, arguments: [record.playerId, record.xp, record.occurredAt])
        try db.execute(sql: """
            INSERT INTO weeklyScore (playerId, weekStart, xp) VALUES (?, ?, ?)
            ON CONFLICT(weekStart, playerId) DO UPDATE SET xp = xp + excluded.xp
            """, arguments: [record.playerId, weeks.start(of: record.occurredAt), record.xp])
    }
}
