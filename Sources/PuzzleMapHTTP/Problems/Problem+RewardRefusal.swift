import Foundation
import Hummingbird
import PuzzleMapCore

extension Problem {
    /// The one table from vouchers' refusals, to holders and to shop staff, to answers. The
    /// pages show the same `detail` and `hint`.
    public init(_ refusal: RewardRefusal) {
        switch refusal {
        case .voucherNotHeld:
            self.init(.notFound, code: .voucherNotFound)
        case .notFriends:
            self.init(.forbidden, code: .notFriends)
        case .giftLimitReached(let perDay):
            self.init(.tooManyRequests, code: .giftLimitReached, values: ["perDay": "\(perDay)"])
        case .voucherNotGiftable:
            self.init(.conflict, code: .voucherNotGiftable)
        case .staffOnly:
            self.init(.forbidden, code: .staffOnly)
        case .noSuchVoucher:
            self.init(.notFound, code: .voucherNotFound, detailVariant: "staff", hintVariant: "staff")
        case .wrongPartner(let partnerID):
            self.init(.forbidden, code: .wrongPartner, values: ["partner": partnerID])
        case .alreadyRedeemed(let date, let by):
            self.init(.conflict, code: .alreadyRedeemed, values: ["date": date.formatted(.iso8601), "by": by ?? ""],
                      detailVariant: by == nil ? "unknownStaff" : nil)
        case .voucherExpired(let date):
            self.init(.gone, code: .voucherExpired, values: ["date": date.formatted(.iso8601)])
        case .pendingVerification:
            self.init(.conflict, code: .voucherPendingVerification)
        case .holderSuspended:
            self.init(.forbidden, code: .voucherHolderSuspended)
        }
    }
}
