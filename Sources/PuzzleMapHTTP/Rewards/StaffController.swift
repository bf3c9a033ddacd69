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

    private func staff(_ context: AppRequestContext) throws -> (Identity, String) {
        let identity = try context.requireIdentity()
        guard identity.account.role == .staff, let partner = identity.account.partnerID else {
            throw Problem(.forbidden, code: .staffOnly, detail: "Only staff of a partner shop can redeem vouchers.",
                          hint: "Sign in with the staff account the organisers gave your shop.")
        }
        return (identity, partner)
    }

    private func redeem(_ request: Request, _ context: AppRequestContext) async throws -> RedemptionView {
        let (identity, partner) = try staff(context)
        let submission = try await CodeUpload.submission(in: request, context, metrics: services.metrics)
        return try await services.hunt.codes.first(in: submission.texts, expecting: .voucher) { payload in
            switch try await services.repository.redeem(voucherID: Int64(payload.subject), partnerID: partner, staffID: identity.playerID, at: services.now()) {
            case .success(let redemption): view(of: redemption)
            case .failure(let reason): throw Self.problem(for: reason)
            }
        }
    }

    private func list(_ request: Request, _ context: AppRequestContext) async throws -> RedemptionList {
        let (_, partner) = try staff(context)
        let text = request.uri.queryParameters.get("date") ?? LocalDate(services.now(), in: services.timeZone).description
        guard let date = LocalDate(parsing: text) else {
            throw Problem(.badRequest, code: .invalidDate, detail: "'\(text)' is not a date.", hint: "Use YYYY-MM-DD, e.g. 2026-11-22.")
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = services.timeZone
        let start = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
        let end = calendar.date(byAdding: .day, value: 1, to: start)!
        let redemptions = try await services.repository.redemptions(partnerID: partner, from: start, to: end)
        return RedemptionList(date: date.description, redemptions: redemptions.map(view))
    }

    private func view(of redemption: Redemption) -> RedemptionView {
        let title = services.content.offers.first { $0.id == redemption.voucher.offerID }?.title ?? redemption.voucher.offerID
        return RedemptionView(
            voucher: .init(id: redemption.voucher.id, title: title, playerDisplayName: redemption.playerDisplayName,
                           issuedAt: redemption.voucher.issuedAt),
            redeemedAt: redemption.voucher.redeemedAt ?? services.now()
        )
    }

    static func problem(for refusal: RedemptionRefusal) -> Problem {
        switch refusal {
        case .notFound:
            Problem(.notFound, code: .voucherNotFound, detail: "No voucher matches that code.", hint: "Ask the player to show the code again.")
        case .wrongPartner:
            Problem(.forbidden, code: .wrongPartner, detail: "That voucher is for another shop.", hint: "Tell the player which partner gives this freebie.")
        case .alreadyRedeemed(let date):
            Problem(.conflict, code: .alreadyRedeemed, detail: "That voucher was already redeemed at \(date.formatted(.iso8601)).",
                    hint: "Each voucher works once; do not hand over the freebie again.")
        case .expired(let date):
            Problem(.gone, code: .voucherExpired, detail: "That voucher expired at \(date.formatted(.iso8601)).",
                    hint: "Expired vouchers cannot be redeemed.")
        case .pendingVerification:
            Problem(.conflict, code: .voucherPendingVerification, detail: "The player has not confirmed their university email yet.",
                    hint: "Ask the player to confirm their email address in the app, then show the voucher again.")
        }
    }
}
