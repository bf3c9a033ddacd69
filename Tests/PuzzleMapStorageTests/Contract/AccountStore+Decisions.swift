import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The account store's locked decisions, made as the game makes them (with the domain's own
/// `verdict`, `isSpendable` and `decision`), so the contract tests read as plain outcomes.
/// What a store must do with any decision is checked in `AccountDecisionContractTests`.
extension HuntRepository {
    func verifyEmail(playerID: Int64, codeHash: String, maxAttempts: Int, at date: Date) async throws -> Bool {
        try await verifyEmail(playerID: playerID, at: date) { $0.verdict(for: codeHash, maxAttempts: maxAttempts, at: date) } == .verified
    }

    func resetPassword(tokenHash: String, newPasswordHash: String, at date: Date) async throws -> Int64? {
        try await resetPassword(tokenHash: tokenHash, newPasswordHash: newPasswordHash, at: date) { $0.isSpendable(at: date) }
    }

    func refreshSession(refreshHash: String, replacement: NewSessionTokens, at date: Date) async throws -> RefreshOutcome {
        try await refreshSession(refreshHash: refreshHash, replacement: replacement, at: date) { $0.decision(at: date) }
    }

    func eraseAccount(id: Int64, at date: Date) async throws {
        try await eraseAccount(id: id, leaving: ErasedPlayer(id: id), at: date)
    }
}
