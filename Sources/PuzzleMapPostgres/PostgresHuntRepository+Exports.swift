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

    public func personalData(playerID: Int64) async throws -> PersonalData {
        // One REPEATABLE READ transaction: every table as it stood at its first statement.
        try await snapshot { connection in
            let events = try await events(playerID: playerID, connection)
            let quiz = try await connection.row(
                "SELECT answers, profile, takenAt FROM quizResult WHERE playerId = \(playerID)", as: (String, String, StoredDate).self, logger: logger
            ).map { answers, profile, takenAt in
                QuizResult(answers: try StoredJSON.decode([String: QuizAnswer].self, from: answers),
                           profile: try StoredJSON.decode(TraitProfile.self, from: profile), takenAt: takenAt.date)
            }
            let attempts = try await connection.rows("""
                SELECT \(unescaped: Columns.attempt) FROM riddleAttempt WHERE playerId = \(playerID) ORDER BY id
                """, as: Columns.AttemptRow.self, logger: logger).map(Columns.attempt)
            let vouchers = try await connection.rows("""
                SELECT \(unescaped: Columns.voucher), giver.id, giver.email, giver.username, giver.displayName, giver.createdAt FROM voucher
                LEFT JOIN player giver ON giver.id = voucher.giftedBy AND giver.deletedAt IS NULL
                WHERE voucher.playerId = \(playerID) ORDER BY voucher.id DESC
                """, as: (Int64, String, Int64, StoredDate, StoredDate, Int64?, StoredDate?, Int64?,
                          Int64?, String?, String?, String?, StoredDate?).self, logger: logger).map { row in
                var giver: Player?
                if let id = row.8, let email = row.9, let username = row.10, let displayName = row.11, let createdAt = row.12 {
                    giver = Player(id: id, email: email, username: username, displayName: displayName, createdAt: createdAt.date)
                }
                return PersonalData.HeldVoucher(voucher: Columns.voucher((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7)), giver: giver)
            }
            let given = try await connection.rows("""
                SELECT \(unescaped: Columns.voucher), voucher.giftedAt, \(unescaped: Self.personColumns("recipient")) FROM voucher
                JOIN player recipient ON recipient.id = voucher.playerId
                WHERE voucher.giftedBy = \(playerID) ORDER BY voucher.giftedAt, voucher.id
                """, as: (Int64, String, Int64, StoredDate, StoredDate, Int64?, StoredDate?, Int64?, StoredDate,
                          Int64, String, String, String, StoredDate).self, logger: logger).map { row in
                PersonalData.GivenVoucher(voucher: Columns.voucher((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7)),
                                          recipient: Self.person((row.9, row.10, row.11, row.12, row.13)), givenAt: row.8.date)
            }
            let friends = try await connection.rows("""
                SELECT \(unescaped: Self.personColumns("friend")), friendship.since FROM friendship
                JOIN player friend ON friend.id = CASE WHEN friendship.playerA = \(playerID) THEN friendship.playerB ELSE friendship.playerA END
                WHERE (friendship.playerA = \(playerID) OR friendship.playerB = \(playerID)) AND friend.deletedAt IS NULL
                ORDER BY nocase(friend.username), friend.id
                """, as: (Int64, String, String, String, StoredDate, StoredDate).self, logger: logger).map { row in
                PersonalData.Link(player: Self.person((row.0, row.1, row.2, row.3, row.4)), since: row.5.date)
            }
            let requests = try await connection.rows("""
                SELECT r.id, r.createdAt, \(unescaped: Self.personColumns("sender")), \(unescaped: Self.personColumns("recipient"))
                FROM friendRequest r JOIN player sender ON sender.id = r.fromPlayer JOIN player recipient ON recipient.id = r.toPlayer
                WHERE (r.fromPlayer = \(playerID) AND recipient.deletedAt IS NULL) OR (r.toPlayer = \(playerID) AND sender.deletedAt IS NULL)
                ORDER BY r.id
                """, as: (Int64, StoredDate, Int64, String, String, String, StoredDate, Int64, String, String, String, StoredDate).self,
                logger: logger).map { row in
                FriendRequest(id: row.0, from: Self.person((row.2, row.3, row.4, row.5, row.6)), to: Self.person((row.7, row.8, row.9, row.10, row.11)),
                              createdAt: row.1.date)
            }
            let blocked = try await connection.rows("""
                SELECT \(unescaped: Self.personColumns("blocked")), block.createdAt FROM block JOIN player blocked ON blocked.id = block.blocked
                WHERE block.blocker = \(playerID) AND blocked.deletedAt IS NULL ORDER BY block.createdAt, block.blocked
                """, as: (Int64, String, String, String, StoredDate, StoredDate).self, logger: logger).map { row in
                PersonalData.Link(player: Self.person((row.0, row.1, row.2, row.3, row.4)), since: row.5.date)
            }
            let reports = try await connection.rows("""
                \(unescaped: Self.reportColumns) WHERE r.playerId = \(playerID) ORDER BY r.id
                """, as: ReportRow.self, logger: logger).map(Self.storedReport)
            return PersonalData(
                events: events, quiz: quiz, riddleAttempts: attempts, vouchers: vouchers, vouchersGiven: given, friends: friends,
                friendRequestsReceived: requests.filter { $0.to.id == playerID }, friendRequestsSent: requests.filter { $0.from.id == playerID },
                blocked: blocked, crew: try await crew(ofPlayer: playerID, connection),
                crewInvitations: try await crewInvitations(playerID: playerID, connection),
                challenges: try await challenges("""
                    SELECT \(unescaped: Self.challengeColumns) WHERE c.challengerId = \(playerID) OR c.challengedId = \(playerID) ORDER BY c.id
                    """, connection),
                reports: reports)
        }
    }

    /// A player's identifying columns from the table aliased `table`, as ``person(_:)`` reads them.
    private static func personColumns(_ table: String) -> String {
        "\(table).id, \(table).email, \(table).username, \(table).displayName, \(table).createdAt"
    }

    private static func person(_ row: (Int64, String, String, String, StoredDate)) -> Player {
        Player(id: row.0, email: row.1, username: row.2, displayName: row.3, createdAt: row.4.date)
    }
}
