import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func isBlocked(_ a: Int64, _ b: Int64) async throws -> Bool {
        try await database.read { db in try Self.blocked(a, b, db) }
    }

    static func blocked(_ a: Int64, _ b: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: """
            SELECT EXISTS(SELECT 1 FROM block WHERE (blocker = ? AND blocked = ?) OR (blocker = ? AND blocked = ?))
            """, arguments: [a, b, b, a]) ?? false
    }

    private static func pair(_ a: Int64, _ b: Int64) -> (Int64, Int64) { a < b ? (a, b) : (b, a) }

    private static func friends(_ a: Int64, _ b: Int64, _ db: Database) throws -> Bool {
        let (x, y) = pair(a, b)
        return try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM friendship WHERE playerA = ? AND playerB = ?)", arguments: [x, y]) ?? false
    }

    private static func befriend(_ a: Int64, _ b: Int64, at date: Date, _ db: Database) throws {
        let (x, y) = pair(a, b)
        try db.execute(sql: "INSERT OR IGNORE INTO friendship (playerA, playerB, since) VALUES (?, ?, ?)", arguments: [x, y, date])
        try db.execute(sql: "DELETE FROM friendRequest WHERE (fromPlayer = ? AND toPlayer = ?) OR (fromPlayer = ? AND toPlayer = ?)",
                       arguments: [a, b, b, a])
    }

    public func requestFriend(from: Int64, to: Int64, mutual: Bool, at date: Date) async throws -> FriendRequestOutcome {
        try await database.write { db in
            if try Self.friends(from, to, db) { return .alreadyFriends }
            let reverse = try Bool.fetchOne(db, sql: "SELECT EXISTS(SELECT 1 FROM friendRequest WHERE fromPlayer = ? AND toPlayer = ?)",
                                            arguments: [to, from]) ?? false
            if mutual || reverse {
                try Self.befriend(from, to, at: date, db)
                return .befriended
            }
            try db.execute(sql: "INSERT OR IGNORE INTO friendRequest (fromPlayer, toPlayer, createdAt) VALUES (?, ?, ?)",
                           arguments: [from, to, date])
            let id = try Int64.fetchOne(db, sql: "SELECT id FROM friendRequest WHERE fromPlayer = ? AND toPlayer = ?", arguments: [from, to])!
            return .requested(id: id)
        }
    }

    public func friendRequests(playerID: Int64) async throws -> (incoming: [FriendRequest], outgoing: [FriendRequest]) {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT r.id AS requestId, r.createdAt AS requestedAt,
                       f.id AS fromId, f.email AS fromEmail, f.username AS fromUsername, f.displayName AS fromDisplayName,
                       f.createdAt AS fromCreatedAt,
                       t.id AS toId, t.email AS toEmail, t.username AS toUsername, t.displayName AS toDisplayName, t.createdAt AS toCreatedAt
                FROM friendRequest r JOIN player f ON f.id = r.fromPlayer JOIN player t ON t.id = r.toPlayer
                WHERE r.fromPlayer = ? OR r.toPlayer = ? ORDER BY r.id
                """, arguments: [playerID, playerID])
            // Every column aliased: the three tables share `id` and `createdAt`, and a row
            // answers a duplicated name with its leftmost column.
            let requests = rows.map { row in
                FriendRequest(
                    id: row["requestId"],
                    from: Player(id: row["fromId"], email: row["fromEmail"], username: row["fromUsername"], displayName: row["fromDisplayName"],
                                 createdAt: row["fromCreatedAt"]),
                    to: Player(id: row["toId"], email: row["toEmail"], username: row["toUsername"], displayName: row["toDisplayName"],
                               createdAt: row["toCreatedAt"]),
                    createdAt: row["requestedAt"]
                )
            }
            return (requests.filter { $0.to.id == playerID }, requests.filter { $0.from.id == playerID })
        }
    }

    public func answerFriendRequest(id: Int64, playerID: Int64, accept: Bool, at date: Date) async throws -> Bool {
        try await database.write { db in
            guard let from = try Int64.fetchOne(db, sql: "SELECT fromPlayer FROM friendRequest WHERE id = ? AND toPlayer = ?",
                                                arguments: [id, playerID])
            else { return false }
            if accept {
                try Self.befriend(from, playerID, at: date, db)
            } else {
                try db.execute(sql: "DELETE FROM friendRequest WHERE id = ?", arguments: [id])
            }
            return true
        }
    }

    public func friends(playerID: Int64) async throws -> [Player] {
        try await database.read { db in
            try PlayerRecord.fetchAll(db, sql: """
                SELECT player.* FROM friendship JOIN player ON player.id = CASE WHEN playerA = ? THEN playerB ELSE playerA END
                WHERE (playerA = ? OR playerB = ?) AND player.deletedAt IS NULL ORDER BY player.username
                """, arguments: [playerID, playerID, playerID]).map(\.player)
        }
    }

    public func areFriends(_ a: Int64, _ b: Int64) async throws -> Bool {
        try await database.read { db in try Self.friends(a, b, db) }
    }

    public func unfriend(_ a: Int64, _ b: Int64) async throws -> Bool {
        try await database.write { db in
            let (x, y) = Self.pair(a, b)
            try db.execute(sql: "DELETE FROM friendship WHERE playerA = ? AND playerB = ?", arguments: [x, y])
            return db.changesCount == 1
        }
    }

    public func block(blocker: Int64, blocked: Int64, at date: Date) async throws {
        try await database.write { db in
            let (x, y) = Self.pair(blocker, blocked)
            try db.execute(sql: "DELETE FROM friendship WHERE playerA = ? AND playerB = ?", arguments: [x, y])
            try db.execute(sql: "DELETE FROM friendRequest WHERE (fromPlayer = ? AND toPlayer = ?) OR (fromPlayer = ? AND toPlayer = ?)",
                           arguments: [blocker, blocked, blocked, blocker])
            try db.execute(sql: "INSERT OR IGNORE INTO block (blocker, blocked, createdAt) VALUES (?, ?, ?)", arguments: [blocker, blocked, date])
        }
    }

    public func unblock(blocker: Int64, blocked: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM block WHERE blocker = ? AND blocked = ?", arguments: [blocker, blocked])
            return db.changesCount == 1
        }
    }

    public func blockedEitherWay(playerID: Int64) async throws -> Set<Int64> {
        try await database.read { db in
            try Int64.fetchSet(db, sql: """
                SELECT blocked FROM block WHERE blocker = ? UNION SELECT blocker FROM block WHERE blocked = ?
                """, arguments: [playerID, playerID])
        }
    }

    // MARK: Leaderboards

    /// The board's table, and the condition that picks its rows.
    private func board(_ period: LeaderboardPeriod, at date: Date) -> (table: String, filter: String, arguments: StatementArguments) {
        switch period {
        case .all: ("score", "1 = 1", [])
        case .week: ("weeklyScore", "weekStart = ?", [weeks.start(of: date)])
        }
    }

    public func leaderboard(period: LeaderboardPeriod, among: [Int64]?, limit: Int, at date: Date) async throws -> [LeaderboardEntry] {
        try await database.read { db in
            let (table, filter, arguments) = board(period, at: date)
            // Erased players have no score rows, so the board is the index read in xp order.
            var sql = """
                SELECT s.xp AS scoreXp, player.* FROM \(table) s JOIN player ON player.id = s.playerId
                WHERE \(filter) AND s.xp > 0
                """
            var all = arguments
            if let among {
                sql += " AND s.playerId IN (\(among.map { _ in "?" }.joined(separator: ",")))"
                all += StatementArguments(among)
            }
            sql += " ORDER BY s.xp DESC, s.playerId LIMIT ?"
            all += [limit]
            var entries: [LeaderboardEntry] = []
            for row in try Row.fetchAll(db, sql: sql, arguments: all) {
                let xp: Int = row["scoreXp"]
                // Ties share a rank: one more than the number of players strictly ahead.
                let rank = entries.last.flatMap { $0.xp == xp ? $0.rank : nil } ?? (entries.count + 1)
                entries.append(LeaderboardEntry(rank: rank, player: try PlayerRecord(row: row).player, xp: xp))
            }
            return entries
        }
    }

    public func standing(playerID: Int64, period: LeaderboardPeriod, among: [Int64]?, at date: Date) async throws -> (rank: Int?, xp: Int) {
        try await database.read { db in
            let (table, filter, arguments) = board(period, at: date)
            var mineArguments = arguments
            mineArguments += [playerID]
            guard let xp = try Int.fetchOne(db, sql: "SELECT xp FROM \(table) WHERE \(filter) AND playerId = ?", arguments: mineArguments), xp > 0 else {
                return (nil, 0)
            }
            // An index range count on xp, not a scan of every player.
            var sql = "SELECT COUNT(*) FROM \(table) s WHERE \(filter) AND s.xp > ?"
            var all = arguments
            all += [xp]
            if let among {
                sql += " AND s.playerId IN (\(among.map { _ in "?" }.joined(separator: ",")))"
                all += StatementArguments(among)
            }
            let ahead = try Int.fetchOne(db, sql: sql, arguments: all) ?? 0
            return (ahead + 1, xp)
        }
    }

    public func lastActive(playerID: Int64) async throws -> Date? {
        try await database.read { db in try Date.fetchOne(db, sql: "SELECT lastActiveAt FROM score WHERE playerId = ?", arguments: [playerID]) }
    }

    public func allTimeXP(playerIDs: [Int64]) async throws -> [Int64: Int] {
        guard !playerIDs.isEmpty else { return [:] }
        return try await database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT playerId, xp FROM score WHERE playerId IN (\(playerIDs.map { _ in "?" }.joined(separator: ",")))",
                                        arguments: StatementArguments(playerIDs))
            return Dictionary(uniqueKeysWithValues: rows.map { ($0["playerId"] as Int64, $0["xp"] as Int) })
        }
    }

    // MARK: Gifts

    public func giftVoucher(id: Int64, from: Int64, to: Int64, dailyLimit: Int, dayStart: Date, at date: Date) async throws -> Result<Voucher, GiftRefusal> {
        try await database.write { db in
            let given = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM voucher WHERE giftedBy = ? AND giftedAt >= ?", arguments: [from, dayStart]) ?? 0
            guard given < dailyLimit else { return .failure(.dailyLimit) }
            // One conditional UPDATE: of two simultaneous gifts of one voucher, exactly one moves it.
            try db.execute(sql: """
                UPDATE voucher SET playerId = ?, giftedBy = ?, giftedAt = ?
                WHERE id = ? AND playerId = ? AND giftedBy IS NULL AND redeemedAt IS NULL AND expiresAt > ?
                """, arguments: [to, from, date, id, from, date])
            guard db.changesCount == 1, let record = try VoucherRecord.fetchOne(db, key: id) else { return .failure(.notGiftable) }
            return .success(record.voucher)
        }
    }
}
