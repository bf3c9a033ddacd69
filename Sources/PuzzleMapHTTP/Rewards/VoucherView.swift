import Foundation
import Hummingbird
import PuzzleMapCore

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

    init(_ voucher: Voucher, content: CampusContent, at date: Date, ownerVerified: Bool, giftedBy: String? = nil) {
        let offer = content.offers.first { $0.id == voucher.offerID }
        let partner = offer.flatMap { offer in content.partners.first { $0.id == offer.partnerID } }
        id = voucher.id
        self.offer = OfferView(title: offer?.title ?? voucher.offerID, partner: partner?.name ?? "", description: offer?.description ?? "")
        status = voucher.status(at: date, ownerVerified: ownerVerified)
        issuedAt = voucher.issuedAt
        expiresAt = voucher.expiresAt
        self.giftedBy = giftedBy
    }
}
