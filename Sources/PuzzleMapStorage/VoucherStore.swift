import Foundation
import PuzzleMapCore

/// Why a redemption was refused.
public enum RedemptionRefusal: Error, Equatable, Sendable {
    case notFound
    case wrongPartner
    case alreadyRedeemed(at: Date)
    case expired(at: Date)
    case pendingVerification
}

/// A voucher redeemed, with what the shop's screen shows.
public struct Redemption: Sendable, Equatable {
    public var voucher: Voucher
    public var playerDisplayName: String

    public init(voucher: Voucher, playerDisplayName: String) {
        self.voucher = voucher
        self.playerDisplayName = playerDisplayName
    }
}

/// Vouchers: stock per offer, issued with the event that unlocks them, redeemed exactly once.
public protocol VoucherStore: Sendable {
    /// The player's vouchers, newest first, with whether the owner's email is verified.
    func vouchers(playerID: Int64) async throws -> [Voucher]
    func voucher(id: Int64) async throws -> Voucher?
    /// Redeems for a staff member of `partnerID`; exactly one of any number of simultaneous
    /// attempts succeeds.
    func redeem(voucherID: Int64, partnerID: String, staffID: Int64, at date: Date) async throws -> Result<Redemption, RedemptionRefusal>
    /// A partner's redemptions between two instants.
    func redemptions(partnerID: String, from start: Date, to end: Date) async throws -> [Redemption]
}
