import Foundation
import PuzzleMapCore

/// Challenges between friends (`announce` names the live events a change makes, written with
/// it). The decisions are the game's: a store reads, locks and writes
/// what it is told. A race is won inside the scan's transaction (`ScanStore.performScan`).
public protocol ChallengeStore: Sendable {
    /// Reads every challenge either player sent or received since `since` with both locked,
    /// lets `decide` check the rules (throwing to refuse) and inserts the challenge it draws, in
    /// one transaction: two challenges sent at once between the same friends, or past the
    /// challenger's daily limit, cannot both be taken.
    func createChallenge(challengerID: Int64, challengedID: Int64, since: Date, at date: Date,
                         decide: @Sendable (_ recent: [Challenge]) throws -> ChallengeDraft,
                         announce: @Sendable (Challenge) -> [LiveEvent]) async throws -> Challenge
    /// The player's challenges either way, sent since `date`, newest first.
    func challenges(playerID: Int64, since date: Date) async throws -> [Challenge]
    /// Reads challenge `id` locked, lets `decide` check the answer (throwing to refuse) and
    /// writes it; `nil` if there is no such challenge.
    func answerChallenge(id: Int64, answer: ChallengeAnswer, at date: Date,
                         decide: @Sendable (Challenge) throws -> Void,
                         announce: @Sendable (Challenge) -> [LiveEvent]) async throws -> Challenge?
}

extension ChallengeStore {
    public func createChallenge(challengerID: Int64, challengedID: Int64, since: Date, at date: Date,
                                decide: @Sendable (_ recent: [Challenge]) throws -> ChallengeDraft) async throws -> Challenge {
        try await createChallenge(challengerID: challengerID, challengedID: challengedID, since: since, at: date, decide: decide, announce: { _ in [] })
    }

    public func answerChallenge(id: Int64, answer: ChallengeAnswer, at date: Date,
                                decide: @Sendable (Challenge) throws -> Void) async throws -> Challenge? {
        try await answerChallenge(id: id, answer: answer, at: date, decide: decide, announce: { _ in [] })
    }
}
