import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func createAccount(
        email: String, username: String, displayName: String, passwordHash: String,
        verificationCodeHash: String, verificationExpiresAt: Date, mail: MailDraft, at date: Date
    ) async throws -> Account {
        try await database.write { db in
            if try PlayerRecord.filter(PlayerRecord.Columns.email == email).fetchCount(db) > 0 {
                throw StorageError.conflict("email")
            }
            if try PlayerRecord.filter(PlayerRecord.Columns.username == username).fetchCount(db) > 0 {
                throw StorageError.conflict("username")
            }
            var record = PlayerRecord(id: nil, email: email, username: username, displayName: displayName, createdAt: date,
                                      passwordHash: passwordHash, role: .player, partnerId: nil, emailVerifiedAt: nil, deletedAt: nil)
            do {
                try record.insert(db)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                // Lost a race with a simultaneous sign-up: the database's constraint decides.
                throw StorageError.conflict((error.message ?? "").contains("username") ? "username" : "email")
            }
            guard let id = record.id else { throw StorageError.noRowReturned("player") }
            try EmailVerificationRecord(playerId: id, codeHash: verificationCodeHash, expiresAt: verificationExpiresAt, failedAttempts: 0)
                .insert(db)
            var queued = MailRecord(mail, at: date)
            try queued.insert(db)
            return record.account
        }
    }

    public func account(login: String) async throws -> Account? {
        try await database.read { db in
            try PlayerRecord
                .filter(PlayerRecord.Columns.email == login || PlayerRecord.Columns.username == login)
                .filter(PlayerRecord.Columns.deletedAt == nil)
                .fetchOne(db)?.account
        }
    }

    public func account(id: Int64) async throws -> Account? {
        try await database.read { db in
            try PlayerRecord.filter(PlayerRecord.Columns.id == id).filter(PlayerRecord.Columns.deletedAt == nil).fetchOne(db)?.account
        }
    }

    public func updateAccount(id: Int64, displayName: String?, passwordHash: String?) async throws -> Account {
        try await database.write { db in
            guard var record = try PlayerRecord.fetchOne(db, key: id), record.deletedAt == nil else {
                throw StorageError.notFound("player \(id)")
            }
            if let displayName { record.displayName = displayName }
            if let passwordHash { record.passwordHash = passwordHash }
            try record.update(db)
            return record.account
        }
    }

    public func setRole(email: String, role: Role, partnerID: String?) async throws -> Account {
        try await database.write { db in
            guard var record = try PlayerRecord.filter(PlayerRecord.Columns.email == email)
                .filter(PlayerRecord.Columns.deletedAt == nil).fetchOne(db)
            else { throw StorageError.notFound("account \(email)") }
            record.role = role
            record.partnerId = partnerID
            try record.update(db)
            return record.account
        }
    }

    public func eraseAccount(id: Int64, leaving placeholder: ErasedPlayer, at date: Date) async throws {
        try await database.write { db in
            guard var record = try PlayerRecord.fetchOne(db, key: id), record.deletedAt == nil else {
                throw StorageError.notFound("player \(id)")
            }
            record.email = placeholder.email
            record.username = placeholder.username
            record.displayName = placeholder.displayName
            record.passwordHash = ""
            record.partnerId = nil
            record.deletedAt = date
            try record.update(db)
            try SessionRecord.filter(SessionRecord.Columns.playerId == id).deleteAll(db)
            // Off the leaderboards; the ledger itself stays for anonymous aggregates.
            try db.execute(sql: "DELETE FROM score WHERE playerId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM weeklyScore WHERE playerId = ?", arguments: [id])
            try EmailVerificationRecord.deleteOne(db, key: id)
            try PasswordResetRecord.filter(Column("playerId") == id).deleteAll(db)
            try db.execute(sql: "DELETE FROM pushSubscription WHERE playerId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM emailChange WHERE playerId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM pushTopicOff WHERE playerId = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM playerLook WHERE playerId = ?", arguments: [id])
            // The invitation that made a staff account keeps its history, not the address.
            try db.execute(sql: "UPDATE staffInvitation SET email = ? WHERE staffId = ?", arguments: [placeholder.email, id])
            // Their reports stay for the organisers, no longer theirs.
            try db.execute(sql: "UPDATE problemReport SET playerId = NULL WHERE playerId = ?", arguments: [id])
        }
    }

    // MARK: Email verification and password resets

    public func verifyEmail(playerID: Int64, at date: Date,
                            decide: @Sendable (PendingVerification) -> VerificationVerdict) async throws -> VerificationVerdict? {
        try await database.write { db in
            guard var pending = try EmailVerificationRecord.fetchOne(db, key: playerID) else { return nil }
            let verdict = decide(PendingVerification(codeHash: pending.codeHash, expiresAt: pending.expiresAt, failedAttempts: pending.failedAttempts))
            switch verdict {
            case .verified:
                try pending.delete(db)
                try db.execute(sql: "UPDATE player SET emailVerifiedAt = ? WHERE id = ? AND emailVerifiedAt IS NULL", arguments: [date, playerID])
            case .wrongCode:
                pending.failedAttempts += 1
                try pending.update(db)
            case .refused:
                break
            }
            return verdict
        }
    }

    public func replaceVerificationCode(playerID: Int64, codeHash: String, expiresAt: Date, mail: MailDraft, at date: Date) async throws {
        try await database.write { db in
            try EmailVerificationRecord(playerId: playerID, codeHash: codeHash, expiresAt: expiresAt, failedAttempts: 0).save(db)
            var queued = MailRecord(mail, at: date)
            try queued.insert(db)
        }
    }

    public func requestEmailChange(playerID: Int64, newEmail: String, codeHash: String, expiresAt: Date, mails: [MailDraft], at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO emailChange (playerId, newEmail, codeHash, expiresAt, failedAttempts) VALUES (?, ?, ?, ?, 0)
                ON CONFLICT (playerId) DO UPDATE SET newEmail = excluded.newEmail, codeHash = excluded.codeHash, expiresAt = excluded.expiresAt,
                    failedAttempts = 0
                """, arguments: [playerID, newEmail, codeHash, expiresAt])
            for mail in mails {
                var queued = MailRecord(mail, at: date)
                try queued.insert(db)
            }
        }
    }

    public func pendingEmailChange(playerID: Int64) async throws -> String? {
        try await database.read { db in try String.fetchOne(db, sql: "SELECT newEmail FROM emailChange WHERE playerId = ?", arguments: [playerID]) }
    }

    public func confirmEmailChange(playerID: Int64, at date: Date,
                                   decide: @Sendable (PendingVerification) -> VerificationVerdict) async throws -> VerificationVerdict? {
        try await database.write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT newEmail, codeHash, expiresAt, failedAttempts FROM emailChange WHERE playerId = ?",
                                             arguments: [playerID])
            else { return nil }
            let verdict = decide(PendingVerification(codeHash: row["codeHash"], expiresAt: row["expiresAt"], failedAttempts: row["failedAttempts"]))
            switch verdict {
            case .verified:
                let newEmail: String = row["newEmail"]
                if try PlayerRecord.filter(PlayerRecord.Columns.email == newEmail).filter(PlayerRecord.Columns.id != playerID).fetchCount(db) > 0 {
                    throw StorageError.conflict("email")
                }
                try db.execute(sql: "DELETE FROM emailChange WHERE playerId = ?", arguments: [playerID])
                do {
                    try db.execute(sql: "UPDATE player SET email = ?, emailVerifiedAt = ? WHERE id = ?", arguments: [newEmail, date, playerID])
                } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                    throw StorageError.conflict("email")
                }
            case .wrongCode:
                try db.execute(sql: "UPDATE emailChange SET failedAttempts = failedAttempts + 1 WHERE playerId = ?", arguments: [playerID])
            case .refused:
                break
            }
            return verdict
        }
    }

    public func createPasswordReset(playerID: Int64, tokenHash: String, expiresAt: Date, mail: MailDraft, at date: Date) async throws {
        try await database.write { db in
            try PasswordResetRecord(tokenHash: tokenHash, playerId: playerID, expiresAt: expiresAt, usedAt: nil).insert(db)
            var queued = MailRecord(mail, at: date)
            try queued.insert(db)
        }
    }

    public func resetPassword(tokenHash: String, newPasswordHash: String, at date: Date,
                              decide: @Sendable (PendingPasswordReset) -> Bool) async throws -> Int64? {
        try await database.write { db in
            guard var reset = try PasswordResetRecord.fetchOne(db, key: tokenHash),
                  var player = try PlayerRecord.fetchOne(db, key: reset.playerId), player.deletedAt == nil,
                  decide(PendingPasswordReset(playerID: reset.playerId, expiresAt: reset.expiresAt, usedAt: reset.usedAt))
            else { return nil }
            reset.usedAt = date
            try reset.update(db)
            player.passwordHash = newPasswordHash
            try player.update(db)
            try SessionRecord.filter(SessionRecord.Columns.playerId == reset.playerId).filter(SessionRecord.Columns.revokedAt == nil)
                .updateAll(db, SessionRecord.Columns.revokedAt.set(to: date))
            return reset.playerId
        }
    }

    // MARK: Sessions

    public func createSession(playerID: Int64, familyID: String, tokens: NewSessionTokens, at date: Date) async throws -> Session {
        try await database.write { db in try Self.insertSession(playerID: playerID, familyID: familyID, tokens: tokens, at: date, db) }
    }

    private static func insertSession(playerID: Int64, familyID: String, tokens: NewSessionTokens, at date: Date, _ db: Database) throws -> Session {
        var record = SessionRecord(
            id: nil, playerId: playerID, familyId: familyID, accessHash: tokens.accessHash, refreshHash: tokens.refreshHash,
            accessExpiresAt: tokens.accessExpiresAt, refreshExpiresAt: tokens.refreshExpiresAt, createdAt: date
        )
        try record.insert(db)
        return record.session
    }

    public func signedIn(accessHash: String, at date: Date) async throws -> SignedIn? {
        // Every request runs this: statements compiled once per connection, not built each time.
        try await database.read { db in
            guard let record = try SessionRecord.fetchOne(db.cachedStatement(sql: "SELECT * FROM session WHERE accessHash = ?"), arguments: [accessHash]),
                  record.revokedAt == nil, record.accessExpiresAt > date,
                  let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM player WHERE id = ?"), arguments: [record.playerId])
            else { return nil }
            let player = try PlayerRecord(row: row)
            guard player.deletedAt == nil else { return nil }
            return SignedIn(session: record.session, account: player.account, playVersion: row["playVersion"], friendsVersion: row["friendsVersion"])
        }
    }

    /// The player's play version (see `PlayVersion`), kept by the triggers of migration v19.
    static func playVersion(playerID: Int64, _ db: Database) throws -> Int64 {
        try Int64.fetchOne(db.cachedStatement(sql: "SELECT playVersion FROM player WHERE id = ?"), arguments: [playerID]) ?? 0
    }

    public func refreshSession(refreshHash: String, replacement: NewSessionTokens, at date: Date,
                               decide: @Sendable (RefreshingSession) -> RefreshDecision) async throws -> RefreshOutcome {
        try await database.write { db in
            guard var record = try SessionRecord.filter(SessionRecord.Columns.refreshHash == refreshHash).fetchOne(db) else {
                return .invalid
            }
            switch decide(RefreshingSession(session: record.session, refreshedAt: record.refreshedAt, revokedAt: record.revokedAt)) {
            case .rotate:
                record.refreshedAt = date
                record.revokedAt = date
                try record.update(db)
                return .rotated(try Self.insertSession(playerID: record.playerId, familyID: record.familyId, tokens: replacement, at: date, db))
            case .revokeFamily:
                try SessionRecord.filter(SessionRecord.Columns.familyId == record.familyId).filter(SessionRecord.Columns.revokedAt == nil)
                    .updateAll(db, SessionRecord.Columns.revokedAt.set(to: date))
                return .reuseDetected
            case .refuse:
                return .invalid
            }
        }
    }

    public func revokeSession(id: Int64, at date: Date) async throws {
        _ = try await database.write { db in
            try SessionRecord.filter(key: id).filter(SessionRecord.Columns.revokedAt == nil)
                .updateAll(db, SessionRecord.Columns.revokedAt.set(to: date))
        }
    }

    public func revokeAllSessions(playerID: Int64, keeping: Int64?, at date: Date) async throws {
        _ = try await database.write { db in
            try SessionRecord.filter(SessionRecord.Columns.playerId == playerID).filter(SessionRecord.Columns.revokedAt == nil)
                .filter(Column("id") != keeping)
                .updateAll(db, SessionRecord.Columns.revokedAt.set(to: date))
        }
    }

    // MARK: Mail

    public func pendingMail(limit: Int, at date: Date) async throws -> [OutgoingMail] {
        try await database.read { db in
            try MailRecord.filter(MailRecord.Columns.sentAt == nil).filter(MailRecord.Columns.nextAttemptAt <= date)
                .order(MailRecord.Columns.id).limit(limit).fetchAll(db).map(\.mail)
        }
    }

    public func allMail(limit: Int) async throws -> [OutgoingMail] {
        try await database.read { db in
            try MailRecord.order(MailRecord.Columns.id.desc).limit(limit).fetchAll(db).map(\.mail)
        }
    }

    public func markMailSent(id: Int64, at date: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE mailOutbox SET sentAt = ?, attempts = attempts + 1, lastError = NULL WHERE id = ?", arguments: [date, id])
        }
    }

    public func markMailFailed(id: Int64, error: String, retryAt: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE mailOutbox SET attempts = attempts + 1, lastError = ?, nextAttemptAt = ? WHERE id = ?",
                           arguments: [error, retryAt, id])
        }
    }

    // MARK: Rate limits

    public func countEvent(key: String, window: TimeInterval, at date: Date) async throws -> Int {
        // Statements the connection keeps prepared: every scan and sign-in counts, on the one writer.
        try await database.write { db in
            var (windowStart, count) = try Self.rateCounter(key: key, db) ?? (date, 0)
            if !RateWindow.isCurrent(startedAt: windowStart, at: date, length: window) {
                (windowStart, count) = (date, 0)
            }
            count += 1
            try db.cachedStatement(sql: """
                INSERT INTO rateCounter (key, windowStart, count) VALUES (?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET windowStart = excluded.windowStart, count = excluded.count
                """).execute(arguments: [key, windowStart, count])
            return count
        }
    }

    /// The window and count kept under a key.
    private static func rateCounter(key: String, _ db: Database) throws -> (windowStart: Date, count: Int)? {
        try Row.fetchOne(db.cachedStatement(sql: "SELECT windowStart, count FROM rateCounter WHERE key = ?"), arguments: [key])
            .map { ($0["windowStart"], $0["count"]) }
    }

    public func eventCount(key: String, window: TimeInterval, at date: Date) async throws -> Int {
        try await database.read { db in
            guard let counter = try Self.rateCounter(key: key, db), RateWindow.isCurrent(startedAt: counter.windowStart, at: date, length: window)
            else { return 0 }
            return counter.count
        }
    }
}
