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

    private static func request(from: Int64, to: Int64, _ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT id FROM friendRequest WHERE fromPlayer = ? AND toPlayer = ?", arguments: [from, to])
    }

    public func changeFriendship(of player: Int64, with other: Int64, at date: Date,
                                 decide: @Sendable (FriendshipState) -> FriendshipChange,
                                 announce events: @Sendable (FriendshipChange) -> [LiveEvent]) async throws -> (change: FriendshipChange, requestSent: Int64?) {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            let state = FriendshipState(areFriends: try Self.friends(player, other, db), requestSent: try Self.request(from: player, to: other, db),
                                        requestReceived: try Self.request(from: other, to: player, db))
            let change = decide(state)
            let (x, y) = Self.pair(player, other)
            if change.unfriend {
                try db.execute(sql: "DELETE FROM friendship WHERE playerA = ? AND playerB = ?", arguments: [x, y])
            }
            if change.withdrawRequests {
                try db.execute(sql: "DELETE FROM friendRequest WHERE (fromPlayer = ? AND toPlayer = ?) OR (fromPlayer = ? AND toPlayer = ?)",
                               arguments: [player, other, other, player])
            }
            if change.withdrawReceived {
                try db.execute(sql: "DELETE FROM friendRequest WHERE fromPlayer = ? AND toPlayer = ?", arguments: [other, player])
            }
            if change.befriend {
                try db.execute(sql: "INSERT OR IGNORE INTO friendship (playerA, playerB, since) VALUES (?, ?, ?)", arguments: [x, y, date])
            }
            if change.request {
                try db.execute(sql: "INSERT OR IGNORE INTO friendRequest (fromPlayer, toPlayer, createdAt) VALUES (?, ?, ?)",
                               arguments: [player, other, date])
            }
            if change.block {
                try db.execute(sql: "INSERT OR IGNORE INTO block (blocker, blocked, createdAt) VALUES (?, ?, ?)", arguments: [player, other, date])
            }
            try announce(events(change), at: date, db)
            return (change, try Self.request(from: player, to: other, db))
        }
    }

    public func friendRequestSender(id: Int64, to playerID: Int64) async throws -> Int64? {
        try await database.read { db in
            try Int64.fetchOne(db, sql: "SELECT fromPlayer FROM friendRequest WHERE id = ? AND toPlayer = ?", arguments: [id, playerID])
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

    public func friendVersions(playerID: Int64) async throws -> [FriendVersion] {
        try await database.read { db in
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT player.* FROM friendship JOIN player ON player.id = CASE WHEN playerA = ? THEN playerB ELSE playerA END
                WHERE (playerA = ? OR playerB = ?) AND player.deletedAt IS NULL ORDER BY player.username, player.id
                """), arguments: [playerID, playerID, playerID]).map { row in
                FriendVersion(player: try PlayerRecord(row: row).player, playVersion: row["playVersion"])
            }
        }
    }

    public func friendLedgers(playerID: Int64) async throws -> [PlayerLedger] {
        try await database.read { db in
            // One statement: each friend's row joined with their events in the order written
            // (a friend without any: one row, its event columns NULL), a friend's rows together.
            try Self.ledgers(db, sql: """
                SELECT player.*, gameEvent.* FROM friendship JOIN player ON player.id = CASE WHEN playerA = ? THEN playerB ELSE playerA END
                LEFT JOIN gameEvent ON gameEvent.playerId = player.id
                WHERE (playerA = ? OR playerB = ?) AND player.deletedAt IS NULL ORDER BY player.username, player.id, gameEvent.id
                """, arguments: [playerID, playerID, playerID])
        }
    }

    /// The ledgers a statement selecting `player.*, gameEvent.*` gives, ordered by player then
    /// event (a player without events: one row, its event columns NULL).
    static func ledgers(_ db: Database, sql: String, arguments: StatementArguments) throws -> [PlayerLedger] {
        let columns = try splittingRowAdapters(columnCounts: [db.columns(in: "player").count, db.columns(in: "gameEvent").count])
        let rows = try Row.fetchCursor(db, sql: sql, arguments: arguments, adapter: ScopeAdapter(["player": columns[0], "event": columns[1]]))
        var ledgers: [PlayerLedger] = []
        while let row = try rows.next() {
            let player: PlayerRecord = row["player"]
            if ledgers.last?.player.id != player.id { ledgers.append(PlayerLedger(player: player.player, events: [])) }
            if let event: GameEventRecord = row["event"] { ledgers[ledgers.count - 1].events.append(event.event) }
        }
        return ledgers
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

    public func unblock(blocker: Int64, blocked: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM block WHERE blocker = ? AND blocked = ?", arguments: [blocker, blocked])
            return db.changesCount == 1
        }
    }

    private static func blockedEitherWay(playerID: Int64, _ db: Database) throws -> Set<Int64> {
        try Int64.fetchSet(db.cachedStatement(sql: """
            SELECT blocked FROM block WHERE blocker = ? UNION SELECT blocker FROM block WHERE blocked = ?
            """), arguments: [playerID, playerID])
    }

    // MARK: Leaderboards

    /// The board's table, and the condition that picks its rows.
    private func board(_ period: LeaderboardPeriod, at date: Date) -> (table: String, filter: String, arguments: StatementArguments) {
        switch period {
        case .all: ("score", "1 = 1", [])
        case .week: ("weeklyScore", "s.weekStart = ?", [weeks.start(of: date)])
        }
    }

    /// The condition that keeps a board to a player and their friends (erased friends have no
    /// scores), or to everyone: the same text for every player, so each board's statements are
    /// compiled once per connection.
    private static func circle(friendsOf playerID: Int64?) -> (filter: String, arguments: StatementArguments) {
        guard let playerID else { return ("", []) }
        return (" AND s.playerId IN \(circleIDs)", [playerID, playerID, playerID])
    }

    /// The ids of a player's friends and the player, given their id three times.
    private static let circleIDs = "(SELECT playerB FROM friendship WHERE playerA = ? UNION ALL SELECT playerA FROM friendship WHERE playerB = ? UNION ALL SELECT ?)"

    /// A player's XP on the board among friends, where everyone in the circle stands: 0 without
    /// any (no score row, or a total corrected down to 0 or below).
    private static let circleXP = "MAX(COALESCE(s.xp, 0), 0)"

    /// The top `limit` of the board, best first, ties by id, each with their all-time XP (the
    /// same as the board's on the all-time one).
    private func topScores(period: LeaderboardPeriod, friendsOf: Int64?, limit: Int, at date: Date, _ db: Database) throws -> [(score: PlayerScore, allTimeXP: Int)] {
        let (table, filter, arguments) = board(period, at: date)
        let statement: Statement
        let statementArguments: StatementArguments
        if let friendsOf {
            // Among friends, the circle is read first and its scores joined to it, so that
            // those without a score row are on the board too.
            let allTime = period == .all ? Self.circleXP : "COALESCE((SELECT xp FROM score WHERE playerId = player.id), 0)"
            statement = try db.cachedStatement(sql: """
                SELECT \(Self.circleXP) AS boardXP, \(allTime), player.id, player.email, player.username, player.displayName, player.createdAt
                FROM player LEFT JOIN \(table) s ON s.playerId = player.id AND \(filter)
                WHERE player.id IN \(Self.circleIDs) AND player.deletedAt IS NULL
                ORDER BY boardXP DESC, player.id LIMIT ?
                """)
            statementArguments = arguments + [friendsOf, friendsOf, friendsOf, limit]
        } else {
            let allTime = period == .all ? "s.xp" : "COALESCE((SELECT xp FROM score WHERE playerId = s.playerId), s.xp)"
            // Erased players have no score rows, so the board is the index read in board order.
            statement = try db.cachedStatement(sql: """
                SELECT s.xp, \(allTime), player.id, player.email, player.username, player.displayName, player.createdAt
                FROM \(table) s JOIN player ON player.id = s.playerId WHERE \(filter) AND s.xp > 0
                ORDER BY s.xp DESC, s.playerId LIMIT ?
                """)
            statementArguments = arguments + [limit]
        }
        return try Row.fetchAll(statement, arguments: statementArguments).map { row in
            (PlayerScore(player: Player(id: row[2], email: row[3], username: row[4], displayName: row[5], createdAt: row[6]), xp: row[0]), row[1])
        }
    }

    private func score(playerID: Int64, period: LeaderboardPeriod, friendsOf: Int64?, at date: Date, _ db: Database) throws -> BoardView.Mine? {
        let (table, filter, arguments) = board(period, at: date)
        // On the board among friends the player always stands; on everyone's, only with XP.
        let mine = friendsOf == nil
            ? "SELECT xp FROM \(table) s WHERE \(filter) AND s.playerId = ? AND s.xp > 0"
            : "SELECT \(Self.circleXP) FROM (SELECT 1) LEFT JOIN \(table) s ON \(filter) AND s.playerId = ?"
        guard let xp = try Int.fetchOne(db.cachedStatement(sql: mine), arguments: arguments + [playerID]) else { return nil }
        let circle = Self.circle(friendsOf: friendsOf)
        // Among everyone, the totals above the player's, each with how many hold it: as cheap at
        // the bottom of the board as at the top. Among friends, a count of the few.
        let ahead = circle.filter.isEmpty
            ? "SELECT COALESCE(SUM(s.players), 0) FROM \(table)Tally s WHERE \(filter) AND s.xp > ?"
            : "SELECT COUNT(*) FROM \(table) s WHERE \(filter) AND s.xp > ?\(circle.filter)"
        return BoardView.Mine(xp: xp, playersAhead: try Int.fetchOne(db.cachedStatement(sql: ahead), arguments: arguments + [xp] + circle.arguments) ?? 0)
    }

    public func boardView(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool, at date: Date,
                          shown: Int) async throws -> BoardView {
        try await database.read { db in
            let friendsOf = friendsOnly ? playerID : nil
            let hidden = try Self.blockedEitherWay(playerID: playerID, db)
            // The board's first rows hold its `shown`-th player not hidden, at most one row later
            // for each hidden; it ends with that player.
            var notHidden = 0
            let top = try topScores(period: period, friendsOf: friendsOf, limit: shown + hidden.count, at: date, db).prefix { row in
                defer { if !hidden.contains(row.score.player.id) { notHidden += 1 } }
                return notHidden < shown
            }
            return BoardView(period: period, hidden: hidden, top: Array(top), mine: try score(playerID: playerID, period: period, friendsOf: friendsOf, at: date, db))
        }
    }

    public func boardTop(period: LeaderboardPeriod, at date: Date, count: Int) async throws -> BoardTop {
        try await database.read { db in
            let (table, filter, arguments) = board(period, at: date)
            let top = try topScores(period: period, friendsOf: nil, limit: count, at: date, db)
            let totals = try Row.fetchAll(db.cachedStatement(sql: "SELECT xp, players FROM \(table)Tally s WHERE \(filter) AND s.xp > 0 AND s.players > 0"),
                                          arguments: arguments).map { BoardTop.Total(xp: $0[0], players: $0[1]) }
            return BoardTop(period: period, top: top, asked: count, totals: totals)
        }
    }

    public func boardStanding(playerID: Int64, at date: Date) async throws -> BoardStanding {
        try await database.read { db in
            let week = board(.week, at: date)
            return BoardStanding(
                hidden: try Self.blockedEitherWay(playerID: playerID, db),
                allTimeXP: try Int.fetchOne(db.cachedStatement(sql: "SELECT xp FROM score WHERE playerId = ?"), arguments: [playerID]) ?? 0,
                weekXP: try Int.fetchOne(db.cachedStatement(sql: "SELECT xp FROM weeklyScore s WHERE \(week.filter) AND s.playerId = ?"),
                                         arguments: week.arguments + [playerID]) ?? 0)
        }
    }
}
