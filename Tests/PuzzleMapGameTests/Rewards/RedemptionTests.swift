import Foundation
import PuzzleMapCore
import PuzzleMapGame
import Testing

@Suite struct RedemptionTests {
    @Test func theReasonsComeInTheOrderAShopNeedsThem() {
        let now = Date(timeIntervalSince1970: 1_795_521_600)
        let voucher = Voucher(id: 1, offerID: "coffee", playerID: 7, issuedAt: now, expiresAt: now + 60, giftedBy: nil, redeemedAt: nil, redeemedBy: nil)
        let state = RedemptionState(voucher: voucher, partnerID: "qmu", ownerDisplayName: "Ada", ownerVerified: true)
        #expect(RedemptionState.refusal(state, partnerID: "qmu", at: now) == nil)
        #expect(RedemptionState.refusal(nil, partnerID: "qmu", at: now) == .noSuchVoucher)
        var used = state
        used.voucher.redeemedAt = now - 10
        used.ownerVerified = false
        used.redeemerDisplayName = "Sam"
        #expect(RedemptionState.refusal(used, partnerID: "guu", at: now + 3600) == .wrongPartner(partnerID: "qmu"))
        #expect(RedemptionState.refusal(used, partnerID: "qmu", at: now + 3600) == .alreadyRedeemed(at: now - 10, by: "Sam"))
        used.voucher.redeemedAt = nil
        #expect(RedemptionState.refusal(used, partnerID: "qmu", at: now + 60) == .voucherExpired(at: now + 60))
        #expect(RedemptionState.refusal(used, partnerID: "qmu", at: now) == .pendingVerification)
    }

    @Test func staffRedeemTheirPartnersVoucherExactlyOnce() async throws {
        let world = try await GameWorld()
        _ = try await world.player("ada")
        let quinn = try await world.player("quinn")
        let player = try await world.account(quinn)
        #expect(throws: RewardRefusal.staffOnly) { try world.hunt.shopStaff(player) }
        let staff = try world.hunt.shopStaff(try await world.hunt.repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: "qmu-cafe"))
        let other = try world.hunt.shopStaff(try await world.hunt.repository.setRole(email: "ada@student.gla.ac.uk", role: .staff, partnerID: "guu-food"))
        let cy = try await world.player("cyd")
        let voucher = try await world.unlock("qmu-free-coffee", for: cy)
        let code = world.hunt.code(of: voucher)

        await #expect(throws: RewardRefusal.wrongPartner(partnerID: "qmu-cafe")) { try await world.hunt.redeem(codes: [code.qrText], by: other) }
        await #expect(throws: RewardRefusal.pendingVerification) { try await world.hunt.redeem(codes: [code.manualCode], by: staff) }
        try await world.verify(cy)
        let redemption = try await world.hunt.redeem(codes: [code.qrText], by: staff)
        #expect(redemption.playerDisplayName == "cyd")
        #expect(redemption.voucher.redeemedAt == world.clock.now)
        #expect(redemption.voucher.redeemedBy == quinn)
        let redeemedAt = world.clock.now
        world.clock.advance(by: 60)
        // The second try names who redeemed it, and when.
        await #expect(throws: RewardRefusal.alreadyRedeemed(at: redeemedAt, by: "quinn")) {
            try await world.hunt.redeem(codes: [code.qrText], by: staff)
        }
        #expect(try await world.hunt.redemptions(by: staff, on: nil) == (LocalDate(world.clock.now, in: world.hunt.timeZone), [redemption]))
        #expect(try await world.hunt.redemptions(by: other, on: nil).redemptions.isEmpty)
        #expect(try await world.hunt.redemptions(by: staff, on: LocalDate(year: 2026, month: 11, day: 19)).redemptions.isEmpty)
    }

    @Test func anUnknownOrExpiredVoucherIsRefused() async throws {
        let world = try await GameWorld()
        _ = try await world.player("quinn")
        let staff = try world.hunt.shopStaff(try await world.hunt.repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: "qmu-cafe"))
        let cy = try await world.player("cyd")
        try await world.verify(cy)
        let voucher = try await world.unlock("qmu-free-coffee", for: cy, expiring: world.clock.now + 60)
        var unknown = voucher
        unknown.id += 1000
        await #expect(throws: RewardRefusal.noSuchVoucher) { try await world.hunt.redeem(codes: [world.hunt.code(of: unknown).qrText], by: staff) }
        world.clock.advance(by: 60)
        await #expect(throws: RewardRefusal.voucherExpired(at: voucher.expiresAt)) {
            try await world.hunt.redeem(codes: [world.hunt.code(of: voucher).qrText], by: staff)
        }
    }
}
