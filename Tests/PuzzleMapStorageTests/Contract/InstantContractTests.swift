import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Stored instants keep whole milliseconds; where the SQLite store compares with the instant as
/// given, every store does, to the last fraction of a millisecond.
@Suite struct InstantContractTests {
    /// Monday 28 September 2026, 00:00 UTC: a week begins.
    let monday = Date(timeIntervalSince1970: 1_790_553_600)

    @Test(arguments: StorageBackend.allCases)
    func anAccessTokenLivesUntilTheVeryInstantItExpires(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            _ = try await repository.createSession(playerID: ada.id, familyID: "f", tokens: tokens("1"), at: ContractFixture.start)
            let expiry = ContractFixture.start + 3600
            #expect(try await repository.signedIn(accessHash: "access-1", at: expiry - 0.000_3) != nil)
            #expect(try await repository.signedIn(accessHash: "access-1", at: expiry) == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theLastFractionOfASundayCountsForItsWeek(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let lastMoment = monday - 0.000_3
            let event = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: content.checkpoints[0].id, riddleID: nil,
                                                         xp: 25, at: lastMoment)
            #expect(event.occurredAt == lastMoment)
            #expect(try await repository.events(playerID: ada.id).first?.occurredAt == monday)
            #expect(try await repository.leaderboard(viewer: ada.id, period: .week, limit: 10, at: lastMoment).map(\.xp) == [25])
            #expect(try await repository.leaderboard(viewer: ada.id, period: .week, limit: 10, at: monday).isEmpty)
            #expect(try await repository.standing(playerID: ada.id, period: .week, at: lastMoment) == (1, 25))
        }
    }
}
