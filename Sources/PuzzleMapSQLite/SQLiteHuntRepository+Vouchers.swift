import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

/// A row of `voucher`.
struct VoucherRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "voucher"

    var id: Int64?
    var offerId: String
    var playerId: Int64
    var unlockedBy: Int64
    var issuedAt: Date
    var expiresAt: Date
    var giftedBy: Int64?
    var giftedAt: Date?
    var redeemedAt: Date?
    var redeemedBy: Int64?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let playerId = Column(CodingKeys.playerId)
        static let offerId = Column(CodingKeys.offerId)
        static let redeemedAt = Column(CodingKeys.redeemedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var voucher: Voucher {
        Voucher(id: id!, offerID: offerId, playerID: playerId, issuedAt: issuedAt, expiresAt: expiresAt, giftedBy: giftedBy,
                redeemedAt: redeemedAt, redeemedBy: redeemedBy)
    }
}

extension SQLiteHuntRepository {
    /// Issues each granted offer's voucher unless the player already unlocked it or the stock is
    /// spent. The stock is taken by one conditional UPDATE, so it never goes below zero however
    /// many players unlock at once.
    static func issue(_ grants: [VoucherGrant], to playerID: Int64, at date: Date, _ db: Database) throws -> [Voucher] {
        var issued: [Voucher] = []
        for grant in grants {
            let already = try VoucherRecord.filter(VoucherRecord.Columns.offerId == grant.offerID)
                .filter(Column("unlockedBy") == playerID).fetchCount(db)
            guard already == 0 else { continue }
            try db.execute(sql: "UPDATE offerStock SET issued = issued + 1 WHERE offerId = ? AND issued < stock", arguments: [grant.offerID])
            guard db.changesCount == 1 else { continue }
            var record = VoucherRecord(id: nil, offerId: grant.offerID, playerId: playerID, unlockedBy: playerID, issuedAt: date,
                                       expiresAt: grant.expiresAt)
            try record.insert(db)
            issued.append(record.voucher)
        }
        return issued
    }

    public func vouchers(playerID: Int64) async throws -> [Voucher] {
        try await database.read { db in try Self.vouchers(playerID: playerID, db) }
    }

    static func vouchers(playerID: Int64, _ db: Database) throws -> [Voucher] {
        try VoucherRecord.fetchAll(db.cachedStatement(sql: "SELECT * FROM voucher WHERE playerId = ? ORDER BY id DESC"), arguments: [playerID])
            .map(\.voucher)
    }

    public func voucher(id: Int64) async throws -> Voucher? {
        try await database.read { db in try VoucherRecord.fetchOne(db, key: id)?.voucher }
    }

    public func giftVoucher(id: Int64, from: Int64, to: Int64, dayStart: Date, at date: Date,
                            decide: @Sendable (GiftState) -> RewardRefusal?,
                            announce events: @Sendable (Voucher) -> [LiveEvent]) async throws -> Result<Voucher, RewardRefusal> {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            let given = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM voucher WHERE giftedBy = ? AND giftedAt >= ?", arguments: [from, dayStart]) ?? 0
            let record = try VoucherRecord.fetchOne(db, key: id)
            if let refusal = decide(GiftState(voucher: record?.voucher, givenToday: given)) { return .failure(refusal) }
            guard var record else { throw StorageError.notFound("voucher \(id)") }
            record.playerId = to
            record.giftedBy = from
            record.giftedAt = date
            try record.update(db)
            try announce(events(record.voucher), at: date, db)
            return .success(record.voucher)
        }
    }

    public func redeem(voucherID: Int64, staffID: Int64, at date: Date,
                       decide: @Sendable (RedemptionState?) -> RewardRefusal?,
                       announce events: @Sendable (Redemption) -> [LiveEvent]) async throws -> Result<Redemption, RewardRefusal> {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            var found: (record: VoucherRecord, state: RedemptionState)?
            if let record = try VoucherRecord.fetchOne(db, key: voucherID),
               let partner = try String.fetchOne(db, sql: "SELECT partnerId FROM offerStock WHERE offerId = ?", arguments: [record.offerId]),
               let owner = try PlayerRecord.fetchOne(db, key: record.playerId) {
                let redeemer = try record.redeemedBy.flatMap { try PlayerRecord.fetchOne(db, key: $0) }
                found = (record, RedemptionState(voucher: record.voucher, partnerID: partner, ownerDisplayName: owner.displayName,
                                                 ownerVerified: owner.emailVerifiedAt != nil, ownerIsGuest: owner.guestEventId != nil,
                                                 ownerSuspended: owner.suspendedAt != nil,
                                                 redeemerDisplayName: redeemer?.displayName))
            }
            if let refusal = decide(found?.state) { return .failure(refusal) }
            guard let found else { throw StorageError.notFound("voucher \(voucherID)") }
            var record = found.record
            record.redeemedAt = date
            record.redeemedBy = staffID
            try record.update(db)
            let redemption = Redemption(voucher: record.voucher, playerDisplayName: found.state.ownerDisplayName)
            try announce(events(redemption), at: date, db)
            return .success(redemption)
        }
    }

    public func redemptions(partnerID: String, from start: Date, to end: Date) async throws -> [Redemption] {
        try await database.read { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT voucher.*, player.displayName AS ownerName FROM voucher
                JOIN offerStock ON offerStock.offerId = voucher.offerId
                JOIN player ON player.id = voucher.playerId
                WHERE offerStock.partnerId = ? AND voucher.redeemedAt >= ? AND voucher.redeemedAt < ?
                ORDER BY voucher.redeemedAt
                """, arguments: [partnerID, start, end])
            return try rows.map { Redemption(voucher: try VoucherRecord(row: $0).voucher, playerDisplayName: $0["ownerName"]) }
        }
    }
}

extension SQLiteHuntRepository {
    /// An offer's stock and how much of it was issued.
    public func offerStock(offerID: String) async throws -> (stock: Int, issued: Int)? {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT stock, issued FROM offerStock WHERE offerId = ?", arguments: [offerID])
                .map { (stock: $0["stock"], issued: $0["issued"]) }
        }
    }

    /// Sets how much of an offer was issued (organisers' corrections, and tests near the limit).
    public func setStockIssued(offerID: String, issued: Int) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE offerStock SET issued = ? WHERE offerId = ?", arguments: [issued, offerID])
            return db.changesCount == 1
        }
    }
}
