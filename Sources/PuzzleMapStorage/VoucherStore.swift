import Foundation
import PuzzleMapCore

/// A voucher redeemed, with what the shop's screen shows.
public struct Redemption: Sendable, Equatable {
    public var voucher: Voucher
    public var playerDisplayName: String

    public init(voucher: Voucher, playerDisplayName: String) {
        self.voucher = voucher
        self.playerDisplayName = playerDisplayName
    }
}

/// Vouchers: stock per offer, issued with the event that unlocks them, given and redeemed
/// exactly once. The decisions are the game's: a store reads, locks and writes what it is told.
public protocol VoucherStore: Sendable {
    /// The player's vouchers, newest first.
    func vouchers(playerID: Int64) async throws -> [Voucher]
    func voucher(id: Int64) async throws -> Voucher?
    /// Reads the voucher and the giver's gifts since `dayStart` with the giver's gifts locked,
    /// and moves it to `to` unless `decide` refuses, in one transaction: of simultaneous gifts,
    /// only those `decide` allows in turn succeed.
    /// `announce` names the live events the gift makes, written with it.
    func giftVoucher(id: Int64, from: Int64, to: Int64, dayStart: Date, at date: Date,
                     decide: @Sendable (GiftState) -> RewardRefusal?,
                     announce: @Sendable (Voucher) -> [LiveEvent]) async throws -> Result<Voucher, RewardRefusal>
    /// Reads the voucher (`nil` state if none) with it locked, and redeems it for `staffID`
    /// unless `decide` refuses, in one transaction: of simultaneous attempts, `decide` sees
    /// each after the one before.
    /// `announce` names the live events the redemption makes, written with it.
    func redeem(voucherID: Int64, staffID: Int64, at date: Date,
                decide: @Sendable (RedemptionState?) -> RewardRefusal?,
                announce: @Sendable (Redemption) -> [LiveEvent]) async throws -> Result<Redemption, RewardRefusal>
    /// A partner's redemptions between two instants.
    func redemptions(partnerID: String, from start: Date, to end: Date) async throws -> [Redemption]
}


extension VoucherStore {
    /// A gift that announces nothing.
    public func giftVoucher(id: Int64, from: Int64, to: Int64, dayStart: Date, at date: Date,
                            decide: @Sendable (GiftState) -> RewardRefusal?) async throws -> Result<Voucher, RewardRefusal> {
        try await giftVoucher(id: id, from: from, to: to, dayStart: dayStart, at: date, decide: decide, announce: { _ in [] })
    }

    /// A redemption that announces nothing.
    public func redeem(voucherID: Int64, staffID: Int64, at date: Date,
                       decide: @Sendable (RedemptionState?) -> RewardRefusal?) async throws -> Result<Redemption, RewardRefusal> {
        try await redeem(voucherID: voucherID, staffID: staffID, at: date, decide: decide, announce: { _ in [] })
    }
}
