import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A partner shop's staff member: only they redeem that partner's vouchers.
public struct ShopStaff: Sendable, Equatable {
    public let account: Account
    public let partnerID: String
}

/// Shop staff redeem their partner's vouchers, exactly once, and list a day's redemptions.
extension Hunt {
    /// The account as a shop's staff member; anyone else is refused.
    public func shopStaff(_ account: Account) throws -> ShopStaff {
        guard account.role == .staff, let partnerID = account.partnerID else { throw RewardRefusal.staffOnly }
        return ShopStaff(account: account, partnerID: partnerID)
    }

    /// Redeems the voucher whose code is among `texts` for the staff member's shop.
    public func redeem(codes texts: [String], by staff: ShopStaff) async throws -> Redemption {
        let (partnerID, now, content) = (staff.partnerID, now(), content)
        return try await codes.first(in: texts, expecting: .voucher) { payload in
            // Refused for the game's reasons in the game's order; of simultaneous attempts, one
            // succeeds, and its holder hears of it at once (their voucher's page flips to claimed).
            try await repository.redeem(voucherID: Int64(payload.subject), staffID: staff.account.player.id, at: now, decide: {
                RedemptionState.refusal($0, partnerID: partnerID, at: now)
            }, announce: { redemption in
                [LiveEvent(playerID: redemption.voucher.playerID, kind: .voucherRedeemed,
                           values: ["offer": content.offer(id: redemption.voucher.offerID)?.title ?? redemption.voucher.offerID],
                           subjectID: redemption.voucher.id)]
            }).get()
        }
    }

    /// The redemptions at the staff member's shop on a campus day (today if `nil`), in the order made.
    public func redemptions(by staff: ShopStaff, on day: LocalDate?) async throws -> (day: LocalDate, redemptions: [Redemption]) {
        let day = day ?? LocalDate(now(), in: timeZone)
        let hours = day.interval(in: timeZone)
        return (day, try await repository.redemptions(partnerID: staff.partnerID, from: hours.start, to: hours.end))
    }
}
