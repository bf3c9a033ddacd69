import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

/// A row of `guestEvent`.
struct GuestEventRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "guestEvent"

    var id: Int64?
    var name: String
    var startsAt: Date
    var endsAt: Date
    var joinCode: String
    var eraseAfterDays: Int
    var erasesAt: Date
    /// JSON text, as GRDB stores a Codable array.
    var guestOffers: [String]
    var createdAt: Date
    var createdBy: String
    var guestsErasedAt: Date?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    func event(guests: Int) -> GuestEvent {
        GuestEvent(id: id!, name: name, startsAt: startsAt, endsAt: endsAt, joinCode: joinCode, eraseAfterDays: eraseAfterDays,
                   guestOffers: guestOffers, createdAt: createdAt, createdBy: createdBy, guestsErasedAt: guestsErasedAt, guests: guests)
    }
}

extension SQLiteHuntRepository {
    /// Open days with their count of live guests.
    private static func guestEvents(where condition: String, _ arguments: StatementArguments, _ db: Database) throws -> [GuestEvent] {
        try Row.fetchAll(db, sql: """
            SELECT guestEvent.*, (SELECT COUNT(*) FROM player WHERE player.guestEventId = guestEvent.id AND player.deletedAt IS NULL) AS guests
            FROM guestEvent WHERE \(condition) ORDER BY startsAt DESC, id DESC
            """, arguments: arguments).map { row in try GuestEventRecord(row: row).event(guests: row["guests"]) }
    }

    public func createGuestEvent(_ plan: GuestEventPlan, joinCode: String, createdBy: String, at date: Date,
                                 audit: @Sendable (GuestEvent) -> AuditRecord) async throws -> GuestEvent {
        try await database.write { db in
            var record = GuestEventRecord(id: nil, name: plan.name, startsAt: plan.startsAt, endsAt: plan.endsAt, joinCode: joinCode,
                                          eraseAfterDays: plan.eraseAfterDays, erasesAt: plan.erasesAt,
                                          guestOffers: plan.guestOffers, createdAt: date, createdBy: createdBy, guestsErasedAt: nil)
            do {
                try record.insert(db)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StorageError.conflict("joinCode")
            }
            let event = record.event(guests: 0)
            _ = try Self.appendAudit(audit(event), at: date, in: db)
            return event
        }
    }

    public func guestEvents() async throws -> [GuestEvent] {
        try await database.read { db in try Self.guestEvents(where: "1", [], db) }
    }

    public func guestEvent(id: Int64) async throws -> GuestEvent? {
        try await database.read { db in try Self.guestEvents(where: "guestEvent.id = ?", [id], db).first }
    }

    public func guestEvent(joinCode: String) async throws -> GuestEvent? {
        try await database.read { db in try Self.guestEvents(where: "guestEvent.joinCode = ?", [joinCode], db).first }
    }

    public func joinGuestEvent(joinCode: String, account: NewGuestAccount, at date: Date,
                               decide: @Sendable (GuestEvent?) -> OpenDayRefusal?) async throws -> Result<Account, OpenDayRefusal> {
        // The write transaction is the lock: an erasure or a second join waits for this one.
        try await database.write { db in
            let event = try Self.guestEvents(where: "guestEvent.joinCode = ?", [joinCode], db).first
            if let refusal = decide(event) { return .failure(refusal) }
            guard let event else { throw StorageError.notFound("guestEvent") }
            var player = PlayerRecord(id: nil, email: account.email, username: account.username, displayName: account.nickname,
                                      createdAt: date, passwordHash: account.passwordHash, role: .player, partnerId: nil,
                                      emailVerifiedAt: nil, deletedAt: nil, guestEventId: event.id)
            try player.insert(db)
            return .success(player.account)
        }
    }

    public func guestLedgers(eventID: Int64) async throws -> [PlayerLedger] {
        try await database.read { db in
            // One statement: each guest's row joined with their events in the order written.
            try Self.ledgers(db, sql: """
                SELECT player.*, gameEvent.* FROM player LEFT JOIN gameEvent ON gameEvent.playerId = player.id
                WHERE player.guestEventId = ? AND player.deletedAt IS NULL ORDER BY player.id, gameEvent.id
                """, arguments: [eventID])
        }
    }

    public func guestEventsDue(at date: Date) async throws -> [GuestEvent] {
        try await database.read { db in try Self.guestEvents(where: "guestsErasedAt IS NULL AND erasesAt <= ?", [date], db) }
    }

    public func guestIDs(eventID: Int64) async throws -> [Int64] {
        try await database.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM player WHERE guestEventId = ? AND deletedAt IS NULL ORDER BY id", arguments: [eventID])
        }
    }

    public func markGuestsErased(eventID: Int64, at date: Date, audit: AuditRecord) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE guestEvent SET guestsErasedAt = ? WHERE id = ? AND guestsErasedAt IS NULL", arguments: [date, eventID])
            guard db.changesCount > 0 else { return }
            _ = try Self.appendAudit(audit, at: date, in: db)
        }
    }

    public func signUpGuest(playerID: Int64, as signUp: GuestSignUp, at date: Date) async throws -> Account {
        try await database.write { db in
            guard var record = try PlayerRecord.fetchOne(db, key: playerID), record.deletedAt == nil, record.guestEventId != nil else {
                throw StorageError.notFound("guest \(playerID)")
            }
            if try PlayerRecord.filter(PlayerRecord.Columns.email == signUp.email).fetchCount(db) > 0 { throw StorageError.conflict("email") }
            if try PlayerRecord.filter(PlayerRecord.Columns.username == signUp.username && PlayerRecord.Columns.id != playerID).fetchCount(db) > 0 {
                throw StorageError.conflict("username")
            }
            record.email = signUp.email
            record.username = signUp.username
            record.passwordHash = signUp.passwordHash
            record.guestEventId = nil
            do {
                try record.update(db)
            } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
                throw StorageError.conflict((error.message ?? "").contains("username") ? "username" : "email")
            }
            try EmailVerificationRecord.deleteOne(db, key: playerID)
            try EmailVerificationRecord(playerId: playerID, codeHash: signUp.verificationCodeHash, expiresAt: signUp.verificationExpiresAt,
                                        failedAttempts: 0).insert(db)
            var queued = MailRecord(signUp.mail, at: date)
            try queued.insert(db)
            return record.account
        }
    }
}
