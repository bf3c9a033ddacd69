import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func createAccount(
        email: String, username: String, displayName: String, passwordHash: String,
        verificationCodeHash: String, verificationExpiresAt: Date, mail: MailDraft, at date: Date
    ) async throws -> Account {
        do {
            return try await write { connection in
                // Emails and usernames compare as SQLite's NOCASE columns do (see the migrations).
                if try await connection.count("SELECT 1 FROM player WHERE nocase(email) = nocase(\(email))", logger: logger) > 0 {
                    throw StorageError.conflict("email")
                }
                if try await connection.count("SELECT 1 FROM player WHERE nocase(username) = nocase(\(username))", logger: logger) > 0 {
                    throw StorageError.conflict("username")
                }
                let id = try await connection.returned("""
                    INSERT INTO player (email, username, displayName, createdAt, passwordHash, role)
                    VALUES (\(email), \(username), \(displayName), \(StoredDate(date)), \(passwordHash), \(Role.player.rawValue))
                    RETURNING id
                    """, as: Int64.self, from: "player", logger: logger)
                // As SQLite's code does, the answer is the values given, not the stored ones.
                let account = Account(player: Player(id: id, email: email, username: username, displayName: displayName, createdAt: date),
                                      role: .player, partnerID: nil, emailVerifiedAt: nil, passwordHash: passwordHash, deletedAt: nil)
                try await connection.run("""
                    INSERT INTO emailVerification (playerId, codeHash, expiresAt, failedAttempts)
                    VALUES (\(account.player.id), \(verificationCodeHash), \(StoredDate(verificationExpiresAt)), 0)
                    """, logger: logger)
                try await queue(mail, at: date, connection)
                return account
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            // Lost a race with a simultaneous sign-up: the database's unique index decides.
            throw StorageError.conflict((error.constraintName ?? "").contains("username") ? "username" : "email")
        }
    }

    func queue(_ mail: MailDraft, at date: Date, _ connection: PostgresConnection) async throws {
        try await connection.run("""
            INSERT INTO mailOutbox (recipient, subject, body, createdAt, attempts, nextAttemptAt)
            VALUES (\(mail.recipient), \(mail.subject), \(mail.body), \(StoredDate(date)), 0, \(StoredDate(date)))
            """, logger: logger)
    }

    public func account(login: String) async throws -> Account? {
        try await autocommit { connection in
            try await connection.row("""
                SELECT \(unescaped: Columns.player) FROM player
                WHERE (nocase(email) = nocase(\(login)) OR nocase(username) = nocase(\(login))) AND deletedAt IS NULL
                ORDER BY id LIMIT 1
                """, as: Columns.PlayerRow.self, logger: logger).map(Columns.account)
        }
    }

    public func account(id: Int64) async throws -> Account? {
        try await autocommit { connection in
            try await connection.row(Prepared<PlayerAccount>(id), as: Columns.PlayerRow.self, logger: logger).map(Columns.account)
        }
    }

    public func updateAccount(id: Int64, displayName: String?, passwordHash: String?) async throws -> Account {
        try await autocommit { connection in
            guard let row = try await connection.row("""
                UPDATE player SET displayName = COALESCE(\(displayName), displayName), passwordHash = COALESCE(\(passwordHash), passwordHash)
                WHERE id = \(id) AND deletedAt IS NULL
                RETURNING \(unescaped: Columns.player)
                """, as: Columns.PlayerRow.self, logger: logger)
            else { throw StorageError.notFound("player \(id)") }
            return try Columns.account(row)
        }
    }

    public func setRole(email: String, role: Role, partnerID: String?) async throws -> Account {
        try await autocommit { connection in
            guard let row = try await connection.row("""
                UPDATE player SET role = \(role.rawValue), partnerId = \(partnerID)
                WHERE nocase(email) = nocase(\(email)) AND deletedAt IS NULL
                RETURNING \(unescaped: Columns.player)
                """, as: Columns.PlayerRow.self, logger: logger)
            else { throw StorageError.notFound("account \(email)") }
            return try Columns.account(row)
        }
    }

    public func eraseAccount(id: Int64, leaving placeholder: ErasedPlayer, at date: Date) async throws {
        try await write { connection in
            guard try await connection.count("""
                UPDATE player SET email = \(placeholder.email), username = \(placeholder.username), displayName = \(placeholder.displayName),
                    passwordHash = '', partnerId = NULL, deletedAt = \(StoredDate(date))
                WHERE id = \(id) AND deletedAt IS NULL
                RETURNING id
                """, logger: logger) == 1
            else { throw StorageError.notFound("player \(id)") }
            try await connection.run("DELETE FROM session WHERE playerId = \(id)", logger: logger)
            // Off the leaderboards; the ledger itself stays for anonymous aggregates.
            try await connection.run("DELETE FROM score WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM weeklyScore WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM emailVerification WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM passwordReset WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM pushSubscription WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM emailChange WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM pushTopicOff WHERE playerId = \(id)", logger: logger)
            try await connection.run("DELETE FROM playerLook WHERE playerId = \(id)", logger: logger)
            // The invitation that made a staff account keeps its history, not the address.
            try await connection.run("UPDATE staffInvitation SET email = \(placeholder.email) WHERE staffId = \(id)", logger: logger)
            // Their reports stay for the organisers, no longer theirs.
            try await connection.run("UPDATE problemReport SET playerId = NULL WHERE playerId = \(id)", logger: logger)
        }
    }

    // MARK: Email verification and password resets

    public func verifyEmail(playerID: Int64, at date: Date,
                            decide: @Sendable (PendingVerification) -> VerificationVerdict) async throws -> VerificationVerdict? {
        try await write { connection in
            // The row lock makes simultaneous wrong guesses each count.
            guard let (codeHash, expiresAt, failedAttempts) = try await connection.row("""
                SELECT codeHash, expiresAt, failedAttempts FROM emailVerification WHERE playerId = \(playerID) FOR UPDATE
                """, as: (String, StoredDate, Int).self, logger: logger)
            else { return nil }
            let verdict = decide(PendingVerification(codeHash: codeHash, expiresAt: expiresAt.date, failedAttempts: failedAttempts))
            switch verdict {
            case .verified:
                try await connection.run("DELETE FROM emailVerification WHERE playerId = \(playerID)", logger: logger)
                try await connection.run("UPDATE player SET emailVerifiedAt = \(StoredDate(date)) WHERE id = \(playerID) AND emailVerifiedAt IS NULL",
                                         logger: logger)
            case .wrongCode:
                try await connection.run("UPDATE emailVerification SET failedAttempts = failedAttempts + 1 WHERE playerId = \(playerID)",
                                         logger: logger)
            case .refused:
                break
            }
            return verdict
        }
    }

    public func replaceVerificationCode(playerID: Int64, codeHash: String, expiresAt: Date, mail: MailDraft, at date: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO emailVerification (playerId, codeHash, expiresAt, failedAttempts)
                VALUES (\(playerID), \(codeHash), \(StoredDate(expiresAt)), 0)
                ON CONFLICT (playerId) DO UPDATE SET codeHash = excluded.codeHash, expiresAt = excluded.expiresAt, failedAttempts = 0
                """, logger: logger)
            try await queue(mail, at: date, connection)
        }
    }

    public func requestEmailChange(playerID: Int64, newEmail: String, codeHash: String, expiresAt: Date, mails: [MailDraft], at date: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO emailChange (playerId, newEmail, codeHash, expiresAt, failedAttempts)
                VALUES (\(playerID), \(newEmail), \(codeHash), \(StoredDate(expiresAt)), 0)
                ON CONFLICT (playerId) DO UPDATE SET newEmail = excluded.newEmail, codeHash = excluded.codeHash, expiresAt = excluded.expiresAt,
                    failedAttempts = 0
                """, logger: logger)
            for mail in mails { try await queue(mail, at: date, connection) }
        }
    }

    public func pendingEmailChange(playerID: Int64) async throws -> String? {
        try await autocommit { connection in
            try await connection.value("SELECT newEmail FROM emailChange WHERE playerId = \(playerID)", as: String.self, logger: logger)
        }
    }

    public func confirmEmailChange(playerID: Int64, at date: Date,
                                   decide: @Sendable (PendingVerification) -> VerificationVerdict) async throws -> VerificationVerdict? {
        do {
            return try await write { connection in
                guard let (newEmail, codeHash, expiresAt, failedAttempts) = try await connection.row("""
                    SELECT newEmail, codeHash, expiresAt, failedAttempts FROM emailChange WHERE playerId = \(playerID) FOR UPDATE
                    """, as: (String, String, StoredDate, Int).self, logger: logger)
                else { return nil }
                let verdict = decide(PendingVerification(codeHash: codeHash, expiresAt: expiresAt.date, failedAttempts: failedAttempts))
                switch verdict {
                case .verified:
                    if try await connection.count("""
                        SELECT 1 FROM player WHERE nocase(email) = nocase(\(newEmail)) AND id <> \(playerID)
                        """, logger: logger) > 0 {
                        throw StorageError.conflict("email")
                    }
                    try await connection.run("DELETE FROM emailChange WHERE playerId = \(playerID)", logger: logger)
                    try await connection.run("UPDATE player SET email = \(newEmail), emailVerifiedAt = \(StoredDate(date)) WHERE id = \(playerID)",
                                             logger: logger)
                case .wrongCode:
                    try await connection.run("UPDATE emailChange SET failedAttempts = failedAttempts + 1 WHERE playerId = \(playerID)", logger: logger)
                case .refused:
                    break
                }
                return verdict
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            // Lost a race with a sign-up or another change to the same address.
            throw StorageError.conflict("email")
        }
    }

    public func createPasswordReset(playerID: Int64, tokenHash: String, expiresAt: Date, mail: MailDraft, at date: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO passwordReset (tokenHash, playerId, expiresAt) VALUES (\(tokenHash), \(playerID), \(StoredDate(expiresAt)))
                """, logger: logger)
            try await queue(mail, at: date, connection)
        }
    }

    public func resetPassword(tokenHash: String, newPasswordHash: String, at date: Date,
                              decide: @Sendable (PendingPasswordReset) -> Bool) async throws -> Int64? {
        try await write { connection in
            // The token's row lock: of simultaneous resets the later ones wait, then find it spent.
            guard let (playerID, expiresAt, usedAt) = try await connection.row("""
                SELECT passwordReset.playerId, passwordReset.expiresAt, passwordReset.usedAt
                FROM passwordReset JOIN player ON player.id = passwordReset.playerId
                WHERE passwordReset.tokenHash = \(tokenHash) AND player.deletedAt IS NULL
                FOR UPDATE OF passwordReset
                """, as: (Int64, StoredDate, StoredDate?).self, logger: logger),
                decide(PendingPasswordReset(playerID: playerID, expiresAt: expiresAt.date, usedAt: usedAt?.date))
            else { return nil }
            try await connection.run("UPDATE passwordReset SET usedAt = \(StoredDate(date)) WHERE tokenHash = \(tokenHash)", logger: logger)
            try await connection.run("UPDATE player SET passwordHash = \(newPasswordHash) WHERE id = \(playerID)", logger: logger)
            try await connection.run("UPDATE session SET revokedAt = \(StoredDate(date)) WHERE playerId = \(playerID) AND revokedAt IS NULL",
                                     logger: logger)
            return playerID
        }
    }

    // MARK: Sessions

    public func createSession(playerID: Int64, familyID: String, tokens: NewSessionTokens, at date: Date) async throws -> Session {
        try await autocommit { connection in
            try await insertSession(playerID: playerID, familyID: familyID, tokens: tokens, at: date, connection)
        }
    }

    private func insertSession(playerID: Int64, familyID: String, tokens: NewSessionTokens, at date: Date,
                               _ connection: PostgresConnection) async throws -> Session {
        let id = try await connection.returned("""
            INSERT INTO session (playerId, familyId, accessHash, refreshHash, accessExpiresAt, refreshExpiresAt, createdAt)
            VALUES (\(playerID), \(familyID), \(tokens.accessHash), \(tokens.refreshHash), \(StoredDate(tokens.accessExpiresAt)),
                    \(StoredDate(tokens.refreshExpiresAt)), \(StoredDate(date)))
            RETURNING id
            """, as: Int64.self, from: "session", logger: logger)
        return Session(id: id, playerID: playerID, familyID: familyID, accessExpiresAt: tokens.accessExpiresAt,
                       refreshExpiresAt: tokens.refreshExpiresAt)
    }

    public func signedIn(accessHash: String, at date: Date) async throws -> SignedIn? {
        try await autocommit { connection in
            guard let row = try await connection.rows(Prepared<SessionSignedIn>(key: accessHash), as: (
                Int64, Int64, String, StoredDate, StoredDate, StoredDate?, StoredDate?,
                Int64, String, String, String, StoredDate, String, String, String?, StoredDate?, StoredDate?, StoredDate?, String?, Int64?,
                Int64, Int64).self, logger: logger).first
            else { return nil }
            let session = Columns.session((row.0, row.1, row.2, row.3, row.4, row.5, row.6)).session
            // Compared here, to the instant as given, as SQLite's code does.
            guard session.accessExpiresAt > date else { return nil }
            let account = try Columns.account((row.7, row.8, row.9, row.10, row.11, row.12, row.13, row.14, row.15, row.16, row.17, row.18, row.19))
            return SignedIn(session: session, account: account, playVersion: row.20, friendsVersion: row.21)
        }
    }

    public func refreshSession(refreshHash: String, replacement: NewSessionTokens, at date: Date,
                               decide: @Sendable (RefreshingSession) -> RefreshDecision) async throws -> RefreshOutcome {
        try await write { connection in
            // Of two presenters of one token, the second waits for this lock and then finds the
            // token spent: a copy is in someone else's hands.
            guard let row = try await connection.row(
                "SELECT \(unescaped: Columns.session) FROM session WHERE refreshHash = \(refreshHash) FOR UPDATE",
                as: Columns.SessionRow.self, logger: logger)
            else { return .invalid }
            let (session, refreshedAt, revokedAt) = Columns.session(row)
            switch decide(RefreshingSession(session: session, refreshedAt: refreshedAt, revokedAt: revokedAt)) {
            case .rotate:
                try await connection.run("""
                    UPDATE session SET refreshedAt = \(StoredDate(date)), revokedAt = \(StoredDate(date)) WHERE id = \(session.id)
                    """, logger: logger)
                return .rotated(try await insertSession(playerID: session.playerID, familyID: session.familyID, tokens: replacement, at: date,
                                                        connection))
            case .revokeFamily:
                try await connection.run("""
                    UPDATE session SET revokedAt = \(StoredDate(date)) WHERE familyId = \(session.familyID) AND revokedAt IS NULL
                    """, logger: logger)
                return .reuseDetected
            case .refuse:
                return .invalid
            }
        }
    }

    public func revokeSession(id: Int64, at date: Date) async throws {
        try await autocommit { connection in
            try await connection.run("UPDATE session SET revokedAt = \(StoredDate(date)) WHERE id = \(id) AND revokedAt IS NULL", logger: logger)
        }
    }

    public func revokeAllSessions(playerID: Int64, keeping: Int64?, at date: Date) async throws {
        try await autocommit { connection in
            try await connection.run("""
                UPDATE session SET revokedAt = \(StoredDate(date))
                WHERE playerId = \(playerID) AND revokedAt IS NULL AND id IS DISTINCT FROM \(keeping)
                """, logger: logger)
        }
    }

    // MARK: Mail

    public func pendingMail(limit: Int, at date: Date) async throws -> [OutgoingMail] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT \(unescaped: Columns.mail) FROM mailOutbox WHERE sentAt IS NULL AND nextAttemptAt <= \(StoredDate(date))
                ORDER BY id LIMIT \(limit)
                """, as: Columns.MailRow.self, logger: logger).map(Columns.mail)
        }
    }

    public func allMail(limit: Int) async throws -> [OutgoingMail] {
        try await autocommit { connection in
            try await connection.rows("SELECT \(unescaped: Columns.mail) FROM mailOutbox ORDER BY id DESC LIMIT \(limit)",
                                      as: Columns.MailRow.self, logger: logger).map(Columns.mail)
        }
    }

    public func markMailSent(id: Int64, at date: Date) async throws {
        try await autocommit { connection in
            try await connection.run("UPDATE mailOutbox SET sentAt = \(StoredDate(date)), attempts = attempts + 1, lastError = NULL WHERE id = \(id)",
                                     logger: logger)
        }
    }

    public func markMailFailed(id: Int64, error: String, retryAt: Date) async throws {
        try await autocommit { connection in
            try await connection.run("""
                UPDATE mailOutbox SET attempts = attempts + 1, lastError = \(error), nextAttemptAt = \(StoredDate(retryAt)) WHERE id = \(id)
                """, logger: logger)
        }
    }

    // MARK: Rate limits

    /// One upsert, a single round trip on every scan and sign-in: the row lock it takes makes
    /// simultaneous events each count once. (SQLite's code compares the window in Swift with the
    /// instant as given; here it is the stored millisecond, which can differ only when an event
    /// falls within half a millisecond of the window's end.)
    public func countEvent(key: String, window: TimeInterval, at date: Date) async throws -> Int {
        try await autocommit { connection in
            try await connection.returned(CountedStatement(key: key, at: StoredDate(date), window: window), as: Int.self, from: "rateCounter",
                                          logger: logger)
        }
    }

    public func eventCount(key: String, window: TimeInterval, at date: Date) async throws -> Int {
        try await autocommit { connection in
            guard let (windowStart, count) = try await connection.row(Prepared<RateCount>(key: key), as: (StoredDate, Int).self, logger: logger),
                RateWindow.isCurrent(startedAt: windowStart.date, at: date, length: window)
            else { return 0 }
            return count
        }
    }
}

/// One more event counted under a key (a player's scans this minute, their forged codes), in
/// one statement, so simultaneous events count exactly; its CASE is `RateWindow.isCurrent` (a
/// window as old as its length, or as far in the future, is over), which the contract tests
/// hold both stores to. Its row gives the count.
struct CountedStatement: HotStatement {
    static let name = "rateCounter.counted"
    static let sql = """
        INSERT INTO rateCounter AS counter (key, windowStart, count) VALUES ($1, $2, 1)
        ON CONFLICT (key) DO UPDATE SET
            windowStart = CASE WHEN abs(extract(epoch FROM $2 - counter.windowStart)) >= $3 THEN excluded.windowStart
                               ELSE counter.windowStart END,
            count = CASE WHEN abs(extract(epoch FROM $2 - counter.windowStart)) >= $3 THEN 1
                         ELSE counter.count + 1 END
        RETURNING count
        """
    static let bindingDataTypes: [PostgresDataType] = [.text, .timestamptz, .float8]
    let bindings: PostgresBindings

    init(key: String, at now: StoredDate, window: TimeInterval) {
        bindings = PostgresBindings(key, now, window)
    }
}

/// The window and count kept under a key.
enum RateCount: KeyStatementText {
    static let name = "rateCounter.count"
    static let sql = "SELECT windowStart, count FROM rateCounter WHERE key = $1"
}

/// A player's account, unless it was erased: read before every scan.
enum PlayerAccount: PlayerStatementText {
    static let name = "player.account"
    static let sql = "SELECT \(Columns.player) FROM player WHERE id = $1 AND deletedAt IS NULL"
}

/// The session an access token's hash opens, with its player and their play version: every
/// request's first statement while the instance has not kept it.
enum SessionSignedIn: KeyStatementText {
    static let name = "session.signedIn"
    static let sql = """
        SELECT \(Columns.session), \(Columns.player), player.playVersion, player.friendsVersion
        FROM session JOIN player ON player.id = session.playerId
        WHERE session.accessHash = $1 AND session.revokedAt IS NULL AND player.deletedAt IS NULL
        """
}
