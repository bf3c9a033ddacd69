import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage

/// Shop staff redeem their partner's vouchers, exactly once, and list the day's redemptions.
struct StaffController {
    let services: HuntServices

    struct RedemptionView: ResponseCodable {
        struct VoucherSummary: Codable {
            var id: Int64
            var title: String
            var playerDisplayName: String
            var issuedAt: Date
        }
        var voucher: VoucherSummary
        var redeemedAt: Date
    }

    struct RedemptionList: ResponseCodable {
        var date: String
        var redemptions: [RedemptionView]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("staff/redemptions") { request, context in try await redeem(request, context) }
        router.get("staff/redemptions") { request, context in try await list(request, context) }
    }

    private func redeem(_ request: Request, _ context: AppRequestContext) async throws -> RedemptionView {
        let staff = try services.hunt.shopStaff(try context.requireIdentity().account)
        let submission = try await CodeUpload.submission(in: request, context, services: services)
        return view(of: try await services.hunt.redeem(codes: submission.texts, by: staff))
    }

    private func list(_ request: Request, _ context: AppRequestContext) async throws -> RedemptionList {
        let staff = try services.hunt.shopStaff(try context.requireIdentity().account)
        var day: LocalDate?
        if let text = request.uri.queryParameters.get("date") {
            guard let date = LocalDate(parsing: text) else {
                throw Problem(.badRequest, code: .invalidDate, values: ["text": text])
            }
            day = date
        }
        let (date, redemptions) = try await services.hunt.redemptions(by: staff, on: day)
        return RedemptionList(date: date.description, redemptions: redemptions.map(view))
    }

    private func view(of redemption: Redemption) -> RedemptionView {
        let title = services.content.offer(id: redemption.voucher.offerID)?.title ?? redemption.voucher.offerID
        return RedemptionView(
            voucher: .init(id: redemption.voucher.id, title: title, playerDisplayName: redemption.playerDisplayName,
                           issuedAt: redemption.voucher.issuedAt),
            redeemedAt: redemption.voucher.redeemedAt ?? services.now()
        )
    }
}
