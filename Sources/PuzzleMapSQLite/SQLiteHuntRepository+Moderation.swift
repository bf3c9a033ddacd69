import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    /// A scan with its player and its void, if any.
    private static let moderatedScan = """
        SELECT scan.id, scan.playerId, player.username, player.displayName, scan.checkpointId, scan.outcome, scan.flag, scan.flagged,
               scan.latitude, scan.longitude, scan.accuracyMetres, scan.scannedAt, v.occurredAt AS voidedAt, v.reason AS voidReason
        FROM scan JOIN player ON player.id = scan.playerId
        LEFT JOIN gameEvent v ON v.scanId = scan.id AND v.kind = 'voided'
        """

    private static func moderatedScan(_ row: Row) -> ModeratedScan {
        let location = (row["latitude"] as Double?).flatMap { latitude in
            (row["longitude"] as Double?).map {
                ReportedLocation(coordinate: Coordinate(latitude: latitude, longitude: $0), accuracyMetres: row["accuracyMetres"])
            }
        }
        let voiding = (row["voidedAt"] as Date?).map { ModeratedScan.Voiding(at: $0, reason: row["voidReason"] ?? "") }
        return ModeratedScan(id: row["id"], playerID: row["playerId"], username: row["username"], displayName: row["displayName"],
                             checkpointID: row["checkpointId"], outcome: row["outcome"], flag: (row["flag"] as String?).flatMap(ScanFlag.init),
                             flagged: row["flagged"], location: location, scannedAt: row["scannedAt"], voiding: voiding)
    }

    public func flaggedScans(limit: Int) async throws -> [ModeratedScan] {
        try await database.read { db in
            try Row.fetchAll(db, sql: Self.moderatedScan + " WHERE scan.flagged ORDER BY scan.id DESC LIMIT ?", arguments: [limit])
                .map(Self.moderatedScan)
        }
    }

    public func scans(playerID: Int64, limit: Int) async throws -> [ModeratedScan] {
        try await database.read { db in
            try Row.fetchAll(db, sql: Self.moderatedScan + " WHERE scan.playerId = ? ORDER BY scan.id DESC LIMIT ?", arguments: [playerID, limit])
                .map(Self.moderatedScan)
        }
    }

    public func voidScan(
        id: Int64, reason: String, at date: Date, decide: @Sendable (VoidState?) -> Result<ScanVoid, ModerationRefusal>,
        audit: @Sendable (ModeratedScan, ScanVoid) -> AuditRecord
    ) async throws -> Result<(ModeratedScan, ScanVoid), ModerationRefusal> {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            var state: VoidState?
            if let row = try Row.fetchOne(db, sql: Self.moderatedScan + " WHERE scan.id = ?", arguments: [id]) {
                let scan = Self.moderatedScan(row)
                let unlocked = try VoucherRecord.filter(Column("unlockedBy") == scan.playerID).order(VoucherRecord.Columns.id).fetchAll(db)
                    .map(\.voucher)
                state = VoidState(scan: scan, events: try Self.events(playerID: scan.playerID, db), unlocked: unlocked)
            }
            let void: ScanVoid
            switch decide(state) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let decided): void = decided
            }
            guard let state else { throw StorageError.notFound("scan \(id)") }
            try append(void.event, db)
            for voucher in void.withdrawnVouchers {
                // Only while still unredeemed: the decision read it so, under this transaction.
                try db.execute(sql: "DELETE FROM voucher WHERE id = ? AND redeemedAt IS NULL", arguments: [voucher.id])
                if db.changesCount == 1 {
                    try db.execute(sql: "UPDATE offerStock SET issued = issued - 1 WHERE offerId = ? AND issued > 0", arguments: [voucher.offerID])
                }
            }
            var scan = state.scan
            scan.voiding = ModeratedScan.Voiding(at: date, reason: reason)
            _ = try Self.appendAudit(audit(scan, void), at: date, in: db)
            return .success((scan, void))
        }
    }

    public func adjustXP(_ adjustment: GameEvent, audit: AuditRecord) async throws -> GameEvent {
        try await database.write { db in
            let event = try append(adjustment, db)
            _ = try Self.appendAudit(audit, at: adjustment.occurredAt, in: db)
            return event
        }
    }

    public func setSuspension(
        playerID: Int64, to suspension: Suspension?, at date: Date, audit: AuditRecord, decide: @Sendable (Suspension?) -> ModerationRefusal?
    ) async throws -> Result<Account, ModerationRefusal> {
        try await database.write { db in
            guard var record = try PlayerRecord.filter(PlayerRecord.Columns.id == playerID).filter(PlayerRecord.Columns.deletedAt == nil).fetchOne(db)
            else { return .failure(.playerNotFound) }
            if let refusal = decide(record.account.suspension) { return .failure(refusal) }
            record.suspendedAt = suspension?.since
            record.suspensionReason = suspension?.reason
            try record.update(db)
            _ = try Self.appendAudit(audit, at: date, in: db)
            return .success(record.account)
        }
    }
}
