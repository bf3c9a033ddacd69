import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Freebies: the player's vouchers with a large code for the shop's camera (unclaimed first),
/// giving one to a friend, and the offers still to unlock with how far the player is from each.
struct FreebiePages {
    let services: HuntServices
    let library: PageLibrary

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("freebies") { request, context in
            let identity = try context.requirePlayer()
            let given = request.uri.queryParameters.get("given")
            return try await freebiesPage(context, identity: identity,
                                          notice: given.map { library.text("freebies.given", ["username": $0]) })
        }
        router.get("freebies/:id/code.png") { _, context in
            let identity = try context.requirePlayer()
            let held = try await services.hunt.voucher(id: try voucherID(context), heldBy: identity.account)
            return try Response.qrCode(services.hunt.code(of: held.voucher).qrText)
        }
        router.post("freebies/:id/gift") { request, context in
            let identity = try context.requirePlayer()
            let form = try await PageForm.read(request, context: context)
            let username = form.text("username") ?? ""
            do {
                _ = try await services.hunt.giftVoucher(id: try voucherID(context), from: identity.account, to: username)
            } catch {
                return try await freebiesPage(context, identity: identity, problem: try Problem.forPage(error))
            }
            return Response.seeOther("/freebies?given=\(PageForm.escapeQuery(username))")
        }
    }

    private func voucherID(_ context: AppRequestContext) throws -> Int64 {
        guard let id = context.parameters.get("id", as: Int64.self) else { throw RewardRefusal.voucherNotHeld }
        return id
    }

    private func freebiesPage(_ context: AppRequestContext, identity: Identity, notice: String? = nil, problem: Problem? = nil) async throws -> Response {
        async let held = services.hunt.vouchers(heldBy: identity.account, playVersion: identity.playVersion, order: .claimableFirst)
        async let upcoming = services.hunt.upcomingOffers(playerID: identity.playerID)
        let vouchers = try await held.map { VoucherCard($0, services: services, library: library) }
        let offers = try await upcoming.map { OfferCard($0, content: services.content, library: library) }
        return PageRendering(library: library, context: context).response(
            "freebies", title: library.text("freebies.title"), status: problem?.status ?? .ok,
            FreebiesView(unverified: !identity.isVerified, vouchers: vouchers, offers: offers, notice: notice, problem: problem))
    }

    /// The vouchers in three lists: ready for the counter, waiting for the email to be
    /// confirmed, and claimed or expired (at the bottom, out of the way at the till).
    struct FreebiesView {
        var unverified: Bool
        var vouchers: [VoucherCard]
        var ready: [VoucherCard]
        var waitingForEmail: [VoucherCard]
        var used: [VoucherCard]
        var offers: [OfferCard]
        var notice: String?
        var problem: Problem?

        init(unverified: Bool, vouchers: [VoucherCard], offers: [OfferCard], notice: String?, problem: Problem?) {
            self.unverified = unverified
            self.vouchers = vouchers
            ready = vouchers.filter(\.usable)
            waitingForEmail = vouchers.filter(\.waiting)
            used = vouchers.filter { !$0.usable && !$0.waiting }
            self.offers = offers
            self.notice = notice
            self.problem = problem
        }
    }

    /// One voucher: its code while it can be used, its state otherwise.
    struct VoucherCard {
        var id: Int64
        var title: String
        var partner: String
        var description: String
        var status: String
        var statusClass: String
        /// Only while the shop can redeem it.
        var usable: Bool
        var manualCode: String?
        var codeAlt: String
        var until: String
        var waiting: Bool
        var giftedBy: String?
        /// The game decides (``HeldVoucher/isGiftable``); this only offers the form.
        var giftable: Bool
        var giftField: String

        init(_ held: HeldVoucher, services: HuntServices, library: PageLibrary) {
            let offer = services.content.offer(id: held.voucher.offerID)
            id = held.voucher.id
            title = offer?.title ?? held.voucher.offerID
            partner = offer.flatMap { services.content.partner(id: $0.partnerID)?.name } ?? ""
            description = offer?.description ?? ""
            status = library.text("freebies.status.\(held.status.rawValue)")
            statusClass = held.status.rawValue.replacingOccurrences(of: "_", with: "-")
            usable = held.status == .unclaimed
            manualCode = usable ? services.hunt.code(of: held.voucher).manualCode : nil
            codeAlt = library.text("freebies.codeAlt", ["title": title])
            let timeZone = services.hunt.timeZone
            until = held.status == .claimed
                ? library.text("freebies.claimedOn", ["date": CampusDates.day(held.voucher.redeemedAt ?? held.voucher.expiresAt, in: timeZone)])
                : library.text(held.status == .expired ? "freebies.expiredOn" : "freebies.until",
                               ["date": CampusDates.day(held.voucher.expiresAt, in: timeZone)])
            waiting = held.status == .pendingVerification
            giftedBy = held.giftedBy.map { library.text("freebies.giftedBy", ["username": $0]) }
            giftable = held.isGiftable
            giftField = "gift-\(held.voucher.id)"
        }
    }

    /// An offer still to unlock, with the steps left.
    struct OfferCard {
        var title: String
        var partner: String
        var howToUnlock: String
        var current: Int
        var target: Int
        var progressLabel: String
        var progressID: String
        var startsOn: String?

        init(_ upcoming: OfferProgress, content: CampusContent, library: PageLibrary) {
            title = upcoming.offer.title
            partner = content.partner(id: upcoming.offer.partnerID)?.name ?? ""
            howToUnlock = upcoming.howToUnlock
            current = upcoming.progress.current
            target = max(1, upcoming.progress.target)
            let unit = if case .level = upcoming.offer.unlock { "freebies.offer.xp" } else { "freebies.offer.steps" }
            progressLabel = library.text(unit, ["current": "\(upcoming.progress.current)", "target": "\(upcoming.progress.target)"])
            progressID = "offer-\(upcoming.offer.id)"
            startsOn = upcoming.startsOn.map { library.text("freebies.offer.startsOn", ["date": CampusDates.day($0)]) }
        }
    }
}
