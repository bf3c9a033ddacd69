import Foundation

/// What decides a gift, as a store reads it with the giver's gifts locked.
public struct GiftState: Sendable, Equatable {
    /// The voucher to give, if it exists.
    public var voucher: Voucher?
    /// How many vouchers the giver has given since the start of the day.
    public var givenToday: Int

    public init(voucher: Voucher?, givenToday: Int) {
        self.voucher = voucher
        self.givenToday = givenToday
    }

    /// Why `giver` may not give the voucher at `date`, or `nil` if it may move: the day's
    /// allowance first, then the voucher, which must be the giver's own, never given before,
    /// unused and unexpired.
    public func refusal(giver: Int64, perDay limit: Int, at date: Date) -> RewardRefusal? {
        guard givenToday < limit else { return .giftLimitReached(perDay: limit) }
        guard let voucher, voucher.isGiftable(by: giver, at: date) else { return .voucherNotGiftable }
        return nil
    }
}

extension Voucher {
    /// Whether `giver` may give this voucher away at `date` (the day's allowance aside): it is
    /// their own, never given before, unused and unexpired.
    public func isGiftable(by giver: Int64, at date: Date) -> Bool {
        playerID == giver && giftedBy == nil && redeemedAt == nil && expiresAt > date
    }
}

/// What decides a redemption, as a store reads it with the voucher locked.
public struct RedemptionState: Sendable, Equatable {
    public var voucher: Voucher
    /// The partner whose offer the voucher is.
    public var partnerID: String
    public var ownerDisplayName: String
    public var ownerVerified: Bool
    /// Whether the holder is an open day's guest, whose freebies need no address.
    public var ownerIsGuest: Bool
    /// Whether an organiser has suspended the holder.
    public var ownerSuspended: Bool
    /// The display name of the staff member who redeemed it, if it was.
    public var redeemerDisplayName: String?

    public init(voucher: Voucher, partnerID: String, ownerDisplayName: String, ownerVerified: Bool, ownerIsGuest: Bool = false,
                ownerSuspended: Bool = false, redeemerDisplayName: String? = nil) {
        self.voucher = voucher
        self.partnerID = partnerID
        self.ownerDisplayName = ownerDisplayName
        self.ownerVerified = ownerVerified
        self.ownerIsGuest = ownerIsGuest
        self.ownerSuspended = ownerSuspended
        self.redeemerDisplayName = redeemerDisplayName
    }

    /// Why staff of `partnerID` may not redeem at `date`, or `nil` if they may; `state` is
    /// `nil` when no voucher matches. Each reason in the order a shop needs to hear it.
    public static func refusal(_ state: RedemptionState?, partnerID: String, at date: Date) -> RewardRefusal? {
        guard let state else { return .noSuchVoucher }
        guard state.partnerID == partnerID else { return .wrongPartner(partnerID: state.partnerID) }
        if let redeemedAt = state.voucher.redeemedAt { return .alreadyRedeemed(at: redeemedAt, by: state.redeemerDisplayName) }
        guard !state.ownerSuspended else { return .holderSuspended }
        guard state.voucher.expiresAt > date else { return .voucherExpired(at: state.voucher.expiresAt) }
        guard state.ownerVerified || state.ownerIsGuest else { return .pendingVerification }
        return nil
    }
}
