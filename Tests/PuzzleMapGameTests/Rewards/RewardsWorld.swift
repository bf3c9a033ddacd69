import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Testing

extension GameWorld {
    /// Issues `offerID`'s voucher to the player as an event would, expiring after a day unless told.
    func unlock(_ offerID: String, for playerID: Int64, expiring: Date? = nil) async throws -> Voucher {
        let grant = VoucherGrant(offerID: offerID, expiresAt: expiring ?? clock.now + 86_400)
        _ = try await hunt.repository.performScan(
            playerID: playerID, checkpointID: hunt.content.checkpoints[0].id, idempotencyKey: nil, requestDigest: "", photo: nil, location: nil,
            photoWindow: 0, at: clock.now
        ) { _ in ScanEffect(event: .explored(by: playerID, at: hunt.content.checkpoints[0].id, xp: 0, on: clock.now), grants: [grant], outcome: "explored", flag: nil) { _ in Data() } }
        return try #require(try await hunt.repository.vouchers(playerID: playerID).first { $0.offerID == offerID })
    }

    func account(_ playerID: Int64) async throws -> Account {
        try #require(try await hunt.repository.account(id: playerID))
    }

    func verify(_ playerID: Int64) async throws {
        let now = clock.now
        #expect(try await hunt.repository.verifyEmail(playerID: playerID, at: now) { $0.verdict(for: "code", maxAttempts: 5, at: now) } == .verified)
    }
}
