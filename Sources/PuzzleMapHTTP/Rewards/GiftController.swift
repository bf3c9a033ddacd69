import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapStorage

/// `POST /v1/me/vouchers/{id}/gift`: an unclaimed voucher moves to an accepted friend.
struct GiftController {
    let services: HuntServices

    struct GiftBody: Decodable { var username: String }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("me/vouchers/:id/gift") { request, context -> VoucherView in
            let identity = try context.requirePlayer()
            let body = try await request.decode(as: GiftBody.self, context: context)
            guard let id = context.parameters.get("id", as: Int64.self),
                  let voucher = try await services.repository.voucher(id: id), voucher.playerID == identity.playerID
            else { throw Problem.voucherNotFound }
            let friend = try await FriendController(services: services).visiblePlayer(body.username, to: identity)
            guard try await services.repository.areFriends(identity.playerID, friend.player.id) else {
                throw Problem(.forbidden, code: .notFriends, detail: "Vouchers can only be given to friends.",
                              hint: "Become friends first: scan each other's friend codes.")
            }
            let now = services.now()
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = services.timeZone
            switch try await services.repository.giftVoucher(id: id, from: identity.playerID, to: friend.player.id, dailyLimit: services.limits.giftsPerDay,
                                                             dayStart: calendar.startOfDay(for: now), at: now) {
            case .success(let moved):
                return VoucherView(moved, content: services.content, at: now, ownerVerified: friend.emailVerifiedAt != nil,
                                   giftedBy: identity.account.player.username)
            case .failure(.dailyLimit):
                throw Problem(.tooManyRequests, code: .giftLimitReached, detail: "You have given \(services.limits.giftsPerDay) vouchers today.",
                              hint: "Give more tomorrow.")
            case .failure(.notGiftable):
                throw Problem(.conflict, code: .voucherNotGiftable, detail: "That voucher cannot be given: it was used, expired or already given.",
                              hint: "Only unclaimed vouchers you unlocked yourself can be given.")
            }
        }
    }
}
