import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

/// A row of `staffInvitation`.
struct StaffInvitationRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "staffInvitation"

    var id: Int64?
    var tokenHash: String
    var email: String
    var partnerId: String
    var invitedBy: Int64?
    var createdAt: Date
    var expiresAt: Date
    var usedAt: Date?
    var staffId: Int64?
    var revokedAt: Date?
    var revokedBy: Int64?

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension SQLiteHuntRepository {
    /// An invitation with the names of the organisers and the staff member it involves.
    private static let invitationSelect = """
        SELECT staffInvitation.*, inviter.displayName AS inviterName, staff.displayName AS staffName, revoker.displayName AS revokerName
        FROM staffInvitation
        LEFT JOIN player AS inviter ON inviter.id = staffInvitation.invitedBy
        LEFT JOIN player AS staff ON staff.id = staffInvitation.staffId
        LEFT JOIN player AS revoker ON revoker.id = staffInvitation.revokedBy
        """

    private static func invitation(from row: Row) throws -> StaffInvitation {
        let record = try StaffInvitationRecord(row: row)
        return StaffInvitation(id: record.id!, email: record.email, partnerID: record.partnerId, createdAt: record.createdAt,
                               expiresAt: record.expiresAt, invitedBy: row["inviterName"], usedAt: record.usedAt, staffID: record.staffId,
                               staffName: row["staffName"], revokedAt: record.revokedAt, revokedBy: row["revokerName"])
    }

    private static func invitation(where condition: String, _ arguments: StatementArguments, _ db: Database) throws -> StaffInvitation? {
        try Row.fetchOne(db, sql: "\(invitationSelect) WHERE \(condition)", arguments: arguments).map(invitation(from:))
    }

    public func createStaffInvitation(email: String, partnerID: String, tokenHash: String, invitedBy: Int64, expiresAt: Date,
                                      mail: MailDraft, at date: Date, audit: @Sendable (StaffInvitation) -> AuditRecord) async throws -> StaffInvitation {
        try await database.write { db in
            var record = StaffInvitationRecord(id: nil, tokenHash: tokenHash, email: email, partnerId: partnerID, invitedBy: invitedBy,
                                               createdAt: date, expiresAt: expiresAt)
            try record.insert(db)
            var queued = MailRecord(mail, at: date)
            try queued.insert(db)
            guard let id = record.id, let invitation = try Self.invitation(where: "staffInvitation.id = ?", [id], db) else {
                throw StorageError.noRowReturned("staffInvitation")
            }
            _ = try Self.appendAudit(audit(invitation), at: date, in: db)
            return invitation
        }
    }

    public func staffInvitations() async throws -> [StaffInvitation] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "\(Self.invitationSelect) ORDER BY staffInvitation.createdAt DESC, staffInvitation.id DESC")
                .map(Self.invitation(from:))
        }
    }

    public func staffInvitation(tokenHash: String) async throws -> StaffInvitation? {
        try await database.read { db in try Self.invitation(where: "staffInvitation.tokenHash = ?", [tokenHash], db) }
    }

    public func revokeStaffInvitation(id: Int64, by revokedBy: Int64, at date: Date, audit: @Sendable (StaffInvitation) -> AuditRecord,
                                      decide: @Sendable (StaffInvitation?) -> InvitationRefusal?) async throws -> Result<StaffInvitation, InvitationRefusal> {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            let found = try Self.invitation(where: "staffInvitation.id = ?", [id], db)
            if let refusal = decide(found) { return .failure(refusal) }
            guard let found else { throw StorageError.notFound("staffInvitation \(id)") }
            guard found.revokedAt == nil else { return .success(found) }
            try db.execute(sql: "UPDATE staffInvitation SET revokedAt = ?, revokedBy = ? WHERE id = ?", arguments: [date, revokedBy, id])
            guard let revoked = try Self.invitation(where: "staffInvitation.id = ?", [id], db) else {
                throw StorageError.noRowReturned("staffInvitation")
            }
            _ = try Self.appendAudit(audit(revoked), at: date, in: db)
            return .success(revoked)
        }
    }

    public func acceptStaffInvitation(tokenHash: String, account: NewStaffAccount, at date: Date,
                                      decide: @Sendable (StaffInvitation?) -> InvitationRefusal?) async throws -> Result<Account, InvitationRefusal> {
        // The write transaction is the lock: of two acceptances, the second reads the first's mark.
        try await database.write { db in
            let found = try Self.invitation(where: "staffInvitation.tokenHash = ?", [tokenHash], db)
            if let refusal = decide(found) { return .failure(refusal) }
            guard let found else { throw StorageError.notFound("staffInvitation") }
            if try PlayerRecord.filter(PlayerRecord.Columns.email == found.email).fetchCount(db) > 0 {
                throw StorageError.conflict("email")
            }
            if try PlayerRecord.filter(PlayerRecord.Columns.username == account.username).fetchCount(db) > 0 {
                throw StorageError.conflict("username")
            }
            var player = PlayerRecord(id: nil, email: found.email, username: account.username, displayName: account.displayName,
                                      createdAt: date, passwordHash: account.passwordHash, role: .staff, partnerId: found.partnerID,
                                      emailVerifiedAt: date, deletedAt: nil)
            try player.insert(db)
            try db.execute(sql: "UPDATE staffInvitation SET usedAt = ?, staffId = ? WHERE id = ?", arguments: [date, player.id, found.id])
            return .success(player.account)
        }
    }
}
