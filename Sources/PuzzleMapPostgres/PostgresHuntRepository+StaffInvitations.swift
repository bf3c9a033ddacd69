import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// An invitation with the names of the organisers and the staff member it involves.
    private static let invitationSelect = """
        SELECT staffInvitation.id, staffInvitation.email, staffInvitation.partnerId, staffInvitation.createdAt, staffInvitation.expiresAt,
               staffInvitation.usedAt, staffInvitation.staffId, staffInvitation.revokedAt,
               inviter.displayName, staff.displayName, revoker.displayName
        FROM staffInvitation
        LEFT JOIN player AS inviter ON inviter.id = staffInvitation.invitedBy
        LEFT JOIN player AS staff ON staff.id = staffInvitation.staffId
        LEFT JOIN player AS revoker ON revoker.id = staffInvitation.revokedBy
        """
    private typealias InvitationRow = (Int64, String, String, StoredDate, StoredDate, StoredDate?, Int64?, StoredDate?, String?, String?, String?)

    private static func invitation(_ row: InvitationRow) -> StaffInvitation {
        StaffInvitation(id: row.0, email: row.1, partnerID: row.2, createdAt: row.3.date, expiresAt: row.4.date, invitedBy: row.8,
                        usedAt: row.5?.date, staffID: row.6, staffName: row.9, revokedAt: row.7?.date, revokedBy: row.10)
    }

    private func invitation(id: Int64, locking: Bool, _ connection: PostgresConnection) async throws -> StaffInvitation? {
        try await connection.row("""
            \(unescaped: Self.invitationSelect) WHERE staffInvitation.id = \(id) \(unescaped: locking ? "FOR UPDATE OF staffInvitation" : "")
            """, as: InvitationRow.self, logger: logger).map(Self.invitation)
    }

    private func invitation(tokenHash: String, locking: Bool, _ connection: PostgresConnection) async throws -> StaffInvitation? {
        try await connection.row("""
            \(unescaped: Self.invitationSelect) WHERE staffInvitation.tokenHash = \(tokenHash) \(unescaped: locking ? "FOR UPDATE OF staffInvitation" : "")
            """, as: InvitationRow.self, logger: logger).map(Self.invitation)
    }

    public func createStaffInvitation(email: String, partnerID: String, tokenHash: String, invitedBy: Int64, expiresAt: Date,
                                      mail: MailDraft, at date: Date, audit: @Sendable (StaffInvitation) -> AuditRecord) async throws -> StaffInvitation {
        try await write { connection in
            let id = try await connection.returned("""
                INSERT INTO staffInvitation (tokenHash, email, partnerId, invitedBy, createdAt, expiresAt)
                VALUES (\(tokenHash), \(email), \(partnerID), \(invitedBy), \(StoredDate(date)), \(StoredDate(expiresAt)))
                RETURNING id
                """, as: Int64.self, from: "staffInvitation", logger: logger)
            try await queue(mail, at: date, connection)
            guard let invitation = try await invitation(id: id, locking: false, connection) else { throw StorageError.noRowReturned("staffInvitation") }
            _ = try await Self.appendAudit(audit(invitation), at: date, on: connection, logger: logger)
            return invitation
        }
    }

    public func staffInvitations() async throws -> [StaffInvitation] {
        try await autocommit { connection in
            try await connection.rows("""
                \(unescaped: Self.invitationSelect) ORDER BY staffInvitation.createdAt DESC, staffInvitation.id DESC
                """, as: InvitationRow.self, logger: logger).map(Self.invitation)
        }
    }

    public func staffInvitation(tokenHash: String) async throws -> StaffInvitation? {
        try await autocommit { connection in try await invitation(tokenHash: tokenHash, locking: false, connection) }
    }

    public func revokeStaffInvitation(id: Int64, by revokedBy: Int64, at date: Date, audit: @Sendable (StaffInvitation) -> AuditRecord,
                                      decide: @Sendable (StaffInvitation?) -> InvitationRefusal?) async throws -> Result<StaffInvitation, InvitationRefusal> {
        try await write { connection in
            // The invitation's row lock orders a revocation and an acceptance: the later one reads the earlier's mark.
            let found = try await invitation(id: id, locking: true, connection)
            if let refusal = decide(found) { return .failure(refusal) }
            guard let found else { throw StorageError.notFound("staffInvitation \(id)") }
            guard found.revokedAt == nil else { return .success(found) }
            try await connection.run("""
                UPDATE staffInvitation SET revokedAt = \(StoredDate(date)), revokedBy = \(revokedBy) WHERE id = \(id)
                """, logger: logger)
            guard let revoked = try await invitation(id: id, locking: false, connection) else { throw StorageError.noRowReturned("staffInvitation") }
            _ = try await Self.appendAudit(audit(revoked), at: date, on: connection, logger: logger)
            return .success(revoked)
        }
    }

    public func acceptStaffInvitation(tokenHash: String, account: NewStaffAccount, at date: Date,
                                      decide: @Sendable (StaffInvitation?) -> InvitationRefusal?) async throws -> Result<Account, InvitationRefusal> {
        do {
            return try await write { connection in
                // The invitation's row lock: of simultaneous acceptances the later ones wait, then find it used.
                let found = try await invitation(tokenHash: tokenHash, locking: true, connection)
                if let refusal = decide(found) { return .failure(refusal) }
                guard let found else { throw StorageError.notFound("staffInvitation") }
                // Emails and usernames compare as SQLite's NOCASE columns do (see the migrations).
                if try await connection.count("SELECT 1 FROM player WHERE nocase(email) = nocase(\(found.email))", logger: logger) > 0 {
                    throw StorageError.conflict("email")
                }
                if try await connection.count("SELECT 1 FROM player WHERE nocase(username) = nocase(\(account.username))", logger: logger) > 0 {
                    throw StorageError.conflict("username")
                }
                let id = try await connection.returned("""
                    INSERT INTO player (email, username, displayName, createdAt, passwordHash, role, partnerId, emailVerifiedAt)
                    VALUES (\(found.email), \(account.username), \(account.displayName), \(StoredDate(date)), \(account.passwordHash),
                            \(Role.staff.rawValue), \(found.partnerID), \(StoredDate(date)))
                    RETURNING id
                    """, as: Int64.self, from: "player", logger: logger)
                try await connection.run("UPDATE staffInvitation SET usedAt = \(StoredDate(date)), staffId = \(id) WHERE id = \(found.id)",
                                         logger: logger)
                // As SQLite's code does, the answer is the values given, not the stored ones.
                return .success(Account(
                    player: Player(id: id, email: found.email, username: account.username, displayName: account.displayName, createdAt: date),
                    role: .staff, partnerID: found.partnerID, emailVerifiedAt: date, passwordHash: account.passwordHash, deletedAt: nil))
            }
        } catch let error as PSQLError where error.isUniqueViolation {
            // Lost a race with a simultaneous sign-up: the database's unique index decides.
            throw StorageError.conflict((error.constraintName ?? "").contains("username") ? "username" : "email")
        }
    }
}
