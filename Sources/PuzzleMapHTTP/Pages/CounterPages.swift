import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage

/// The shop's counter, on its phone or tablet: a photo of the code on a player's screen (or the
/// code typed) goes to the same redemption use case as the API, and the answer is large and
/// unmistakable: green with what to hand over and to whom, or red with why and what to tell
/// the customer. The day's redemptions at the shop are listed below.
struct CounterPages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("counter") { _, context in
            let staff = try services.hunt.shopStaff(try context.requireIdentity().account)
            return try await counterPage(context, staff: staff, answer: nil)
        }
        router.post("counter") { request, context in
            // A forged form is refused as such, whoever sends it.
            let form = try await PagePhotoForm.read(request, context: context)
            let staff = try services.hunt.shopStaff(try context.requireIdentity().account)
            do {
                let redemption = try await services.hunt.redeem(codes: try await form.submission(services: services, logger: context.logger).texts,
                                                                by: staff)
                return try await counterPage(context, staff: staff, answer: redeemed(redemption))
            } catch {
                let problem = try Problem.forPage(error)
                return try await counterPage(context, staff: staff, answer: refused(error, problem: problem), status: problem.status)
            }
        }
    }

    private func counterPage(_ context: AppRequestContext, staff: ShopStaff, answer: Answer?, status: HTTPResponse.Status = .ok) async throws -> Response {
        let (_, redemptions) = try await services.hunt.redemptions(by: staff, on: nil)
        let zone = services.timeZone
        let rows = redemptions.reversed().map { redemption in
            library.text("counter.row", ["time": CampusDates.time(redemption.voucher.redeemedAt ?? services.now(), in: zone),
                                         "title": title(of: redemption.voucher), "name": redemption.playerDisplayName])
        }
        let partner = services.content.partner(id: staff.partnerID)?.name ?? staff.partnerID
        return PageRendering(library: library, context: context).response(
            "counter", title: library.text("counter.title"), status: status,
            CounterView(intro: library.text("counter.intro", ["partner": partner]), answer: answer, today: rows))
    }

    private func title(of voucher: Voucher) -> String {
        services.content.offer(id: voucher.offerID)?.title ?? voucher.offerID
    }

    private func redeemed(_ redemption: Redemption) -> Answer {
        Answer(redeemed: true, headline: library.text("counter.redeemed", ["title": title(of: redemption.voucher), "name": redemption.playerDisplayName]),
               why: nil, tell: library.text("counter.tell.redeemed"))
    }

    /// Why the game refused, said for the counter: the time in the shop's day, the partner by
    /// name; any other refusal (a photo without a code, another kind of code) in the problem's words.
    private func refused(_ error: any Error, problem: Problem) -> Answer {
        let zone = services.timeZone
        let (why, tell): (String, String)
        switch error as? RewardRefusal {
        case .alreadyRedeemed(let date, let by)?:
            let sameDay = LocalDate(date, in: zone) == LocalDate(services.now(), in: zone)
            let values = ["time": CampusDates.time(date, in: zone), "day": CampusDates.day(date, in: zone), "by": by ?? ""]
            why = library.text("counter.why.already_redeemed\(sameDay ? "" : ".earlier")\(by == nil ? ".unknownStaff" : "")", values)
            tell = library.text("counter.tell.already_redeemed")
        case .wrongPartner(let partnerID)?:
            let partner = services.content.partner(id: partnerID)
            why = library.text("counter.why.wrong_partner", ["partner": partner?.name ?? partnerID])
            tell = library.text("counter.tell.wrong_partner", ["partner": partner?.name ?? partnerID, "address": partner?.address ?? ""])
        case .voucherExpired(let date)?:
            why = library.text("counter.why.voucher_expired", ["day": CampusDates.day(date, in: zone), "time": CampusDates.time(date, in: zone)])
            tell = library.text("counter.tell.voucher_expired")
        case .pendingVerification?:
            why = library.text("counter.why.voucher_pending_verification")
            tell = library.text("counter.tell.voucher_pending_verification")
        case .noSuchVoucher?:
            why = library.text("counter.why.voucher_not_found")
            tell = library.text("counter.tell.voucher_not_found")
        default:
            // The problem's own hint is written for the player holding the phone; the barista
            // needs what to ask the customer.
            switch error as? GameRefusal {
            case .wrongCodeKind?, .notAPuzzleMapCode?:
                why = library.text("counter.why.not_a_freebie")
                tell = library.text("counter.tell.open_the_freebie")
            default:
                why = problem.detail
                tell = library.text("counter.tell.show_again")
            }
        }
        return Answer(redeemed: false, headline: library.text("counter.refused"), why: why, tell: tell)
    }

    /// The big answer: green or red, never both.
    struct Answer {
        var redeemed: Bool
        var headline: String
        var why: String?
        var tell: String
    }

    struct CounterView {
        var intro: String
        var answer: Answer?
        var today: [String]
    }
}
