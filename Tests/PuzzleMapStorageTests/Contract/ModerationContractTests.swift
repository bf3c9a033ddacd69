import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Flagged scans, voids, adjustments and suspensions, each with its audit line, alike on every store.
@Suite struct ModerationContractTests {
    let start = ContractFixture.start
    static let audit = AuditRecord(actorID: nil, actorName: "olive", action: .scanVoided, subject: "scan", detail: "test")

    @Test(arguments: StorageBackend.allCases)
    func aScanKeepsItsFlagAndLocationAndItsEventNamesIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let place = content.checkpoints[0].id
            let location = ReportedLocation(coordinate: Coordinate(latitude: 55.88, longitude: -4.29), accuracyMetres: 12)
            _ = try await repository.performScan(playerID: ada.id, checkpointID: place, idempotencyKey: nil, requestDigest: "r", photo: nil,
                                                 location: location, photoWindow: 0, at: start) { _ in
                ScanEffect(event: .explored(by: ada.id, at: place, xp: 25, on: start), outcome: "explored", flag: .typedFarAway) { _ in Data() }
            }
            _ = try await repository.performScan(playerID: ada.id, checkpointID: content.checkpoints[1].id, idempotencyKey: nil, requestDigest: "r2",
                                                 photo: nil, location: nil, photoWindow: 0, at: start + 60, decide: ScanContractTests.exploring(ada.id, at: content.checkpoints[1].id, on: start + 60))
            let flagged = try await repository.flaggedScans(limit: 10)
            #expect(flagged.count == 1)
            let scan = try #require(flagged.first)
            #expect(scan.username == "ada" && scan.checkpointID == place && scan.outcome == "explored" && scan.flag == .typedFarAway && scan.flagged)
            #expect(scan.location == location && scan.scannedAt == start && scan.voiding == nil)
            #expect(try await repository.scans(playerID: ada.id, limit: 10).map(\.flag) == [nil, .typedFarAway], "newest first")
            #expect(try await repository.events(playerID: ada.id).first?.scanID == scan.id)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aVoidAppendsItsEventWithdrawsTheVouchersItNamesAndWritesItsAuditLine(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let offer = content.offers[0].id
            #expect(try await VoucherContractTests.unlock(offer, for: ada.id, at: content.checkpoints[0].id, repository) == 1)
            let before = try await VoucherContractTests.stock(offer, repository)
            let scan = try #require(try await repository.scans(playerID: ada.id, limit: 1).first)
            let voided = try await repository.voidScan(id: scan.id, reason: "Shared photo", at: start + 600, decide: { state in
                guard let state else { return .failure(.scanNotFound) }
                #expect(state.events.map(\.xp) == [25] && state.unlocked.map(\.offerID) == [offer])
                return .success(ScanVoid(event: .voided(scan: state.scan.id, of: ada.id, at: state.scan.checkpointID, xp: -25, reason: "Shared photo", on: start + 600), levelBefore: 1, levelAfter: 1, badgesLost: [], withdrawnVouchers: state.unlocked,
                                         redeemedVouchers: []))
            }, audit: { _, _ in Self.audit }).get()
            #expect(voided.0.voiding == ModeratedScan.Voiding(at: start + 600, reason: "Shared photo"))
            let events = try await repository.events(playerID: ada.id)
            #expect(events.map(\.kind) == [.explored, .voided], "the original event stays; the void is appended")
            #expect(events[1].xp == -25 && events[1].scanID == scan.id && events[1].reason == "Shared photo")
            #expect(try await repository.vouchers(playerID: ada.id).isEmpty)
            let after = try await VoucherContractTests.stock(offer, repository)
            #expect(after.issued == before.issued - 1 && after.left == before.left + 1, "the stock is given back")
            #expect(try await repository.scans(playerID: ada.id, limit: 1).first?.voiding?.reason == "Shared photo")
            #expect(try await repository.auditLog(limit: 5).map(\.record) == [Self.audit])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefusedOrUnknownVoidWritesNothing(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            _ = try await VoucherContractTests.unlock(content.offers[0].id, for: ada.id, at: content.checkpoints[0].id, repository)
            let scan = try #require(try await repository.scans(playerID: ada.id, limit: 1).first)
            let refused = try await repository.voidScan(id: scan.id, reason: "r", at: start, decide: { _ in .failure(.scanAlreadyVoided(at: start)) },
                                                        audit: { _, _ in Self.audit })
            #expect(refused.map(\.0.id) == .failure(.scanAlreadyVoided(at: start)))
            let unknown = try await repository.voidScan(id: scan.id + 100, reason: "r", at: start, decide: { state in
                state == nil ? .failure(.scanNotFound) : .failure(.playerNotFound)
            }, audit: { _, _ in Self.audit })
            #expect(unknown.map(\.0.id) == .failure(.scanNotFound))
            #expect(try await repository.events(playerID: ada.id).map(\.kind) == [.explored])
            #expect(try await repository.vouchers(playerID: ada.id).count == 1)
            #expect(try await repository.auditLog(limit: 5).isEmpty)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anAdjustmentIsALedgerEventThatCountsOnTheLeaderboard(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let event = try await repository.adjustXP(.adjusted(ada.id, xp: 40, reason: "Fixed a sticker", on: start), audit: Self.audit)
            #expect(event.kind == .adjusted && event.xp == 40 && event.reason == "Fixed a sticker" && event.checkpointID == nil)
            #expect(try await repository.events(playerID: ada.id) == [event])
            #expect(try await repository.standing(playerID: ada.id, period: .all, at: start) == (1, 40))
            #expect(try await repository.auditLog(limit: 5).count == 1)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aSuspensionIsKeptOnTheAccountUntilLiftedAndRedemptionSeesIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.verifiedPlayer("ada")
            let sam = try await repository.signUp("sam")
            _ = try await VoucherContractTests.unlock(content.offers[0].id, for: ada.id, at: content.checkpoints[0].id, repository)
            let voucher = try #require(try await repository.vouchers(playerID: ada.id).first)
            let suspension = Suspension(reason: "Shared codes", since: start)
            let suspended = try await repository.setSuspension(playerID: ada.id, to: suspension, at: start, audit: Self.audit) { current in
                current == nil ? nil : .alreadySuspended
            }.get()
            #expect(suspended.suspension == suspension)
            let redemption = try await repository.redeem(voucherID: voucher.id, partnerID: content.offers[0].partnerID, staffID: sam.id, at: start + 30)
            #expect(redemption.map(\.voucher.id) == .failure(.holderSuspended))
            #expect(try await repository.account(id: ada.id)?.suspension == suspension)
            let again = try await repository.setSuspension(playerID: ada.id, to: suspension, at: start, audit: Self.audit) { current in
                current == nil ? nil : .alreadySuspended
            }
            #expect(again.map(\.player.id) == .failure(.alreadySuspended))
            let lifted = try await repository.setSuspension(playerID: ada.id, to: nil, at: start + 60, audit: Self.audit) { _ in nil }.get()
            let reread = try await repository.account(id: ada.id)
            #expect(lifted.suspension == nil && reread?.suspension == nil)
            let redeemed = try await repository.redeem(voucherID: voucher.id, partnerID: content.offers[0].partnerID, staffID: sam.id, at: start + 90)
            #expect(redeemed.map(\.voucher.id) == .success(voucher.id), "reinstated, the holder's voucher is redeemed")
            #expect(try await repository.auditLog(limit: 5).count == 2, "the refused suspension wrote no line")
            let missing = try await repository.setSuspension(playerID: ada.id + 100, to: suspension, at: start, audit: Self.audit) { _ in nil }
            #expect(missing.map(\.player.id) == .failure(.playerNotFound))
        }
    }
}
