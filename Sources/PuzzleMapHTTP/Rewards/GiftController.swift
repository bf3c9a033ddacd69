import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// `POST /v1/me/vouchers/{id}/gift`: an unclaimed voucher moves to an accepted friend.
struct GiftController {
    let services: HuntServices

    struct GiftBody: Decodable { var username: String }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("me/vouchers/:id/gift") { request, context -> VoucherView in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: GiftBody.self, context: context)
            guard let id = context.parameters.get("id", as: Int64.self) else { throw RewardRefusal.voucherNotHeld }
            return VoucherView(try await services.hunt.giftVoucher(id: id, from: identity.account, to: body.username), content: services.content)
        }
    }
}
