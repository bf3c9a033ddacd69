import Foundation
import PuzzleMapCore
import Testing

/// The account decisions every store applies under its lock, each with its exact outcome.
@Suite struct AccountDecisionTests {
    let now = Date(timeIntervalSince1970: 1_795_521_600)

    @Test func theRightCodeInTimeVerifiesAndAWrongOneIsCounted() {
        let pending = PendingVerification(codeHash: "right", expiresAt: now + 60, failedAttempts: 4)
        #expect(pending.verdict(for: "right", maxAttempts: 5, at: now) == .verified)
        #expect(pending.verdict(for: "wrong", maxAttempts: 5, at: now) == .wrongCode)
    }

    @Test func aCodeIsRefusedAtItsExpiryOrOnceItsAttemptsAreSpent() {
        let pending = PendingVerification(codeHash: "right", expiresAt: now + 60, failedAttempts: 5)
        #expect(pending.verdict(for: "right", maxAttempts: 5, at: now) == .refused)
        #expect(pending.verdict(for: "wrong", maxAttempts: 5, at: now) == .refused)
        #expect(pending.verdict(for: "right", maxAttempts: 6, at: now) == .verified)
        #expect(pending.verdict(for: "right", maxAttempts: 6, at: now + 60) == .refused)
        #expect(pending.verdict(for: "right", maxAttempts: 6, at: now + 59.999) == .verified)
    }

    @Test func aCurrentRefreshTokenRotatesASpentOneRevokesItsFamilyAnyOtherIsRefused() {
        let session = Session(id: 1, playerID: 7, familyID: "f", accessExpiresAt: now + 3600, refreshExpiresAt: now + 86_400)
        #expect(RefreshingSession(session: session, refreshedAt: nil, revokedAt: nil).decision(at: now) == .rotate)
        #expect(RefreshingSession(session: session, refreshedAt: now - 1, revokedAt: now - 1).decision(at: now) == .revokeFamily)
        // A spent token is a copy even after it would have lapsed.
        #expect(RefreshingSession(session: session, refreshedAt: now - 1, revokedAt: now - 1).decision(at: now + 86_400) == .revokeFamily)
        #expect(RefreshingSession(session: session, refreshedAt: nil, revokedAt: now - 1).decision(at: now) == .refuse)
        #expect(RefreshingSession(session: session, refreshedAt: nil, revokedAt: nil).decision(at: now + 86_400) == .refuse)
    }

    @Test func aResetTokenIsSpendableOnceBeforeItLapses() {
        #expect(PendingPasswordReset(playerID: 7, expiresAt: now + 1800, usedAt: nil).isSpendable(at: now))
        #expect(!PendingPasswordReset(playerID: 7, expiresAt: now + 1800, usedAt: nil).isSpendable(at: now + 1800))
        #expect(!PendingPasswordReset(playerID: 7, expiresAt: now + 1800, usedAt: now - 5).isSpendable(at: now))
    }

    @Test func anErasedPlayerLeavesPlaceholdersThatNameNoOne() {
        #expect(ErasedPlayer(id: 42).email == "erased-42@invalid")
        #expect(ErasedPlayer(id: 42).username == "erased_42")
        #expect(ErasedPlayer(id: 42).displayName == "Erased player")
    }
}
