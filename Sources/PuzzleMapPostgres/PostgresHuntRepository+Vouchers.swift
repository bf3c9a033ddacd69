import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// Issues each granted offer's voucher unless the player already unlocked it or the stock is
    /// spent. Called with the player's row locked, so the player cannot unlock an offer twice;
    /// the stock is taken by one conditional UPDATE, which PostgreSQL re-checks after waiting
    /// for a concurrent taker, so it never goes below zero however many players unlock at once.
    func issue(_ grants: [VoucherGrant], to playerID: Int64, at date: Date, _ connection: PostgresConnection) async throws -> [Voucher] {
        guard !grants.isEmpty else { return [] }
        // Offers' rows are locked in id order, whatever order the grants come in, so two scans
        // never hold one offer each while waiting for the other's.
        try await connection.run("""
            SELECT offerId FROM offerStock WHERE offerId = ANY(\(grants.map(\.offerID))) ORDER BY offerId FOR NO KEY UPDATE
            """, logger: logger)
        var issued: [Voucher] = []
        for grant in grants {
            let already = try await connection.count("""
                SELECT 1 FROM voucher WHERE offerId = \(grant.offerID) AND unlockedBy = \(playerID) LIMIT 1
                """, logger: logger)
            guard already == 0 else { continue }
            guard try await connection.count("""
                UPDATE offerStock SET issued = issued + 1 WHERE offerId = \(grant.offerID) AND issued < stock RETURNING offerId
                """, logger: logger) == 1
            else { continue }
            let id = try await connection.value("""
                INSERT INTO voucher (offerId, playerId, unlockedBy, issuedAt, expiresAt)
                VALUES (\(grant.offerID), \(playerID), \(playerID), \(StoredDate(date)), \(StoredDate(grant.expiresAt)))
                RETURNING id
                """, as: Int64.self, logger: logger)
            guard let id else { throw StorageError.notFound("voucher just issued for \(grant.offerID)") }
            issued.append(Voucher(id: id, offerID: grant.offerID, playerID: playerID, issuedAt: date, expiresAt: grant.expiresAt, giftedBy: nil,
                                  redeemedAt: nil, redeemedBy: nil))
        }
        return issued
    }

    public func vouchers(playerID: Int64) async throws -> [Voucher] {
        try await autocommit { connection in try await vouchers(playerID: playerID, connection) }
    }

    func vouchers(playerID: Int64, _ connection: PostgresConnection) async throws -> [Voucher] {
        try await connection.rows(Prepared<PlayerVouchers>(playerID), as: Columns.VoucherRow.self, logger: logger).map(Columns.voucher)
    }

    public func voucher(id: Int64) async throws -> Voucher? {
        try await autocommit { connection in
            try await connection.row("SELECT \(unescaped: Columns.voucher) FROM voucher WHERE id = \(id)",
                                     as: Columns.VoucherRow.self, logger: logger).map(Columns.voucher)
        }
    }

    public func giftVoucher(id: Int64, from: Int64, to: Int64, dayStart: Date, at date: Date,
                            decide: @Sendable (GiftState) -> RewardRefusal?,
                            announce events: @Sendable (Voucher) -> [LiveEvent]) async throws -> Result<Voucher, RewardRefusal> {
        try await write { connection in
            // The giver's gifts run one at a time, so two at once cannot both fit the last place
            // of the day's allowance; the voucher's row lock orders a gift after a redemption.
            try await lockPlayer(from, connection)
            let given = try await connection.value("""
                SELECT COUNT(*) FROM voucher WHERE giftedBy = \(from) AND giftedAt >= \(StoredDate(dayStart))
                """, as: Int.self, logger: logger) ?? 0
            let voucher = try await connection.row("SELECT \(unescaped: Columns.voucher) FROM voucher WHERE id = \(id) FOR UPDATE",
                                                   as: Columns.VoucherRow.self, logger: logger).map(Columns.voucher)
            if let refusal = decide(GiftState(voucher: voucher, givenToday: given)) { return .failure(refusal) }
            guard let row = try await connection.row("""
                UPDATE voucher SET playerId = \(to), giftedBy = \(from), giftedAt = \(StoredDate(date)) WHERE id = \(id)
                RETURNING \(unescaped: Columns.voucher)
                """, as: Columns.VoucherRow.self, logger: logger)
            else { throw StorageError.notFound("voucher \(id)") }
            let gifted = Columns.voucher(row)
            try await announce(events(gifted), at: date, connection)
            return .success(gifted)
        }
    }

    public func redeem(voucherID: Int64, staffID: Int64, at date: Date,
                       decide: @Sendable (RedemptionState?) -> RewardRefusal?,
                       announce events: @Sendable (Redemption) -> [LiveEvent]) async throws -> Result<Redemption, RewardRefusal> {
        try await write { connection in
            // The voucher's row lock orders simultaneous redemptions (and gifts): the second one
            // waits, then reads the first one's outcome.
            var state: RedemptionState?
            if let row = try await connection.row("SELECT \(unescaped: Columns.voucher) FROM voucher WHERE id = \(voucherID) FOR UPDATE",
                                                  as: Columns.VoucherRow.self, logger: logger) {
                let voucher = Columns.voucher(row)
                if let partner = try await connection.value("SELECT partnerId FROM offerStock WHERE offerId = \(voucher.offerID)",
                                                            as: String.self, logger: logger),
                   let (displayName, emailVerifiedAt, suspendedAt, guestEventID) = try await connection.row(
                    "SELECT displayName, emailVerifiedAt, suspendedAt, guestEventId FROM player WHERE id = \(voucher.playerID)",
                    as: (String, StoredDate?, StoredDate?, Int64?).self, logger: logger) {
                    var redeemer: String?
                    if let staffID = voucher.redeemedBy {
                        redeemer = try await connection.value("SELECT displayName FROM player WHERE id = \(staffID)", as: String.self, logger: logger)
                    }
                    state = RedemptionState(voucher: voucher, partnerID: partner, ownerDisplayName: displayName, ownerVerified: emailVerifiedAt != nil,
                                            ownerIsGuest: guestEventID != nil, ownerSuspended: suspendedAt != nil, redeemerDisplayName: redeemer)
                }
            }
            if let refusal = decide(state) { return .failure(refusal) }
            guard let state, try await connection.count("""
                UPDATE voucher SET redeemedAt = \(StoredDate(date)), redeemedBy = \(staffID) WHERE id = \(voucherID) RETURNING id
                """, logger: logger) == 1
            else { throw StorageError.notFound("voucher \(voucherID)") }
            // The instant as given, as SQLite's answer holds it.
            var redeemed = state.voucher
            redeemed.redeemedAt = date
            redeemed.redeemedBy = staffID
            let redemption = Redemption(voucher: redeemed, playerDisplayName: state.ownerDisplayName)
            try await announce(events(redemption), at: date, connection)
            return .success(redemption)
        }
    }

    public func redemptions(partnerID: String, from start: Date, to end: Date) async throws -> [Redemption] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT \(unescaped: Columns.voucher), player.displayName FROM voucher
                JOIN offerStock ON offerStock.offerId = voucher.offerId
                JOIN player ON player.id = voucher.playerId
                WHERE offerStock.partnerId = \(partnerID) AND voucher.redeemedAt >= \(StoredDate(start)) AND voucher.redeemedAt < \(StoredDate(end))
                ORDER BY voucher.redeemedAt, voucher.id
                """, as: (Int64, String, Int64, StoredDate, StoredDate, Int64?, StoredDate?, Int64?, String).self, logger: logger)
                .map { row in
                    Redemption(voucher: Columns.voucher((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7)), playerDisplayName: row.8)
                }
        }
    }
}

extension PostgresHuntRepository {
    /// An offer's stock and how much of it was issued.
    public func offerStock(offerID: String) async throws -> (stock: Int, issued: Int)? {
        try await autocommit { connection in
            try await connection.row("SELECT stock, issued FROM offerStock WHERE offerId = \(offerID)", as: (Int, Int).self, logger: logger)
                .map { (stock: $0.0, issued: $0.1) }
        }
    }

    /// Sets how much of an offer was issued (organisers' corrections, and tests near the limit).
    public func setStockIssued(offerID: String, issued: Int) async throws -> Bool {
        try await autocommit { connection in
            try await connection.count("UPDATE offerStock SET issued = \(issued) WHERE offerId = \(offerID) RETURNING offerId", logger: logger) == 1
        }
    }
}

/// A player's freebies, the newest first.
enum PlayerVouchers: PlayerStatementText {
    static let name = "player.vouchers"
    static let sql = "SELECT \(Columns.voucher) FROM voucher WHERE playerId = $1 ORDER BY id DESC"
}
