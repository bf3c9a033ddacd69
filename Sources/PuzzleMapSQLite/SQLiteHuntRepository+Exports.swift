import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func ledgers(until end: Date) async throws -> [PlayerLedger] {
        try await database.read { db in
            let players = try PlayerRecord.fetchAll(db, sql: """
                SELECT * FROM player WHERE role = 'player' AND deletedAt IS NULL AND createdAt < ? ORDER BY id
                """, arguments: [end])
            let events = Dictionary(grouping: try GameEventRecord.fetchAll(db, sql: """
                SELECT * FROM gameEvent WHERE occurredAt < ? ORDER BY id
                """, arguments: [end]).map(\.event), by: \.playerID)
            return players.map { record in
                let player = record.account.player
                return PlayerLedger(player: player, events: events[player.id] ?? [])
            }
        }
    }

    public func scanLog(from start: Date, to end: Date) async throws -> [ScanLogEntry] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT scan.id, scan.scannedAt, player.username, scan.checkpointId, scan.outcome, scan.flagged,
                       scan.latitude, scan.longitude, scan.accuracyMetres
                FROM scan JOIN player ON player.id = scan.playerId
                WHERE scan.scannedAt >= ? AND scan.scannedAt < ? ORDER BY scan.scannedAt, scan.id
                """, arguments: [start, end]).map { row in
                var location: ReportedLocation?
                if let latitude = row["latitude"] as Double?, let longitude = row["longitude"] as Double? {
                    location = ReportedLocation(coordinate: Coordinate(latitude: latitude, longitude: longitude), accuracyMetres: row["accuracyMetres"])
                }
                return ScanLogEntry(id: row["id"], at: row["scannedAt"], username: row["username"], checkpointID: row["checkpointId"],
                                    outcome: row["outcome"], flagged: row["flagged"], location: location)
            }
        }
    }

    public func redemptionLog(partnerID: String?, from start: Date, to end: Date) async throws -> [RedemptionLogEntry] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT voucher.*, offerStock.partnerId AS partner, holder.displayName AS holderName, staff.username AS staffName
                FROM voucher
                JOIN offerStock ON offerStock.offerId = voucher.offerId
                JOIN player holder ON holder.id = voucher.playerId
                LEFT JOIN player staff ON staff.id = voucher.redeemedBy
                WHERE (? IS NULL OR offerStock.partnerId = ?) AND voucher.redeemedAt >= ? AND voucher.redeemedAt < ?
                ORDER BY voucher.redeemedAt, voucher.id
                """, arguments: [partnerID, partnerID, start, end]).map { row in
                RedemptionLogEntry(voucher: try VoucherRecord(row: row).voucher, partnerID: row["partner"], playerDisplayName: row["holderName"],
                                   staffUsername: row["staffName"])
            }
        }
    }
}
