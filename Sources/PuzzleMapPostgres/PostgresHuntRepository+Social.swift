import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func isBlocked(_ a: Int64, _ b: Int64) async throws -> Bool {
        try await autocommit { connection in
            try await connection.count("""
                SELECT 1 FROM block WHERE (blocker = \(a) AND blocked = \(b)) OR (blocker = \(b) AND blocked = \(a)) LIMIT 1
                """, logger: logger) > 0
        }
    }

    private static func pair(_ a: Int64, _ b: Int64) -> (Int64, Int64) { a < b ? (a, b) : (b, a) }

    private func friends(_ a: Int64, _ b: Int64, _ connection: PostgresConnection) async throws -> Bool {
        let (x, y) = Self.pair(a, b)
        return try await connection.count("SELECT 1 FROM friendship WHERE playerA = \(x) AND playerB = \(y)", logger: logger) > 0
    }

    private func request(from: Int64, to: Int64, _ connection: PostgresConnection) async throws -> Int64? {
        try await connection.value("SELECT id FROM friendRequest WHERE fromPlayer = \(from) AND toPlayer = \(to)", as: Int64.self, logger: logger)
    }

    public func changeFriendship(of player: Int64, with other: Int64, at date: Date,
                                 decide: @Sendable (FriendshipState) -> FriendshipChange,
                                 announce events: @Sendable (FriendshipChange) -> [LiveEvent]) async throws -> (change: FriendshipChange, requestSent: Int64?) {
        try await write { connection in
            // Both players locked: two who ask each other at once become friends, as they
            // would one after the other, and an answer sees a block made meanwhile.
            try await lockPlayers(player, other, connection)
            let state = FriendshipState(areFriends: try await friends(player, other, connection),
                                        requestSent: try await request(from: player, to: other, connection),
                                        requestReceived: try await request(from: other, to: player, connection))
            let change = decide(state)
            let (x, y) = Self.pair(player, other)
            if change.unfriend {
                try await connection.run("DELETE FROM friendship WHERE playerA = \(x) AND playerB = \(y)", logger: logger)
            }
            if change.withdrawRequests {
                try await connection.run("""
                    DELETE FROM friendRequest
                    WHERE (fromPlayer = \(player) AND toPlayer = \(other)) OR (fromPlayer = \(other) AND toPlayer = \(player))
                    """, logger: logger)
            }
            if change.withdrawReceived {
                try await connection.run("DELETE FROM friendRequest WHERE fromPlayer = \(other) AND toPlayer = \(player)", logger: logger)
            }
            if change.befriend {
                try await connection.run("""
                    INSERT INTO friendship (playerA, playerB, since) VALUES (\(x), \(y), \(StoredDate(date))) ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            if change.request {
                try await connection.run("""
                    INSERT INTO friendRequest (fromPlayer, toPlayer, createdAt) VALUES (\(player), \(other), \(StoredDate(date))) ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            if change.block {
                try await connection.run("""
                    INSERT INTO block (blocker, blocked, createdAt) VALUES (\(player), \(other), \(StoredDate(date))) ON CONFLICT DO NOTHING
                    """, logger: logger)
            }
            try await announce(events(change), at: date, connection)
            return (change, try await request(from: player, to: other, connection))
        }
    }

    public func friendRequestSender(id: Int64, to playerID: Int64) async throws -> Int64? {
        try await autocommit { connection in
            try await connection.value("SELECT fromPlayer FROM friendRequest WHERE id = \(id) AND toPlayer = \(playerID)", as: Int64.self, logger: logger)
        }
    }

    public func friendRequests(playerID: Int64) async throws -> (incoming: [FriendRequest], outgoing: [FriendRequest]) {
        try await autocommit { connection in
            let rows = try await connection.rows("""
                SELECT r.id, r.createdAt, f.id, f.email, f.username, f.displayName, f.createdAt,
                       t.id, t.email, t.username, t.displayName, t.createdAt
                FROM friendRequest r JOIN player f ON f.id = r.fromPlayer JOIN player t ON t.id = r.toPlayer
                WHERE r.fromPlayer = \(playerID) OR r.toPlayer = \(playerID) ORDER BY r.id
                """, as: (Int64, StoredDate, Int64, String, String, String, StoredDate, Int64, String, String, String, StoredDate).self,
                logger: logger)
            let requests = rows.map { row in
                FriendRequest(
                    id: row.0,
                    from: Player(id: row.2, email: row.3, username: row.4, displayName: row.5, createdAt: row.6.date),
                    to: Player(id: row.7, email: row.8, username: row.9, displayName: row.10, createdAt: row.11.date),
                    createdAt: row.1.date
                )
            }
            return (requests.filter { $0.to.id == playerID }, requests.filter { $0.from.id == playerID })
        }
    }

    public func friendVersions(playerID: Int64) async throws -> [FriendVersion] {
        try await autocommit { connection in
            try await connection.rows(Prepared<FriendVersions>(playerID), as: (Int64, String, String, String, StoredDate, String, String, String?, StoredDate?, StoredDate?, StoredDate?, String?, Int64?, Int64).self,
                logger: logger)
        }.map { a, b, c, d, e, f, g, h, i, j, k, l, m, playVersion in
            FriendVersion(player: try Columns.account((a, b, c, d, e, f, g, h, i, j, k, l, m)).player, playVersion: playVersion)
        }
    }

    public func friendLedgers(playerID: Int64) async throws -> [PlayerLedger] {
        // One statement, so one snapshot.
        let rows = try await autocommit { connection in
            try await connection.rows(Prepared<FriendLedgers>(playerID), as: Columns.PlayerEventRow.self, logger: logger)
        }
        return try Columns.ledgers(rows)
    }

    public func areFriends(_ a: Int64, _ b: Int64) async throws -> Bool {
        try await autocommit { connection in try await friends(a, b, connection) }
    }

    public func unfriend(_ a: Int64, _ b: Int64) async throws -> Bool {
        try await autocommit { connection in
            let (x, y) = Self.pair(a, b)
            return try await connection.count("DELETE FROM friendship WHERE playerA = \(x) AND playerB = \(y) RETURNING playerA", logger: logger) == 1
        }
    }

    public func unblock(blocker: Int64, blocked: Int64) async throws -> Bool {
        try await autocommit { connection in
            try await connection.count("DELETE FROM block WHERE blocker = \(blocker) AND blocked = \(blocked) RETURNING blocker", logger: logger) == 1
        }
    }

    // MARK: Leaderboards

    /// The board's table, and the condition that picks its rows. Every board statement starts
    /// with the CTE `week`, the Monday that starts the week of the date, as the weekly scores
    /// were written.
    static func board(_ period: LeaderboardPeriod) -> (table: String, filter: String) {
        switch period {
        case .all: ("score", "TRUE")
        case .week: ("weeklyScore", "s.weekStart = (SELECT start FROM week)")
        }
    }

    /// A player's XP on the board among friends, where everyone in the circle stands: 0 without
    /// any (no score row, or a total corrected down to 0 or below).
    static let circleXP = "GREATEST(COALESCE(s.xp, 0), 0)"

    /// The board statement's text: the viewer's id is `$1`, the date's campus week `$2`, and how
    /// many players not hidden it shows `$3`.
    static func boardSQL(_ period: LeaderboardPeriod, friendsOnly: Bool) -> String {
        let (table, filter) = board(period)
        return if friendsOnly {
            """
            WITH week AS (SELECT $2::text::date AS start),
                 hidden AS (SELECT blocked AS id FROM block WHERE blocker = $1 UNION SELECT blocker FROM block WHERE blocked = $1),
                 circle AS (SELECT ARRAY(SELECT playerB FROM friendship WHERE playerA = $1
                                         UNION ALL SELECT playerA FROM friendship WHERE playerB = $1) || $1::bigint AS ids),
                 board AS (SELECT \(circleXP) AS boardXP,
                                  \(period == .all ? circleXP : "COALESCE((SELECT xp FROM score WHERE playerId = player.id), 0)") AS allTimeXP,
                                  player.id, player.email, player.username, player.displayName, player.createdAt
                           FROM player LEFT JOIN \(table) s ON s.playerId = player.id AND \(filter)
                           WHERE player.id = ANY((SELECT ids FROM circle)::bigint[]) AND player.deletedAt IS NULL),
                 shown AS (SELECT * FROM board WHERE id NOT IN (SELECT id FROM hidden) ORDER BY boardXP DESC, id LIMIT $3),
                 top AS (SELECT * FROM shown
                         UNION ALL SELECT * FROM board WHERE id IN (SELECT id FROM hidden)
                           AND ((SELECT COUNT(*) FROM shown) < $3
                                OR (boardXP, -id) > (SELECT boardXP, -id FROM shown ORDER BY boardXP, id DESC LIMIT 1))),
                 mine AS (SELECT \(circleXP) AS xp FROM (SELECT 1) one
                          LEFT JOIN \(table) s ON \(filter) AND s.playerId = $1)
            SELECT 0 AS part, top.boardXP AS xp, top.allTimeXP::bigint AS allTimeXP, top.id, top.email, top.username, top.displayName, top.createdAt FROM top
            UNION ALL SELECT 1, NULL, NULL, hidden.id, NULL, NULL, NULL, NULL FROM hidden
            UNION ALL SELECT 2, mine.xp, (SELECT COUNT(*) FROM \(table) s
                                          WHERE \(filter) AND s.xp > mine.xp AND s.playerId = ANY((SELECT ids FROM circle)::bigint[])),
                             NULL, NULL, NULL, NULL, NULL FROM mine
            ORDER BY part, xp DESC, id
            """
        } else {
            """
            WITH week AS (SELECT $2::text::date AS start),
                 hidden AS (SELECT blocked AS id FROM block WHERE blocker = $1 UNION SELECT blocker FROM block WHERE blocked = $1),
                 ranked AS (SELECT s.playerId, s.xp FROM \(table) s
                            WHERE \(filter) AND s.xp > 0 AND s.playerId NOT IN (SELECT id FROM hidden)
                            ORDER BY s.xp DESC, s.playerId LIMIT \(LeaderboardEntry.mostShown)),
                 shown AS (SELECT * FROM ranked ORDER BY xp DESC, playerId LIMIT $3),
                 top AS (SELECT * FROM shown
                         UNION ALL SELECT s.playerId, s.xp FROM \(table) s JOIN hidden ON hidden.id = s.playerId
                           WHERE \(filter) AND s.xp > 0
                             AND ((SELECT COUNT(*) FROM shown) < $3
                                  OR (s.xp, -s.playerId) > (SELECT xp, -playerId FROM shown ORDER BY xp, playerId DESC LIMIT 1))),
                 mine AS (SELECT s.xp FROM \(table) s WHERE \(filter) AND s.playerId = $1 AND s.xp > 0)
            SELECT 0 AS part, top.xp AS xp,
                   \(period == .all ? "top.xp" : "COALESCE((SELECT xp FROM score WHERE playerId = top.playerId), top.xp)")::bigint AS allTimeXP,
                   player.id, player.email, player.username, player.displayName, player.createdAt
            FROM top JOIN player ON player.id = top.playerId
            UNION ALL SELECT 1, NULL, NULL, hidden.id, NULL, NULL, NULL, NULL FROM hidden
            UNION ALL SELECT 2, mine.xp, (SELECT COALESCE(SUM(s.players), 0) FROM \(table)Tally s WHERE \(filter) AND s.xp > mine.xp)::bigint,
                             NULL, NULL, NULL, NULL, NULL FROM mine
            ORDER BY part, xp DESC, id
            """
        }
    }

    /// The view in one statement, so in one snapshot without a transaction and one round trip:
    /// the players hidden from the viewer either way (part 1), the board down to its `shown`-th
    /// player not hidden, best first, ties by id, each with their all-time XP (part 0): the
    /// first `shown` not hidden, and the hidden ones on the board ahead of the last of them; and
    /// the viewer's own XP with how many have more (part 2). Each of the four boards is a
    /// statement prepared once per connection (`BoardStatement`).
    ///
    /// Among everyone, the board is its index read in board order (erased players have no score
    /// rows), and those ahead of the viewer are the totals above theirs, each with how many hold
    /// it: as cheap at the bottom of the board as at the top. The index is read to at most
    /// `LeaderboardEntry.mostShown` rows, a number in the text, and `shown` of those taken: a
    /// plan made for any `shown` (PostgreSQL's generic plan, made once) then expects a few rows
    /// and looks each player up by id, where with `LIMIT $3` alone it expected a tenth of the
    /// board, joined it to every player by a merge, and so was never chosen over planning
    /// afresh each time (0.4 ms of planning for 0.2 ms of work). Among friends, the circle's ids
    /// are gathered first into an array: handed the ids, the planner reads the few by id and
    /// sorts them, where handed the friendships it walked the whole board looking for them.
    /// The circle's players are read and their scores joined to them, so that those without a
    /// score row are there too, at 0.
    public func boardView(playerID: Int64, period: LeaderboardPeriod, friendsOnly: Bool, at date: Date,
                          shown: Int) async throws -> BoardView {
        let values = PostgresBindings(playerID, weeks.start(of: date), Int64(shown))
        let statement: any HotStatement = switch (period, friendsOnly) {
        case (.all, false): BoardStatement<EveryoneAllTime>(bindings: values)
        case (.week, false): BoardStatement<EveryoneThisWeek>(bindings: values)
        case (.all, true): BoardStatement<FriendsAllTime>(bindings: values)
        case (.week, true): BoardStatement<FriendsThisWeek>(bindings: values)
        }
        let rows = try await autocommit { connection in
            try await connection.rows(statement, as: (Int, Int?, Int64?, Int64?, String?, String?, String?, StoredDate?).self, logger: logger)
        }
        var hidden = Set<Int64>()
        var top: [(score: PlayerScore, allTimeXP: Int)] = []
        var mine: BoardView.Mine?
        for (part, xp, number, id, email, username, displayName, createdAt) in rows {
            switch (part, xp, number, id, email, username, displayName, createdAt) {
            case let (0, xp?, allTimeXP?, id?, email?, username?, displayName?, createdAt?):
                let player = Player(id: id, email: email, username: username, displayName: displayName, createdAt: createdAt.date)
                top.append((PlayerScore(player: player, xp: xp), Int(allTimeXP)))
            case let (1, _, _, id?, _, _, _, _):
                hidden.insert(id)
            case let (2, xp?, ahead?, _, _, _, _, _):
                mine = BoardView.Mine(xp: xp, playersAhead: Int(ahead))
            default:
                throw StorageError.unknownValue("a board row of part \(part)")
            }
        }
        return BoardView(period: period, hidden: hidden, top: top, mine: mine)
    }
}

extension PostgresHuntRepository {
    /// The top of a board among everyone and its totals, in one statement (one snapshot): the
    /// index read in board order to at most `LeaderboardEntry.mostShown` rows, `count` of them
    /// taken (`$2`; so one generic plan serves, as for `boardSQL`), each with their player
    /// (part 0), then one row of every total above 0 and how many hold each, as two arrays
    /// (part 1; a board holds thousands of totals, sent and read at once).
    static func boardTopSQL(_ period: LeaderboardPeriod) -> String {
        let (table, filter) = board(period)
        return """
            WITH week AS (SELECT $1::text::date AS start),
                 ranked AS (SELECT s.playerId, s.xp FROM \(table) s WHERE \(filter) AND s.xp > 0
                            ORDER BY s.xp DESC, s.playerId LIMIT \(LeaderboardEntry.mostShown)),
                 top AS (SELECT * FROM ranked ORDER BY xp DESC, playerId LIMIT $2)
            SELECT 0 AS part, top.xp::bigint AS xp,
                   \(period == .all ? "top.xp" : "COALESCE((SELECT xp FROM score WHERE playerId = top.playerId), top.xp)")::bigint AS allTimeXP,
                   player.id, player.email, player.username, player.displayName, player.createdAt, NULL::bigint[] AS totals, NULL::bigint[] AS players
            FROM top JOIN player ON player.id = top.playerId
            UNION ALL SELECT 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL, array_agg(s.xp::bigint), array_agg(s.players::bigint) FROM \(table)Tally s
                      WHERE \(filter) AND s.xp > 0 AND s.players > 0
            ORDER BY part, xp DESC, id
            """
    }

    public func boardTop(period: LeaderboardPeriod, at date: Date, count: Int) async throws -> BoardTop {
        let values = PostgresBindings(weeks.start(of: date), Int64(count))
        let statement: any HotStatement = switch period {
        case .all: BoardTopStatement<EveryoneAllTime>(bindings: values)
        case .week: BoardTopStatement<EveryoneThisWeek>(bindings: values)
        }
        let rows = try await autocommit { connection in
            try await connection.rows(statement, as: (Int, Int?, Int?, Int64?, String?, String?, String?, StoredDate?, [Int]?, [Int]?).self, logger: logger)
        }
        var top: [(score: PlayerScore, allTimeXP: Int)] = []
        var totals: [BoardTop.Total] = []
        for (part, xp, allTimeXP, id, email, username, displayName, createdAt, xps, players) in rows {
            switch (part, xp, allTimeXP, id, email, username, displayName, createdAt) {
            case let (0, xp?, allTimeXP?, id?, email?, username?, displayName?, createdAt?):
                top.append((PlayerScore(player: Player(id: id, email: email, username: username, displayName: displayName, createdAt: createdAt.date), xp: xp),
                            allTimeXP))
            case (1, _, _, _, _, _, _, _):
                // An empty board's arrays are NULL.
                totals = zip(xps ?? [], players ?? []).map { BoardTop.Total(xp: $0, players: $1) }
            default:
                throw StorageError.unknownValue("a board top row of part \(part)")
            }
        }
        return BoardTop(period: period, top: top, asked: count, totals: totals)
    }

    /// The players hidden from the viewer (part 0), then their XP all time (part 1) and in the
    /// week starting `$2` (part 2).
    static let boardStandingSQL = """
        SELECT 0 AS part, hidden.id AS number
        FROM (SELECT blocked AS id FROM block WHERE blocker = $1 UNION SELECT blocker FROM block WHERE blocked = $1) hidden
        UNION ALL SELECT 1, COALESCE((SELECT xp FROM score WHERE playerId = $1), 0)::bigint
        UNION ALL SELECT 2, COALESCE((SELECT xp FROM weeklyScore WHERE playerId = $1 AND weekStart = $2::text::date), 0)::bigint
        """

    public func boardStanding(playerID: Int64, at date: Date) async throws -> BoardStanding {
        let rows = try await autocommit { connection in
            try await connection.rows(BoardStandingStatement(bindings: PostgresBindings(playerID, weeks.start(of: date))), as: (Int, Int64).self,
                                      logger: logger)
        }
        var standing = BoardStanding(hidden: [], allTimeXP: 0, weekXP: 0)
        for (part, number) in rows {
            switch part {
            case 0: standing.hidden.insert(number)
            case 1: standing.allTimeXP = Int(number)
            case 2: standing.weekXP = Int(number)
            default: throw StorageError.unknownValue("a board standing row of part \(part)")
            }
        }
        return standing
    }
}

/// One of the four boards: everyone's or the viewer's circle's, all time or this campus week.
protocol BoardShape {
    static var name: String { get }
    static var period: LeaderboardPeriod { get }
    static var friendsOnly: Bool { get }
}

/// A board among everyone, whose top every viewer shares (``BoardTopStatement``).
protocol EveryoneBoardShape: BoardShape {}

extension EveryoneBoardShape {
    static var friendsOnly: Bool { false }
}

enum EveryoneAllTime: EveryoneBoardShape {
    static let name = "board.everyone.all"
    static let period = LeaderboardPeriod.all
}

enum EveryoneThisWeek: EveryoneBoardShape {
    static let name = "board.everyone.week"
    static let period = LeaderboardPeriod.week
}

enum FriendsAllTime: BoardShape {
    static let name = "board.friends.all"
    static let period = LeaderboardPeriod.all
    static let friendsOnly = true
}

enum FriendsThisWeek: BoardShape {
    static let name = "board.friends.week"
    static let period = LeaderboardPeriod.week
    static let friendsOnly = true
}

/// A board view's statement, prepared once per connection for each of the four boards.
struct BoardStatement<Shape: BoardShape>: HotStatement {
    static var name: String { Shape.name }
    static var sql: String { PostgresHuntRepository.boardSQL(Shape.period, friendsOnly: Shape.friendsOnly) }
    static var bindingDataTypes: [PostgresDataType] { [.int8, .text, .int8] }
    let bindings: PostgresBindings
}

/// The top of a board among everyone and its totals, prepared once per connection for each
/// of the two.
struct BoardTopStatement<Shape: EveryoneBoardShape>: HotStatement {
    static var name: String { Shape.name + ".top" }
    static var sql: String { PostgresHuntRepository.boardTopSQL(Shape.period) }
    static var bindingDataTypes: [PostgresDataType] { [.text, .int8] }
    let bindings: PostgresBindings
}

/// A viewer's own part of the boards among everyone.
struct BoardStandingStatement: HotStatement {
    static let name = "board.standing"
    static let sql = PostgresHuntRepository.boardStandingSQL
    static var bindingDataTypes: [PostgresDataType] { [.int8, .text] }
    let bindings: PostgresBindings
}

/// A player's friends with their play versions, ordered as SQLite orders its NOCASE usernames.
enum FriendVersions: PlayerStatementText {
    static let name = "friends.versions"
    static let sql = """
        SELECT \(Columns.player), player.playVersion FROM friendship
        JOIN player ON player.id = CASE WHEN playerA = $1 THEN playerB ELSE playerA END
        WHERE (playerA = $1 OR playerB = $1) AND player.deletedAt IS NULL
        ORDER BY nocase(player.username), player.id
        """
}

/// A player's friends each joined with their events in the order written (a friend without
/// any: one row, its event columns NULL), a friend's rows together, friends ordered as SQLite
/// orders its NOCASE usernames.
enum FriendLedgers: PlayerStatementText {
    static let name = "friends.ledgers"
    static let sql = """
        SELECT \(Columns.player), \(Columns.event) FROM friendship
        JOIN player ON player.id = CASE WHEN playerA = $1 THEN playerB ELSE playerA END
        LEFT JOIN gameEvent ON gameEvent.playerId = player.id
        WHERE (playerA = $1 OR playerB = $1) AND player.deletedAt IS NULL
        ORDER BY nocase(player.username), player.id, gameEvent.id
        """
}
