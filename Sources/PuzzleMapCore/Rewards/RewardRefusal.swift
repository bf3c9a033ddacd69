import Foundation

/// Why something asked of a voucher was refused: by its holder (showing, giving) or by a shop's
/// staff (redeeming). The HTTP layer maps each case, in one table, to a status, a stable code,
/// a detail and a hint.
public enum RewardRefusal: Error, Hashable, Sendable {
    // MARK: Holders

    /// The player holds no such voucher (another player's is not revealed).
    case voucherNotHeld
    /// Vouchers go to friends only.
    case notFriends
    /// The giver has given `perDay` vouchers today already.
    case giftLimitReached(perDay: Int)
    /// Used, expired or already given once: the voucher cannot move.
    case voucherNotGiftable

    // MARK: Shop staff

    /// The account is not a partner shop's staff.
    case staffOnly
    /// No voucher matches the code shown.
    case noSuchVoucher
    /// The voucher is another partner's: `partnerID`'s, whom the player can be sent to.
    case wrongPartner(partnerID: String)
    /// Redeemed before, at `at`, by the staff member named `by` (`nil` if that account is gone).
    case alreadyRedeemed(at: Date, by: String?)
    case voucherExpired(at: Date)
    /// The owner has not confirmed their university email yet.
    case pendingVerification
    /// An organiser suspended the voucher's holder: nothing is redeemed for them meanwhile.
    case holderSuspended
}
