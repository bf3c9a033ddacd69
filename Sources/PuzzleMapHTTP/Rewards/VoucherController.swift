import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapImaging
import PuzzleMapStorage

/// A player's vouchers: the list, one with its codes, and its QR for the shop's camera.
struct VoucherController {
    let services: HuntServices

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/vouchers") { _, context -> [VoucherView] in
            let identity = try context.requirePlayer()
            let now = services.now()
            var views: [VoucherView] = []
            for voucher in try await services.repository.vouchers(playerID: identity.playerID) {
                views.append(VoucherView(voucher, content: services.content, at: now, ownerVerified: identity.account.emailVerifiedAt != nil,
                                         giftedBy: try await giver(of: voucher)))
            }
            return views
        }
        router.get("me/vouchers/:id") { _, context -> VoucherView in
            let (identity, voucher) = try await owned(context)
            var view = VoucherView(voucher, content: services.content, at: services.now(), ownerVerified: identity.account.emailVerifiedAt != nil,
                                   giftedBy: try await giver(of: voucher))
            let signer = TagSigner(secrets: services.secrets)
            view.manualCode = signer.manualCode(for: Self.payload(of: voucher))
            view.code = signer.qrText(for: Self.payload(of: voucher), baseURL: services.publicURL)
            return view
        }
        router.get("me/vouchers/:id/code.png") { _, context -> Response in
            let (_, voucher) = try await owned(context)
            let text = TagSigner(secrets: services.secrets).qrText(for: Self.payload(of: voucher), baseURL: services.publicURL)
            // Ten pixels a module: large enough for a shop's camera to read off a phone screen.
            let png = try QREncoder(errorCorrection: .quartile).encode(text).renderPNG(scale: 10, quietZone: 4)
            return Response(status: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"],
                            body: .init(byteBuffer: ByteBuffer(bytes: png)))
        }
    }

    /// The username of the friend who gave the voucher (an erased account shows as erased).
    private func giver(of voucher: Voucher) async throws -> String? {
        guard let giver = voucher.giftedBy else { return nil }
        return try await services.repository.account(id: giver)?.player.username ?? "erased"
    }

    static func payload(of voucher: Voucher) -> TagPayload {
        TagPayload(purpose: .voucher, subject: UInt64(voucher.id), version: 1)
    }

    /// The caller's voucher, or 404 (another player's voucher is not revealed).
    private func owned(_ context: AppRequestContext) async throws -> (Identity, Voucher) {
        let identity = try context.requirePlayer()
        guard let id = context.parameters.get("id", as: Int64.self),
              let voucher = try await services.repository.voucher(id: id), voucher.playerID == identity.playerID
        else { throw Problem.voucherNotFound }
        return (identity, voucher)
    }
}

extension Problem {
    static let voucherNotFound = Problem(.notFound, code: .voucherNotFound, detail: "You hold no such voucher.",
                                         hint: "GET /v1/me/vouchers lists yours.")
}
