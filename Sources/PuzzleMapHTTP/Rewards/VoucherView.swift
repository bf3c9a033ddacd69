import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// A voucher as its owner's app shows it.
struct VoucherView: ResponseCodable, Sendable {
    struct OfferView: Codable, Sendable {
        var title: String
        var partner: String
        var description: String
    }

    var id: Int64
    var offer: OfferView
    var status: Voucher.Status
    var issuedAt: Date
    var expiresAt: Date
    /// The username of the friend who gave it, when it was a gift.
    var giftedBy: String?
    /// Only on `GET /v1/me/vouchers/{id}`: the code to type when the shop's camera fails, and the QR text.
    var manualCode: String?
    var code: String?

    /// A voucher as its holder sees it.
    init(_ held: HeldVoucher, content: CampusContent) {
        self.init(held.voucher, content: content, status: held.status, giftedBy: held.giftedBy)
    }

    /// A voucher just issued, with its status at `date` for an owner whose email is or is not verified.
    init(_ voucher: Voucher, content: CampusContent, at date: Date, ownerVerified: Bool) {
        self.init(voucher, content: content, status: voucher.status(at: date, ownerVerified: ownerVerified), giftedBy: nil)
    }

    private init(_ voucher: Voucher, content: CampusContent, status: Voucher.Status, giftedBy: String?) {
        let offer = content.offer(id: voucher.offerID)
        let partner = offer.flatMap { content.partner(id: $0.partnerID) }
        id = voucher.id
        self.offer = OfferView(title: offer?.title ?? voucher.offerID, partner: partner?.name ?? "", description: offer?.description ?? "")
        self.status = status
        issuedAt = voucher.issuedAt
        expiresAt = voucher.expiresAt
        self.giftedBy = giftedBy
    }
}
