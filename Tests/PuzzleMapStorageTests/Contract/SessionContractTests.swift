import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Sessions and their refresh-token families, alike on every store.
@Suite struct SessionContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func anAccessTokenFindsItsLiveSessionUntilItExpiresOrIsRevoked(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let session = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            #expect(session == Session(id: session.id, playerID: ada.id, familyID: "family", accessExpiresAt: start + 3600,
                                       refreshExpiresAt: start + 30 * 86_400))
            let found = try #require(try await repository.signedIn(accessHash: "access-1", at: start + 3599))
            #expect(found.session == session)
            #expect(found.account == (try await repository.account(id: ada.id)))
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 3600) == nil)
            #expect(try await repository.signedIn(accessHash: "access-unknown", at: start) == nil)

            try await repository.revokeSession(id: session.id, at: start + 10)
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 11) == nil)
            #expect(try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("2"), at: start + 12) == .invalid)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func revokingAllOfAPlayersSessionsLeavesOthersAlone(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            _ = try await repository.createSession(playerID: ada.id, familyID: "a1", tokens: tokens("a1"), at: start)
            _ = try await repository.createSession(playerID: ada.id, familyID: "a2", tokens: tokens("a2"), at: start)
            _ = try await repository.createSession(playerID: bob.id, familyID: "b1", tokens: tokens("b1"), at: start)
            try await repository.revokeAllSessions(playerID: ada.id, keeping: nil, at: start + 1)
            #expect(try await repository.signedIn(accessHash: "access-a1", at: start + 2) == nil)
            #expect(try await repository.signedIn(accessHash: "access-a2", at: start + 2) == nil)
            #expect(try await repository.signedIn(accessHash: "access-b1", at: start + 2)?.account.player.id == bob.id)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func revokingAllButOneSessionKeepsThatDeviceSignedIn(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let phone = try await repository.createSession(playerID: ada.id, familyID: "phone", tokens: tokens("phone"), at: start)
            _ = try await repository.createSession(playerID: ada.id, familyID: "laptop", tokens: tokens("laptop"), at: start)
            try await repository.revokeAllSessions(playerID: ada.id, keeping: phone.id, at: start + 1)
            #expect(try await repository.signedIn(accessHash: "access-phone", at: start + 2)?.session.id == phone.id)
            #expect(try await repository.signedIn(accessHash: "access-laptop", at: start + 2) == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aRefreshTokenRotatesOnceIntoTheSameFamily(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let first = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            let outcome = try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("2", from: start + 60), at: start + 60)
            guard case .rotated(let second) = outcome else {
                Issue.record("expected a rotation, got \(outcome)")
                return
            }
            #expect(second == Session(id: second.id, playerID: ada.id, familyID: "family", accessExpiresAt: start + 3660,
                                      refreshExpiresAt: start + 60 + 30 * 86_400))
            #expect(second.id != first.id)
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 61) == nil)
            #expect(try await repository.signedIn(accessHash: "access-2", at: start + 61)?.session == second)
            #expect(try await repository.refreshSession(refreshHash: "refresh-unknown", replacement: tokens("x"), at: start) == .invalid)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anExpiredRefreshTokenIsInvalid(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            _ = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            #expect(try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("2"), at: start + 30 * 86_400) == .invalid)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func presentingASpentRefreshTokenRevokesTheWholeFamilyOnly(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            _ = try await repository.createSession(playerID: ada.id, familyID: "stolen", tokens: tokens("1"), at: start)
            _ = try await repository.createSession(playerID: ada.id, familyID: "laptop", tokens: tokens("laptop"), at: start)
            #expect(try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("2"), at: start + 1) != .invalid)
            #expect(try await repository.refreshSession(refreshHash: "refresh-2", replacement: tokens("3"), at: start + 2) != .invalid)
            #expect(try await repository.signedIn(accessHash: "access-3", at: start + 3) != nil)

            #expect(try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("4"), at: start + 4) == .reuseDetected)
            #expect(try await repository.signedIn(accessHash: "access-3", at: start + 5) == nil)
            #expect(try await repository.refreshSession(refreshHash: "refresh-3", replacement: tokens("5"), at: start + 6) == .invalid)
            #expect(try await repository.signedIn(accessHash: "access-laptop", at: start + 7) != nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousRefreshesWithOneTokenOneRotatesAndTheRestRevokeTheFamily(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            _ = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            let outcomes = try await concurrently(10) { index in
                try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("new-\(index)"), at: start + 1)
            }
            let rotated = outcomes.compactMap { outcome -> Session? in
                if case .rotated(let session) = outcome { return session }
                return nil
            }
            #expect(rotated.count == 1)
            #expect(outcomes.filter { $0 == .reuseDetected }.count == 9)
            // The copy was detected, so even the one rotation is revoked with its family.
            for index in 0..<10 {
                #expect(try await repository.signedIn(accessHash: "access-new-\(index)", at: start + 2) == nil)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anErasedPlayersTokensFindNothing(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            _ = try await repository.createSession(playerID: ada.id, familyID: "family", tokens: tokens("1"), at: start)
            try await repository.eraseAccount(id: ada.id, at: start + 1)
            #expect(try await repository.signedIn(accessHash: "access-1", at: start + 2) == nil)
            #expect(try await repository.refreshSession(refreshHash: "refresh-1", replacement: tokens("2"), at: start + 2) == .invalid)
        }
    }
}
