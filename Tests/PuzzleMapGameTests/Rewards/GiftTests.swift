import Foundation
import PuzzleMapCore
import PuzzleMapGame
import Testing

@Suite struct GiftTests {
    @Test func theRulesOfGiving() {
        let now = Date(timeIntervalSince1970: 1_795_521_600)
        let voucher = Voucher(id: 1, offerID: "coffee", playerID: 7, issuedAt: now, expiresAt: now + 60, giftedBy: nil, redeemedAt: nil, redeemedBy: nil)
        #expect(GiftState(voucher: voucher, givenToday: 2).refusal(giver: 7, perDay: 3, at: now) == nil)
        #expect(GiftState(voucher: voucher, givenToday: 3).refusal(giver: 7, perDay: 3, at: now) == .giftLimitReached(perDay: 3))
        #expect(GiftState(voucher: nil, givenToday: 3).refusal(giver: 7, perDay: 3, at: now) == .giftLimitReached(perDay: 3))
        #expect(GiftState(voucher: nil, givenToday: 0).refusal(giver: 7, perDay: 3, at: now) == .voucherNotGiftable)
        #expect(GiftState(voucher: voucher, givenToday: 0).refusal(giver: 8, perDay: 3, at: now) == .voucherNotGiftable)
        #expect(GiftState(voucher: voucher, givenToday: 0).refusal(giver: 7, perDay: 3, at: now + 60) == .voucherNotGiftable)
        var given = voucher
        given.giftedBy = 9
        #expect(GiftState(voucher: given, givenToday: 0).refusal(giver: 7, perDay: 3, at: now) == .voucherNotGiftable)
        var used = voucher
        used.redeemedAt = now
        #expect(GiftState(voucher: used, givenToday: 0).refusal(giver: 7, perDay: 3, at: now) == .voucherNotGiftable)
    }

    @Test func aVoucherMovesToAFriendOnceAndShowsWhoGaveIt() async throws {
        let world = try await GameWorld()
        let (ada, bob, cy) = (try await world.player("ada"), try await world.player("bob"), try await world.player("cyd"))
        let voucher = try await world.unlock("qmu-free-coffee", for: ada)
        await #expect(throws: RewardRefusal.notFriends) { try await world.hunt.giftVoucher(id: voucher.id, from: world.account(ada), to: "bob") }
        await #expect(throws: SocialRefusal.playerNotFound) { try await world.hunt.giftVoucher(id: voucher.id, from: world.account(ada), to: "nobody") }
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: bob)], playerID: ada)
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: cy)], playerID: bob)
        await #expect(throws: RewardRefusal.voucherNotHeld) { try await world.hunt.giftVoucher(id: voucher.id, from: world.account(bob), to: "ada") }

        let moved = try await world.hunt.giftVoucher(id: voucher.id, from: world.account(ada), to: "bob")
        #expect(moved.voucher.playerID == bob)
        #expect(moved.voucher.giftedBy == ada)
        #expect(moved.status == .pendingVerification)
        #expect(moved.giftedBy == "ada")
        #expect(try await world.hunt.vouchers(heldBy: world.account(bob)) == [moved])
        #expect(try await world.hunt.vouchers(heldBy: world.account(ada)).isEmpty)
        // Given once, it stays where it is.
        await #expect(throws: RewardRefusal.voucherNotGiftable) { try await world.hunt.giftVoucher(id: voucher.id, from: world.account(bob), to: "cyd") }
    }

    @Test func aGiverGivesAtMostTheDailyLimitEachCampusDay() async throws {
        let world = try await GameWorld { $0.giftsPerDay = 1 }
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: bob)], playerID: ada)
        let first = try await world.unlock("qmu-free-coffee", for: ada, expiring: world.clock.now + 3 * 86_400)
        let second = try await world.unlock("guu-half-price-lunch", for: ada, expiring: world.clock.now + 3 * 86_400)
        _ = try await world.hunt.giftVoucher(id: first.id, from: world.account(ada), to: "bob")
        await #expect(throws: RewardRefusal.giftLimitReached(perDay: 1)) { try await world.hunt.giftVoucher(id: second.id, from: world.account(ada), to: "bob") }
        world.clock.advance(by: 12 * 3600)  // past midnight on the campus's clock
        #expect(try await world.hunt.giftVoucher(id: second.id, from: world.account(ada), to: "bob").voucher.playerID == bob)
    }

    @Test func anExpiredVoucherCannotBeGiven() async throws {
        let world = try await GameWorld()
        let (ada, bob) = (try await world.player("ada"), try await world.player("bob"))
        _ = try await world.hunt.befriend(byCode: [world.hunt.friendCode(playerID: bob)], playerID: ada)
        let voucher = try await world.unlock("qmu-free-coffee", for: ada, expiring: world.clock.now + 60)
        world.clock.advance(by: 60)
        #expect(try await world.hunt.voucher(id: voucher.id, heldBy: world.account(ada)).status == .expired)
        await #expect(throws: RewardRefusal.voucherNotGiftable) { try await world.hunt.giftVoucher(id: voucher.id, from: world.account(ada), to: "bob") }
    }
}
