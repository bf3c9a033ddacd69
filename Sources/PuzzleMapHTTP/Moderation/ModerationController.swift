import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Organisers' moderation API under `/v1/admin`: flagged scans, a player's record, voiding a
/// scan, adjusting XP, suspending and reinstating.
struct ModerationController {
    let services: HuntServices

    struct FlaggedScansView: ResponseCodable {
        var scans: [ModeratedScanView]
    }

    struct PlayerRecordView: ResponseCodable {
        var username: String
        var displayName: String
        var xp: Int
        var level: Int
        var badges: Int
        var suspension: SuspensionView?
        var scans: [ModeratedScanView]
        var notices: [ModerationNoticeView]
    }

    struct ReasonRequest: Decodable {
        var reason: String
    }

    struct VoidView: ResponseCodable {
        struct BadgeView: Codable {
            var id: String
            var name: String
        }

        struct VoucherRef: Codable {
            var id: Int64
            var offerId: String
        }

        var scan: ModeratedScanView
        /// The XP the void took back (zero or negative).
        var xp: Int
        var levelBefore: Int
        var levelAfter: Int
        var badgesLost: [BadgeView]
        /// Unredeemed vouchers withdrawn.
        var vouchersWithdrawn: [VoucherRef]
        /// Vouchers no longer earned that were already redeemed: they stay redeemed.
        var vouchersAlreadyRedeemed: [VoucherRef]
    }

    struct AdjustmentRequest: Decodable {
        var xp: Int
        var reason: String
    }

    struct AdjustmentView: ResponseCodable {
        var username: String
        var xp: Int
        var reason: String
        var at: Date
        var totalXP: Int
        var level: Int
    }

    struct SuspensionStateView: ResponseCodable {
        var username: String
        var suspension: SuspensionView?
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("admin/flagged-scans") { _, context -> FlaggedScansView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            return FlaggedScansView(scans: try await services.hunt.flaggedScans(for: organiser).map { ModeratedScanView($0, content: services.content) })
        }
        router.post("admin/scans/:id/void") { request, context -> VoidView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            guard let id = context.parameters.get("id", as: Int64.self) else { throw ModerationRefusal.scanNotFound }
            let body = try await request.decode(as: ReasonRequest.self, context: context)
            let voided = try await services.hunt.voidScan(id: id, reason: body.reason, by: organiser)
            let refs = { (vouchers: [Voucher]) in vouchers.map { VoidView.VoucherRef(id: $0.id, offerId: $0.offerID) } }
            return VoidView(scan: ModeratedScanView(voided.scan, content: services.content), xp: voided.void.xp,
                            levelBefore: voided.void.levelBefore, levelAfter: voided.void.levelAfter,
                            badgesLost: voided.void.badgesLost.map { VoidView.BadgeView(id: $0.id, name: $0.name) },
                            vouchersWithdrawn: refs(voided.void.withdrawnVouchers), vouchersAlreadyRedeemed: refs(voided.void.redeemedVouchers))
        }
        router.get("admin/players/:username") { _, context -> PlayerRecordView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let record = try await services.hunt.moderatedPlayer(username: context.parameters.get("username") ?? "", for: organiser)
            return PlayerRecordView(username: record.account.player.username, displayName: record.account.player.displayName,
                                    xp: record.totals.xp, level: record.totals.level, badges: record.badgesEarned,
                                    suspension: record.account.suspension.map(SuspensionView.init),
                                    scans: record.scans.map { ModeratedScanView($0, content: services.content) },
                                    notices: record.notices.map(ModerationNoticeView.init))
        }
        router.post("admin/players/:username/xp-adjustments") { request, context -> EditedResponse<AdjustmentView> in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: AdjustmentRequest.self, context: context)
            let adjusted = try await services.hunt.adjustXP(username: context.parameters.get("username") ?? "", xp: body.xp, reason: body.reason,
                                                            by: organiser)
            return EditedResponse(status: .created, response: AdjustmentView(
                username: adjusted.account.player.username, xp: adjusted.event.xp, reason: adjusted.event.reason ?? "",
                at: adjusted.event.occurredAt, totalXP: adjusted.totals.xp, level: adjusted.totals.level))
        }
        router.post("admin/players/:username/suspension") { request, context -> SuspensionStateView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let body = try await request.decode(as: ReasonRequest.self, context: context)
            let account = try await services.hunt.suspend(username: context.parameters.get("username") ?? "", reason: body.reason,
                                                          by: organiser)
            return SuspensionStateView(username: account.player.username, suspension: account.suspension.map(SuspensionView.init))
        }
        router.delete("admin/players/:username/suspension") { _, context -> SuspensionStateView in
            let organiser = try context.requireOrganiser(in: services.hunt)
            let account = try await services.hunt.reinstate(username: context.parameters.get("username") ?? "", by: organiser)
            return SuspensionStateView(username: account.player.username, suspension: nil)
        }
    }
}
