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

    public func personalData(playerID: Int64) async throws -> PersonalData {
        // One read transaction: a snapshot of every table at once.
        try await database.read { db in
            let vouchers = try Row.fetchAll(db, sql: """
                SELECT voucher.*, \(Self.playerColumns("giver")) FROM voucher
                LEFT JOIN player giver ON giver.id = voucher.giftedBy AND giver.deletedAt IS NULL
                WHERE voucher.playerId = ? ORDER BY voucher.id DESC
                """, arguments: [playerID]).map { row in
                PersonalData.HeldVoucher(voucher: try VoucherRecord(row: row).voucher, giver: (row["giverId"] as Int64?).map { _ in Self.player(row, "giver") })
            }
            let given = try Row.fetchAll(db, sql: """
                SELECT voucher.*, \(Self.playerColumns("recipient")) FROM voucher JOIN player recipient ON recipient.id = voucher.playerId
                WHERE voucher.giftedBy = ? ORDER BY voucher.giftedAt, voucher.id
                """, arguments: [playerID]).map { row in
                PersonalData.GivenVoucher(voucher: try VoucherRecord(row: row).voucher, recipient: Self.player(row, "recipient"),
                                          givenAt: row["giftedAt"])
            }
            let friends = try Row.fetchAll(db, sql: """
                SELECT \(Self.playerColumns("friend")), friendship.since AS since FROM friendship
                JOIN player friend ON friend.id = CASE WHEN friendship.playerA = ? THEN friendship.playerB ELSE friendship.playerA END
                WHERE (friendship.playerA = ? OR friendship.playerB = ?) AND friend.deletedAt IS NULL ORDER BY friend.username, friend.id
                """, arguments: [playerID, playerID, playerID]).map { row in
                PersonalData.Link(player: Self.player(row, "friend"), since: row["since"])
            }
            let requests = try Row.fetchAll(db, sql: """
                SELECT r.id AS requestId, r.createdAt AS requestedAt, \(Self.playerColumns("sender")), \(Self.playerColumns("recipient"))
                FROM friendRequest r JOIN player sender ON sender.id = r.fromPlayer JOIN player recipient ON recipient.id = r.toPlayer
                WHERE (r.fromPlayer = ? AND recipient.deletedAt IS NULL) OR (r.toPlayer = ? AND sender.deletedAt IS NULL) ORDER BY r.id
                """, arguments: [playerID, playerID]).map { row in
                FriendRequest(id: row["requestId"], from: Self.player(row, "sender"), to: Self.player(row, "recipient"),
                              createdAt: row["requestedAt"])
            }
            let blocked = try Row.fetchAll(db, sql: """
                SELECT \(Self.playerColumns("blocked")), block.createdAt AS since FROM block JOIN player blocked ON blocked.id = block.blocked
                WHERE block.blocker = ? AND blocked.deletedAt IS NULL ORDER BY block.createdAt, block.blocked
                """, arguments: [playerID]).map { row in
                PersonalData.Link(player: Self.player(row, "blocked"), since: row["since"])
            }
            return PersonalData(
                events: try Self.events(playerID: playerID, db),
                quiz: try QuizResultRecord.fetchOne(db, key: playerID).map { QuizResult(answers: $0.answers, profile: $0.profile, takenAt: $0.takenAt) },
                riddleAttempts: try RiddleAttemptRecord.filter(RiddleAttemptRecord.Columns.playerId == playerID)
                    .order(RiddleAttemptRecord.Columns.id).fetchAll(db).map(\.attempt),
                vouchers: vouchers, vouchersGiven: given, friends: friends,
                friendRequestsReceived: requests.filter { $0.to.id == playerID }, friendRequestsSent: requests.filter { $0.from.id == playerID },
                blocked: blocked, crew: try Self.crew(ofPlayer: playerID, db),
                crewInvitations: try Self.crewInvitations(where: "i.playerId = ?", [playerID], db),
                challenges: try Self.challenges(where: "c.challengerId = ? OR c.challengedId = ?", [playerID, playerID], db),
                reports: try Row.fetchAll(db, sql: "\(Self.reportColumns) WHERE r.playerId = ? ORDER BY r.id", arguments: [playerID])
                    .map(Self.storedReport))
        }
    }

    /// A player's columns from the table aliased `table`, each named `<table>Id`, `<table>Email`
    /// and so on: the joined tables share `id` and `createdAt`.
    private static func playerColumns(_ table: String) -> String {
        ["id", "email", "username", "displayName", "createdAt"].map { "\(table).\($0) AS \(table)\($0.prefix(1).uppercased())\($0.dropFirst())" }
            .joined(separator: ", ")
    }

    /// The player ``playerColumns(_:)`` selected as `table`.
    private static func player(_ row: Row, _ table: String) -> Player {
        Player(id: row["\(table)Id"], email: row["\(table)Email"], username: row["\(table)Username"], displayName: row["\(table)DisplayName"],
               createdAt: row["\(table)CreatedAt"])
    }
}
