import Foundation

/// A freebie issued to a player: one unit of an offer's stock.
public struct Voucher: Hashable, Codable, Sendable, Identifiable {
    public enum Status: String, Codable, Sendable {
        case unclaimed
        case claimed
        case expired
        /// Held until the owner confirms their university email (throwaway accounts must not farm vouchers).
        case pendingVerification = "pending_verification"
    }

    public var id: Int64
    public var offerID: String
    public var playerID: Int64
    public var issuedAt: Date
    public var expiresAt: Date
    /// The player who gave it, when it was a gift.
    public var giftedBy: Int64?
    public var redeemedAt: Date?
    /// The staff account that redeemed it.
    public var redeemedBy: Int64?

    public init(id: Int64, offerID: String, playerID: Int64, issuedAt: Date, expiresAt: Date, giftedBy: Int64?,
                redeemedAt: Date?, redeemedBy: Int64?) {
        self.id = id
        self.offerID = offerID
        self.playerID = playerID
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.giftedBy = giftedBy
        self.redeemedAt = redeemedAt
        self.redeemedBy = redeemedBy
    }

    /// The status at an instant, for an owner whose email is or is not verified.
    public func status(at date: Date, ownerVerified: Bool) -> Status {
        if redeemedAt != nil { return .claimed }
        if expiresAt <= date { return .expired }
        return ownerVerified ? .unclaimed : .pendingVerification
    }
}

/// An offer's voucher to issue when an event unlocks it.
public struct VoucherGrant: Hashable, Sendable {
    public var offerID: String
    public var expiresAt: Date

    public init(offerID: String, expiresAt: Date) {
        self.offerID = offerID
        self.expiresAt = expiresAt
    }
}

extension CampusContent {
    /// The offers unlocked between two standings (by a level reached or a badge earned), that
    /// are valid on `date` in the campus's time zone, with their vouchers' expiry.
    public func grants(fromLevel oldLevel: Int, toLevel newLevel: Int, newBadges: Set<String>, at date: Date, in timeZone: TimeZone) -> [VoucherGrant] {
        let today = LocalDate(date, in: timeZone)
        return offers.filter { offer in
            guard offer.validFrom <= today, today <= offer.validUntil else { return false }
            switch offer.unlock {
            case .level(let level): return oldLevel < level && level <= newLevel
            case .badge(let badge): return newBadges.contains(badge)
            }
        }.map { VoucherGrant(offerID: $0.id, expiresAt: date + Double($0.voucherDays) * 86_400) }
    }
}
