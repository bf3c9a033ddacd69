import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func ledgers(until end: Date) async throws -> [PlayerLedger] {
        let end = StoredDate(end)
        return try await snapshot { connection in
            let players = try await connection.rows("""
                SELECT \(unescaped: Columns.player) FROM player
                WHERE role = \(Role.player.rawValue) AND deletedAt IS NULL AND createdAt < \(end) ORDER BY id
                """, as: Columns.PlayerRow.self, logger: logger).map(Columns.account)
            let events = Dictionary(grouping: try await connection.rows("""
                SELECT \(unescaped: Columns.event) FROM gameEvent WHERE occurredAt < \(end) ORDER BY id
                """, as: Columns.EventRow.self, logger: logger).map(Columns.event), by: \.playerID)
            return players.map { PlayerLedger(player: $0.player, events: events[$0.player.id] ?? []) }
        }
    }

    public func scanLog(from start: Date, to end: Date) async throws -> [ScanLogEntry] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT scan.id, scan.scannedAt, player.username, scan.checkpointId, scan.outcome, scan.flagged,
                       scan.latitude, scan.longitude, scan.accuracyMetres
                FROM scan JOIN player ON player.id = scan.playerId
                WHERE scan.scannedAt >= \(StoredDate(start)) AND scan.scannedAt < \(StoredDate(end)) ORDER BY scan.scannedAt, scan.id
                """, as: (Int64, StoredDate, String, String, String, Bool, Double?, Double?, Double?).self, logger: logger)
                .map { id, at, username, checkpointID, outcome, flagged, latitude, longitude, accuracy in
                    var location: ReportedLocation?
                    if let latitude, let longitude {
                        location = ReportedLocation(coordinate: Coordinate(latitude: latitude, longitude: longitude), accuracyMetres: accuracy)
                    }
                    return ScanLogEntry(id: id, at: at.date, username: username, checkpointID: checkpointID, outcome: outcome, flagged: flagged,
                                        location: location)
                }
        }
    }

    public func redemptionLog(partnerID: String?, from start: Date, to end: Date) async throws -> [RedemptionLogEntry] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT \(unescaped: Columns.voucher), offerStock.partnerId, holder.displayName, staff.username
                FROM voucher
                JOIN offerStock ON offerStock.offerId = voucher.offerId
                JOIN player holder ON holder.id = voucher.playerId
                LEFT JOIN player staff ON staff.id = voucher.redeemedBy
                WHERE (\(partnerID)::text IS NULL OR offerStock.partnerId = \(partnerID))
                    AND voucher.redeemedAt >= \(StoredDate(start)) AND voucher.redeemedAt < \(StoredDate(end))
                ORDER BY voucher.redeemedAt, voucher.id
                """, as: (Int64, String, Int64, StoredDate, StoredDate, Int64?, StoredDate?, Int64?, String, String, String?).self, logger: logger)
                .map { row in
                    RedemptionLogEntry(voucher: Columns.voucher((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7)), partnerID: row.8,
                                       playerDisplayName: row.9, staffUsername: row.10)
                }
        }
    }
}
