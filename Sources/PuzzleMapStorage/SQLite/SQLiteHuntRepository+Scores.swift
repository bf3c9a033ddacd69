import Foundation
import GRDB
import PuzzleMapCore

extension SQLiteHuntRepository {
    /// Appends a ledger event and, in the same transaction, adds its XP to the player's
    /// all-time and weekly scores that leaderboards read. The ledger stays the truth; the scores
    /// are its running sums.
    static func append(_ record: inout GameEventRecord, _ db: Database) throws {
        try record.insert(db)
        try db.execute(sql: """
            INSERT INTO score (playerId, xp, lastActiveAt) VALUES (?, ?, ?)
            ON CONFLICT(playerId) DO UPDATE SET xp = xp + excluded.xp, lastActiveAt = excluded.lastActiveAt
            """, arguments: [record.playerId, record.xp, record.occurredAt])
        try db.execute(sql: """
            INSERT INTO weeklyScore (playerId, weekStart, xp) VALUES (?, ?, ?)
            ON CONFLICT(weekStart, playerId) DO UPDATE SET xp = xp + excluded.xp
            """, arguments: [record.playerId, weekStart(of: record.occurredAt), record.xp])
    }

    /// The Monday (UTC) that starts the week of `date`, as `YYYY-MM-DD`.
    static func weekStart(of date: Date) -> String {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let start = calendar.dateInterval(of: .weekOfYear, for: date)!.start
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }
}
