import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapImaging
import PuzzleMapGame

/// A player's vouchers: the list, one with its codes, and its QR for the shop's camera.
struct VoucherController {
    let services: HuntServices

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/vouchers") { _, context -> [VoucherView] in
            let identity = try context.requirePlayer()
            return try await services.hunt.vouchers(heldBy: identity.account, playVersion: identity.playVersion).map { VoucherView($0, content: services.content) }
        }
        router.get("me/vouchers/:id") { _, context -> VoucherView in
            let held = try await owned(context)
            var view = VoucherView(held, content: services.content)
            (view.code, view.manualCode) = services.hunt.code(of: held.voucher)
            return view
        }
        router.get("me/vouchers/:id/code.png") { _, context -> Response in
            try Response.qrCode(services.hunt.code(of: try await owned(context).voucher).qrText)
        }
    }

    /// The caller's voucher (another player's is not revealed).
    private func owned(_ context: AppRequestContext) async throws -> HeldVoucher {
        let identity = try context.requirePlayer()
        guard let id = context.parameters.get("id", as: Int64.self) else { throw RewardRefusal.voucherNotHeld }
        return try await services.hunt.voucher(id: id, heldBy: identity.account)
    }
}
