import Foundation
import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from vouchers' refusals, to holders and to shop staff, to answers. The
    /// pages show the same `detail` and `hint`.
    public init(_ refusal: RewardRefusal) {
        switch refusal {
        case .voucherNotHeld:
            self.init(.notFound, code: .voucherNotFound, detail: "You hold no such voucher.", hint: "GET /v1/me/vouchers lists yours.")
        case .notFriends:
            self.init(.forbidden, code: .notFriends, detail: "Vouchers can only be given to friends.",
                      hint: "Become friends first: scan each other's friend codes.")
        case .giftLimitReached(let perDay):
            self.init(.tooManyRequests, code: .giftLimitReached, detail: "You have given \(perDay) vouchers today.", hint: "Give more tomorrow.")
        case .voucherNotGiftable:
            self.init(.conflict, code: .voucherNotGiftable, detail: "That voucher cannot be given: it was used, expired or already given.",
                      hint: "Only unclaimed vouchers you unlocked yourself can be given.")
        case .staffOnly:
            self.init(.forbidden, code: .staffOnly, detail: "Only staff of a partner shop can redeem vouchers.",
                      hint: "Sign in with the staff account the organisers gave your shop.")
        case .noSuchVoucher:
            self.init(.notFound, code: .voucherNotFound, detail: "No voucher matches that code.", hint: "Ask the player to show the code again.")
        case .wrongPartner:
            self.init(.forbidden, code: .wrongPartner, detail: "That voucher is for another shop.",
                      hint: "Tell the player which partner gives this freebie.")
        case .alreadyRedeemed(let date):
            self.init(.conflict, code: .alreadyRedeemed, detail: "That voucher was already redeemed at \(date.formatted(.iso8601)).",
                      hint: "Each voucher works once; do not hand over the freebie again.")
        case .voucherExpired(let date):
            self.init(.gone, code: .voucherExpired, detail: "That voucher expired at \(date.formatted(.iso8601)).",
                      hint: "Expired vouchers cannot be redeemed.")
        case .pendingVerification:
            self.init(.conflict, code: .voucherPendingVerification, detail: "The player has not confirmed their university email yet.",
                      hint: "Ask the player to confirm their email address in the app, then show the voucher again.")
        }
    }
}
