import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// An open day with its count of live guests.
    private static let guestEventSelect = """
        SELECT guestEvent.id, guestEvent.name, guestEvent.startsAt, guestEvent.endsAt, guestEvent.joinCode, guestEvent.eraseAfterDays,
               guestEvent.guestOffers::text, guestEvent.createdAt, guestEvent.createdBy, guestEvent.guestsErasedAt,
               (SELECT COUNT(*) FROM player WHERE player.guestEventId = guestEvent.id AND player.deletedAt IS NULL)
        FROM guestEvent
        """
    private typealias GuestEventRow = (Int64, String, StoredDate, StoredDate, String, Int, String, StoredDate, String, StoredDate?, Int)

    private static func guestEvent(_ row: GuestEventRow) throws -> GuestEvent {
        GuestEvent(id: row.0, name: row.1, startsAt: row.2.date, endsAt: row.3.date, joinCode: row.4, eraseAfterDays: row.5,
                   guestOffers: try StoredJSON.decode([String].self, from: row.6), createdAt: row.7.date, createdBy: row.8,
                   guestsErasedAt: row.9?.date, guests: row.10)
    }

    private static let latestFirst = "ORDER BY guestEvent.startsAt DESC, guestEvent.id DESC"

    /// The open days `query` (``guestEventSelect`` with its condition) reads.
    private func guestEvents(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> [GuestEvent] {
        try await connection.rows(query, as: GuestEventRow.self, logger: logger).map(Self.guestEvent)
    }

    public func createGuestEvent(_ plan: GuestEventPlan, joinCode: String, createdBy: String, at date: Date,
                                 audit: @Sendable (GuestEvent) -> AuditRecord) async throws -> GuestEvent {
        do {
            return try await write { connection in
                let id = try await connection.returned("""
                    INSERT INTO guestEvent (name, startsAt, endsAt, joinCode, eraseAfterDays, erasesAt, guestOffers, createdAt, createdBy)
                    VALUES (\(plan.name), \(StoredDate(plan.startsAt)), \(StoredDate(plan.endsAt)), \(joinCode), \(plan.eraseAfterDays),
                            \(StoredDate(plan.erasesAt)), \(try StoredJSON.encode(plan.guestOffers))::jsonb,
                            \(StoredDate(date)), \(createdBy))
                    RETURNING id
                    """, as: Int64.self, from: "guestEvent", logger: logger)
                guard let event = try await guestEvents("\(unescaped: Self.guestEventSelect) WHERE guestEvent.id = \(id) \(unescaped: Self.latestFirst)", on: connection).first else { throw StorageError.noRowReturned("guestEvent") }
                _ = try await Self.appendAudit(audit(event), at: date, on: connection, logger: logger)
                return event
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw StorageError.conflict("joinCode")
        }
    }

    public func guestEvents() async throws -> [GuestEvent] {
        try await autocommit { connection in try await guestEvents("\(unescaped: Self.guestEventSelect) WHERE TRUE \(unescaped: Self.latestFirst)", on: connection) }
    }

    public func guestEvent(id: Int64) async throws -> GuestEvent? {
        try await autocommit { connection in try await guestEvents("\(unescaped: Self.guestEventSelect) WHERE guestEvent.id = \(id) \(unescaped: Self.latestFirst)", on: connection).first }
    }

    public func guestEvent(joinCode: String) async throws -> GuestEvent? {
        try await autocommit { connection in try await guestEvents("\(unescaped: Self.guestEventSelect) WHERE guestEvent.joinCode = \(joinCode) \(unescaped: Self.latestFirst)", on: connection).first }
    }

    public func joinGuestEvent(joinCode: String, account: NewGuestAccount, at date: Date,
                               decide: @Sendable (GuestEvent?) -> OpenDayRefusal?) async throws -> Result<Account, OpenDayRefusal> {
        try await write { connection in
            // The event's row lock: an erasure marking it waits for the joins under way, and
            // a join after it finds the event erased.
            try await connection.run("SELECT id FROM guestEvent WHERE joinCode = \(joinCode) FOR UPDATE", logger: logger)
            let event = try await guestEvents("\(unescaped: Self.guestEventSelect) WHERE guestEvent.joinCode = \(joinCode) \(unescaped: Self.latestFirst)", on: connection).first
            if let refusal = decide(event) { return .failure(refusal) }
            guard let event else { throw StorageError.notFound("guestEvent") }
            let id = try await connection.returned("""
                INSERT INTO player (email, username, displayName, createdAt, passwordHash, role, guestEventId)
                VALUES (\(account.email), \(account.username), \(account.nickname), \(StoredDate(date)), \(account.passwordHash),
                        \(Role.player.rawValue), \(event.id))
                RETURNING id
                """, as: Int64.self, from: "player", logger: logger)
            // As SQLite's code does, the answer is the values given, not the stored ones.
            return .success(Account(player: Player(id: id, email: account.email, username: account.username, displayName: account.nickname, createdAt: date),
                                    role: .player, partnerID: nil, emailVerifiedAt: nil, passwordHash: account.passwordHash, deletedAt: nil,
                                    guestEventID: event.id))
        }
    }

    public func guestLedgers(eventID: Int64) async throws -> [PlayerLedger] {
        let rows = try await autocommit { connection in
            try await connection.rows("""
                SELECT \(unescaped: Columns.player), \(unescaped: Columns.event) FROM player
                LEFT JOIN gameEvent ON gameEvent.playerId = player.id
                WHERE player.guestEventId = \(eventID) AND player.deletedAt IS NULL ORDER BY player.id, gameEvent.id
                """, as: Columns.PlayerEventRow.self, logger: logger)
        }
        return try Columns.ledgers(rows)
    }

    public func guestEventsDue(at date: Date) async throws -> [GuestEvent] {
        try await autocommit { connection in
            try await guestEvents("\(unescaped: Self.guestEventSelect) WHERE guestEvent.guestsErasedAt IS NULL AND guestEvent.erasesAt <= \(StoredDate(date)) \(unescaped: Self.latestFirst)", on: connection)
        }
    }

    public func guestIDs(eventID: Int64) async throws -> [Int64] {
        try await autocommit { connection in
            try await connection.values("SELECT id FROM player WHERE guestEventId = \(eventID) AND deletedAt IS NULL ORDER BY id",
                                        as: Int64.self, logger: logger)
        }
    }

    public func markGuestsErased(eventID: Int64, at date: Date, audit: AuditRecord) async throws {
        try await write { connection in
            guard try await connection.count("""
                UPDATE guestEvent SET guestsErasedAt = \(StoredDate(date)) WHERE id = \(eventID) AND guestsErasedAt IS NULL RETURNING id
                """, logger: logger) == 1 else { return }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
        }
    }

    public func signUpGuest(playerID: Int64, as signUp: GuestSignUp, at date: Date) async throws -> Account {
        do {
            return try await write { connection in
                guard let row = try await connection.row("""
                    SELECT \(unescaped: Columns.player) FROM player
                    WHERE id = \(playerID) AND deletedAt IS NULL AND guestEventId IS NOT NULL FOR UPDATE
                    """, as: Columns.PlayerRow.self, logger: logger)
                else { throw StorageError.notFound("guest \(playerID)") }
                // Emails and usernames compare as SQLite's NOCASE columns do (see the migrations).
                if try await connection.count("SELECT 1 FROM player WHERE nocase(email) = nocase(\(signUp.email))", logger: logger) > 0 {
                    throw StorageError.conflict("email")
                }
                if try await connection.count("""
                    SELECT 1 FROM player WHERE nocase(username) = nocase(\(signUp.username)) AND id <> \(playerID)
                    """, logger: logger) > 0 {
                    throw StorageError.conflict("username")
                }
                try await connection.run("""
                    UPDATE player SET email = \(signUp.email), username = \(signUp.username), passwordHash = \(signUp.passwordHash), guestEventId = NULL
                    WHERE id = \(playerID)
                    """, logger: logger)
                try await connection.run("DELETE FROM emailVerification WHERE playerId = \(playerID)", logger: logger)
                try await connection.run("""
                    INSERT INTO emailVerification (playerId, codeHash, expiresAt, failedAttempts)
                    VALUES (\(playerID), \(signUp.verificationCodeHash), \(StoredDate(signUp.verificationExpiresAt)), 0)
                    """, logger: logger)
                try await queue(signUp.mail, at: date, connection)
                var account = try Columns.account(row)
                account.player.email = signUp.email
                account.player.username = signUp.username
                account.passwordHash = signUp.passwordHash
                account.guestEventID = nil
                return account
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            throw StorageError.conflict((error.constraintName ?? "").contains("username") ? "username" : "email")
        }
    }
}
