import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Challenges between friends, alike on every store: sent under both players' locks, answered
/// once, won by exactly one scan.
@Suite struct ChallengeContractTests {
    let start = ContractFixture.start
    let rules = ChallengeRules(lifetime: 3600)

    @Test(arguments: StorageBackend.allCases)
    func aChallengeIsSentAnsweredOnceAndListedForBoth(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let cat = try await repository.signUp("cat")
            let rules = rules, start = start
            let sent = try await repository.createChallenge(challengerID: ada.id, challengedID: bob.id, since: start - 86_400, at: start) { recent in
                #expect(recent.isEmpty)
                return ChallengeDraft(riddleID: "r1", checkpointID: "c1")
            }
            #expect(sent == Challenge(id: sent.id, challenger: ada, challenged: bob, riddleID: "r1", checkpointID: "c1", createdAt: start))
            // The decision sees what is there: a second challenge between the two is refused.
            await #expect(throws: ChallengeRefusal.alreadyChallenged) {
                _ = try await repository.createChallenge(challengerID: bob.id, challengedID: ada.id, since: start - 86_400, at: start + 1) { recent in
                    #expect(recent == [sent])
                    try rules.checkNoneOpen(between: recent, at: start + 1)
                    return ChallengeDraft(riddleID: "r2", checkpointID: "c2")
                }
            }
            // Another pair's challenge is seen by the player in both.
            let other = try await repository.createChallenge(challengerID: cat.id, challengedID: bob.id, since: start - 86_400, at: start + 2) { recent in
                #expect(recent.map(\.id) == [sent.id])
                return ChallengeDraft(riddleID: "r3", checkpointID: "c3")
            }
            #expect(try await repository.challenges(playerID: bob.id, since: start - 1).map(\.id) == [other.id, sent.id])
            #expect(try await repository.challenges(playerID: ada.id, since: start - 1) == [sent])
            #expect(try await repository.challenges(playerID: ada.id, since: start + 1).isEmpty)

            // A refused answer writes nothing; an accepted one is written once.
            await #expect(throws: ChallengeRefusal.notYoursToAnswer) {
                _ = try await repository.answerChallenge(id: sent.id, answer: .accept, at: start + 10) { challenge in
                    try rules.check(.accept, to: challenge, by: ada.id, at: start + 10)
                }
            }
            let accepted = try await repository.answerChallenge(id: sent.id, answer: .accept, at: start + 20) { challenge in
                try rules.check(.accept, to: challenge, by: bob.id, at: start + 20)
            }
            #expect(accepted?.acceptedAt == start + 20)
            #expect(accepted?.state(at: start + 30, lifetime: 3600) == .racing(until: start + 20 + 3600))
            await #expect(throws: ChallengeRefusal.challengeNotWaiting) {
                _ = try await repository.answerChallenge(id: sent.id, answer: .decline, at: start + 30) { challenge in
                    try rules.check(.decline, to: challenge, by: bob.id, at: start + 30)
                }
            }
            let withdrawn = try await repository.answerChallenge(id: other.id, answer: .withdraw, at: start + 40) { challenge in
                try rules.check(.withdraw, to: challenge, by: cat.id, at: start + 40)
            }
            #expect(withdrawn?.state(at: start + 50, lifetime: 3600) == .withdrawn(at: start + 40))
            #expect(try await repository.answerChallenge(id: 9_999, answer: .accept, at: start) { _ in } == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoFriendsScanningTheRacesPlaceAtOnceLeaveExactlyOneWinner(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let riddle = content.riddles[0]
            let place = riddle.checkpointID
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let start = start
            let challenge = try await repository.createChallenge(challengerID: ada.id, challengedID: bob.id, since: start, at: start) { _ in
                ChallengeDraft(riddleID: riddle.id, checkpointID: place)
            }
            _ = try await repository.answerChallenge(id: challenge.id, answer: .accept, at: start + 1) { _ in }
            // Each scan claims the bonus if it still sees the challenge open: the store must
            // let only one of them see it.
            let claims = try await concurrently(2) { index in
                let player = index == 0 ? ada : bob
                return try await repository.performScan(playerID: player.id, checkpointID: place, idempotencyKey: nil, requestDigest: "r",
                                                        photo: nil, location: nil, photoWindow: 600, at: start + 60) { state in
                    let open = state.acceptedChallenges.first { $0.checkpointID == place }
                    return ScanEffect(event: .explored(by: player.id, at: place, xp: 25, on: start + 60),
                                      challengeWon: open.map { ($0.id, .challengeWon(by: player.id, riddleID: riddle.id, at: place, xp: 50, on: start + 60)) }, outcome: "explored", flag: nil) { _ in
                        Data((open == nil ? "lost" : "won").utf8)
                    }
                }
            }
            #expect(claims.map { String(decoding: $0.answer, as: UTF8.self) }.sorted() == ["lost", "won"])
            let bonuses = try await repository.events(playerID: ada.id) + repository.events(playerID: bob.id)
            #expect(bonuses.filter { $0.kind == .challengeWon }.map(\.xp) == [50])
            let winner = try #require(bonuses.first { $0.kind == .challengeWon }?.playerID)
            let closed = try #require(try await repository.challenges(playerID: ada.id, since: start).first)
            #expect(closed.state(at: start + 120, lifetime: 3600) == .won(by: winner, at: start + 60))
            #expect(try await repository.challenges(playerID: bob.id, since: start) == [closed])
        }
    }
}
