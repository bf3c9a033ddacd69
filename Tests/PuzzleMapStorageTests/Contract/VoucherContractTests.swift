import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Stock, redemption and gifts: exactly once however many ask at the same moment, on every store.
@Suite struct VoucherContractTests {
    let start = ContractFixture.start

    /// Issues `offer`'s voucher to `player` through an exploring scan; the vouchers issued.
    static func unlock(_ offer: String, for player: Int64, at place: String, _ repository: any HuntRepository,
                       at date: Date = ContractFixture.start, expiring: Date? = nil) async throws -> Int {
        let answer = try await repository.performScan(
            playerID: player, checkpointID: place, idempotencyKey: nil, requestDigest: "request", photo: nil, location: nil, photoWindow: 0, at: date,
            decide: ScanContractTests.exploring(player, at: place, on: date, grants: [VoucherGrant(offerID: offer, expiresAt: expiring ?? date + 14 * 86_400)]))
        return Int(ScanContractTests.text(answer).split(separator: "/")[1])!
    }

    /// The offer's issued count and what is left, as organisers see them.
    static func stock(_ offer: String, _ repository: any HuntRepository) async throws -> (issued: Int, left: Int) {
        let stats = try #require(try await repository.statistics(at: ContractFixture.start).offers.first { $0.offer == offer })
        return (stats.issued, stats.left)
    }

    @Test(arguments: StorageBackend.allCases)
    func aPlayerUnlocksEachOfferOnceWhileStockLasts(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            var content = ContractFixture.content
            content.offers[0].stock = 2
            _ = try await repository.imported(content)
            let offer = content.offers[0].id
            let place = content.checkpoints[0].id
            let players = [try await repository.signUp("ada"), try await repository.signUp("bob"), try await repository.signUp("cy")]
            #expect(try await Self.unlock(offer, for: players[0].id, at: place, repository) == 1)
            #expect(try await Self.unlock(offer, for: players[0].id, at: place, repository) == 0)
            #expect(try await Self.unlock(offer, for: players[1].id, at: place, repository) == 1)
            #expect(try await Self.unlock(offer, for: players[2].id, at: place, repository) == 0)
            #expect(try await Self.stock(offer, repository) == (2, 0))
            let vouchers = try await repository.vouchers(playerID: players[0].id)
            #expect(vouchers.count == 1)
            #expect(try await repository.voucher(id: vouchers[0].id) == vouchers[0])
            #expect(try await repository.voucher(id: vouchers[0].id + 1000) == nil)
            // A smaller stock in the files never takes back what was issued.
            content.offers[0].stock = 1
            _ = try await repository.importContent(content, at: start + 60)
            #expect(try await Self.stock(offer, repository) == (2, 0))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoHundredPlayersUnlockingTheLastTwentyAtOnceGetExactlyTwenty(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            var content = ContractFixture.content
            content.offers[0].stock = 20
            _ = try await repository.imported(content)
            let offer = content.offers[0].id
            let place = content.checkpoints[1].id
            var signedUp: [Int64] = []
            for index in 0..<200 { signedUp.append(try await repository.signUp("p\(index)").id) }
            let players = signedUp
            let issued = try await concurrently(200) { index in try await Self.unlock(offer, for: players[index], at: place, repository) }
            #expect(issued.reduce(0, +) == 20)
            #expect(try await Self.stock(offer, repository) == (20, 0))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func redemptionChecksPartnerExpiryVerificationAndHappensOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let offer = content.offers[0]
            let place = content.checkpoints[0].id
            let ada = try await repository.signUp("ada")
            let staff = try await repository.signUp("quinn")
            _ = try await Self.unlock(offer.id, for: ada.id, at: place, repository, expiring: start + 3600)
            let voucher = try #require(try await repository.vouchers(playerID: ada.id).first)

            #expect(try await repository.redeem(voucherID: voucher.id + 1000, partnerID: offer.partnerID, staffID: staff.id, at: start) == .failure(.noSuchVoucher))
            #expect(try await repository.redeem(voucherID: voucher.id, partnerID: "someone-else", staffID: staff.id, at: start)
                    == .failure(.wrongPartner(partnerID: offer.partnerID)))
            #expect(try await repository.redeem(voucherID: voucher.id, partnerID: offer.partnerID, staffID: staff.id, at: start)
                        == .failure(.pendingVerification))
            #expect(try await repository.verifyEmail(playerID: ada.id, codeHash: "code-ada", maxAttempts: 5, at: start))
            #expect(try await repository.redeem(voucherID: voucher.id, partnerID: offer.partnerID, staffID: staff.id, at: start + 3600)
                        == .failure(.voucherExpired(at: start + 3600)))

            let redeemed = try await repository.redeem(voucherID: voucher.id, partnerID: offer.partnerID, staffID: staff.id, at: start + 60)
            var expected = voucher
            expected.redeemedAt = start + 60
            expected.redeemedBy = staff.id
            #expect(redeemed == .success(Redemption(voucher: expected, playerDisplayName: "Ada")))
            #expect(try await repository.voucher(id: voucher.id) == expected)
            #expect(try await repository.redeem(voucherID: voucher.id, partnerID: offer.partnerID, staffID: staff.id, at: start + 120)
                        == .failure(.alreadyRedeemed(at: start + 60, by: staff.displayName)))
            #expect(try await repository.redemptions(partnerID: offer.partnerID, from: start, to: start + 61)
                        == [Redemption(voucher: expected, playerDisplayName: "Ada")])
            #expect(try await repository.redemptions(partnerID: offer.partnerID, from: start + 61, to: start + 999).isEmpty)
            #expect(try await repository.redemptions(partnerID: "someone-else", from: start, to: start + 999).isEmpty)
            let stats = try #require(try await repository.statistics(at: start).offers.first { $0.offer == offer.id })
            #expect(stats.redeemed == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofFiftySimultaneousRedemptionsOfOneVoucherExactlyOneSucceeds(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let offer = content.offers[0]
            let ada = try await repository.verifiedPlayer("ada")
            _ = try await Self.unlock(offer.id, for: ada.id, at: content.checkpoints[0].id, repository)
            let voucher = try #require(try await repository.vouchers(playerID: ada.id).first)
            let outcomes = try await concurrently(50) { index in
                try await repository.redeem(voucherID: voucher.id, partnerID: offer.partnerID, staffID: Int64(1000 + index), at: start + 60)
            }
            let successes = outcomes.compactMap { try? $0.get() }
            #expect(successes.count == 1)
            #expect(outcomes.filter { $0 == .failure(.alreadyRedeemed(at: start + 60, by: nil)) }.count == 49)
            #expect(try await repository.voucher(id: voucher.id)?.redeemedBy == successes.first?.voucher.redeemedBy)
        }
    }

    // MARK: Gifts

    @Test(arguments: StorageBackend.allCases)
    func aGiftMovesAnUnclaimedVoucherOnceWithinTheDailyLimit(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let place = content.checkpoints[0].id
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            for offer in content.offers.prefix(3) { _ = try await Self.unlock(offer.id, for: ada.id, at: place, repository) }
            let mine = try await repository.vouchers(playerID: ada.id)
            #expect(mine.count == 3)

            let gift = try await repository.giftVoucher(id: mine[0].id, from: ada.id, to: bob.id, dailyLimit: 2, dayStart: start, at: start + 10)
            var moved = mine[0]
            moved.playerID = bob.id
            moved.giftedBy = ada.id
            #expect(gift == .success(moved))
            #expect(try await repository.vouchers(playerID: bob.id) == [moved])
            #expect(try await repository.vouchers(playerID: ada.id).count == 2)
            // Gifted once, it stays where it is.
            #expect(try await repository.giftVoucher(id: mine[0].id, from: bob.id, to: ada.id, dailyLimit: 2, dayStart: start, at: start + 20)
                        == .failure(.voucherNotGiftable))
            #expect(try await repository.giftVoucher(id: mine[1].id, from: bob.id, to: ada.id, dailyLimit: 2, dayStart: start, at: start + 20)
                        == .failure(.voucherNotGiftable))
            _ = try await repository.giftVoucher(id: mine[1].id, from: ada.id, to: bob.id, dailyLimit: 2, dayStart: start, at: start + 30)
            #expect(try await repository.giftVoucher(id: mine[2].id, from: ada.id, to: bob.id, dailyLimit: 2, dayStart: start, at: start + 40)
                        == .failure(.giftLimitReached(perDay: 2)))
            // The next day counts afresh.
            #expect(try await repository.giftVoucher(id: mine[2].id, from: ada.id, to: bob.id, dailyLimit: 2, dayStart: start + 86_400,
                                                     at: start + 86_400).map(\.playerID) == .success(bob.id))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func expiredOrRedeemedVouchersCannotBeGiven(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.verifiedPlayer("ada")
            let bob = try await repository.signUp("bob")
            _ = try await Self.unlock(content.offers[0].id, for: ada.id, at: content.checkpoints[0].id, repository, expiring: start + 60)
            _ = try await Self.unlock(content.offers[1].id, for: ada.id, at: content.checkpoints[0].id, repository)
            let vouchers = try await repository.vouchers(playerID: ada.id)
            let expiring = try #require(vouchers.first { $0.offerID == content.offers[0].id })
            let redeemed = try #require(vouchers.first { $0.offerID == content.offers[1].id })
            _ = try await repository.redeem(voucherID: redeemed.id, partnerID: content.offers[1].partnerID, staffID: bob.id, at: start)
            #expect(try await repository.giftVoucher(id: expiring.id, from: ada.id, to: bob.id, dailyLimit: 5, dayStart: start, at: start + 60)
                        == .failure(.voucherNotGiftable))
            #expect(try await repository.giftVoucher(id: redeemed.id, from: ada.id, to: bob.id, dailyLimit: 5, dayStart: start, at: start + 1)
                        == .failure(.voucherNotGiftable))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousGiftsOfOneVoucherToManyFriendsExactlyOneArrives(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            var signedUp: [Int64] = []
            for index in 0..<20 { signedUp.append(try await repository.signUp("friend\(index)").id) }
            let friends = signedUp
            _ = try await Self.unlock(content.offers[0].id, for: ada.id, at: content.checkpoints[0].id, repository)
            let voucher = try #require(try await repository.vouchers(playerID: ada.id).first)
            let outcomes = try await concurrently(20) { index in
                try await repository.giftVoucher(id: voucher.id, from: ada.id, to: friends[index], dailyLimit: 100, dayStart: start, at: start + 1)
            }
            let arrived = outcomes.compactMap { try? $0.get() }
            #expect(arrived.count == 1)
            #expect(outcomes.filter { $0 == .failure(.voucherNotGiftable) }.count == 19)
            #expect(try await repository.voucher(id: voucher.id)?.playerID == arrived.first?.playerID)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousGiftsOfDifferentVouchersRespectTheDailyLimit(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            for offer in content.offers { _ = try await Self.unlock(offer.id, for: ada.id, at: content.checkpoints[0].id, repository) }
            let vouchers = try await repository.vouchers(playerID: ada.id)
            #expect(vouchers.count >= 4)
            let outcomes = try await concurrently(vouchers.count) { index in
                try await repository.giftVoucher(id: vouchers[index].id, from: ada.id, to: bob.id, dailyLimit: 2, dayStart: start, at: start + 1)
            }
            #expect(outcomes.filter { (try? $0.get()) != nil }.count == 2)
            #expect(outcomes.filter { $0 == .failure(.giftLimitReached(perDay: 2)) }.count == vouchers.count - 2)
            #expect(try await repository.vouchers(playerID: bob.id).count == 2)
        }
    }
}
