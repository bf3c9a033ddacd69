import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// A scan with its player and its void, if any.
    private static let moderatedScan = """
        SELECT scan.id, scan.playerId, player.username, player.displayName, scan.checkpointId, scan.outcome, scan.flag, scan.flagged,
               scan.latitude, scan.longitude, scan.accuracyMetres, scan.scannedAt, v.occurredAt, v.reason
        FROM scan JOIN player ON player.id = scan.playerId
        LEFT JOIN gameEvent v ON v.scanId = scan.id AND v.kind = 'voided'
        """
    private typealias ModeratedScanRow = (Int64, Int64, String, String, String, String, String?, Bool, Double?, Double?, Double?, StoredDate,
                                          StoredDate?, String?)

    private static func moderatedScan(_ row: ModeratedScanRow) -> ModeratedScan {
        let (id, playerID, username, displayName, checkpointID, outcome, flag, flagged, latitude, longitude, accuracy, scannedAt, voidedAt,
             voidReason) = row
        let location = latitude.flatMap { latitude in
            longitude.map { ReportedLocation(coordinate: Coordinate(latitude: latitude, longitude: $0), accuracyMetres: accuracy) }
        }
        return ModeratedScan(id: id, playerID: playerID, username: username, displayName: displayName, checkpointID: checkpointID,
                             outcome: outcome, flag: flag.flatMap(ScanFlag.init), flagged: flagged, location: location,
                             scannedAt: scannedAt.date, voiding: voidedAt.map { ModeratedScan.Voiding(at: $0.date, reason: voidReason ?? "") })
    }

    public func flaggedScans(limit: Int) async throws -> [ModeratedScan] {
        try await autocommit { connection in
            try await connection.rows("\(unescaped: Self.moderatedScan) WHERE scan.flagged ORDER BY scan.id DESC LIMIT \(limit)",
                                      as: ModeratedScanRow.self, logger: logger).map(Self.moderatedScan)
        }
    }

    public func scans(playerID: Int64, limit: Int) async throws -> [ModeratedScan] {
        try await autocommit { connection in
            try await connection.rows("\(unescaped: Self.moderatedScan) WHERE scan.playerId = \(playerID) ORDER BY scan.id DESC LIMIT \(limit)",
                                      as: ModeratedScanRow.self, logger: logger).map(Self.moderatedScan)
        }
    }

    public func voidScan(
        id: Int64, reason: String, at date: Date, decide: @Sendable (VoidState?) -> Result<ScanVoid, ModerationRefusal>,
        audit: @Sendable (ModeratedScan, ScanVoid) -> AuditRecord
    ) async throws -> Result<(ModeratedScan, ScanVoid), ModerationRefusal> {
        try await write { connection in
            var state: VoidState?
            if let playerID = try await connection.value("SELECT playerId FROM scan WHERE id = \(id)", as: Int64.self, logger: logger) {
                // The player's lock orders the void after their running scans and before the
                // next, and a second void of the same scan after the first.
                try await lockPlayer(playerID, connection)
                if let row = try await connection.row("\(unescaped: Self.moderatedScan) WHERE scan.id = \(id)", as: ModeratedScanRow.self,
                                                      logger: logger) {
                    let unlocked = try await connection.rows("""
                        SELECT \(unescaped: Columns.voucher) FROM voucher WHERE unlockedBy = \(playerID) ORDER BY id FOR UPDATE
                        """, as: Columns.VoucherRow.self, logger: logger).map(Columns.voucher)
                    state = VoidState(scan: Self.moderatedScan(row), events: try await events(playerID: playerID, connection), unlocked: unlocked)
                }
            }
            let void: ScanVoid
            switch decide(state) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let decided): void = decided
            }
            guard let state else { throw StorageError.notFound("scan \(id)") }
            try await append(void.event, connection)
            for voucher in void.withdrawnVouchers {
                // Only while still unredeemed: the decision read it so, under the row lock.
                if try await connection.count("DELETE FROM voucher WHERE id = \(voucher.id) AND redeemedAt IS NULL RETURNING id",
                                              logger: logger) == 1 {
                    try await connection.run("UPDATE offerStock SET issued = issued - 1 WHERE offerId = \(voucher.offerID) AND issued > 0",
                                             logger: logger)
                }
            }
            var scan = state.scan
            scan.voiding = ModeratedScan.Voiding(at: date, reason: reason)
            _ = try await Self.appendAudit(audit(scan, void), at: date, on: connection, logger: logger)
            return .success((scan, void))
        }
    }

    public func adjustXP(_ adjustment: GameEvent, audit: AuditRecord) async throws -> GameEvent {
        try await write { connection in
            let event = try await append(adjustment, connection)
            _ = try await Self.appendAudit(audit, at: adjustment.occurredAt, on: connection, logger: logger)
            return event
        }
    }

    public func setSuspension(
        playerID: Int64, to suspension: Suspension?, at date: Date, audit: AuditRecord, decide: @Sendable (Suspension?) -> ModerationRefusal?
    ) async throws -> Result<Account, ModerationRefusal> {
        try await write { connection in
            guard let row = try await connection.row("""
                SELECT \(unescaped: Columns.player) FROM player WHERE id = \(playerID) AND deletedAt IS NULL FOR UPDATE
                """, as: Columns.PlayerRow.self, logger: logger)
            else { return .failure(.playerNotFound) }
            if let refusal = decide(try Columns.account(row).suspension) { return .failure(refusal) }
            guard let updated = try await connection.row("""
                UPDATE player SET suspendedAt = \(suspension.map { StoredDate($0.since) }), suspensionReason = \(suspension?.reason)
                WHERE id = \(playerID) RETURNING \(unescaped: Columns.player)
                """, as: Columns.PlayerRow.self, logger: logger)
            else { throw StorageError.noRowReturned("player") }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return .success(try Columns.account(updated))
        }
    }
}
