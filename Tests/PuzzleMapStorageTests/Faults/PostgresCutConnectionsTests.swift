import Foundation
import PuzzleMapCore
import PuzzleMapPostgres
import PuzzleMapStorage
import PuzzleMapTestFixtures
import Testing

/// The server sends every connection of the pool away (a restart, an operator's
/// `pg_terminate_backend`) while they sit idle. The pool learns of it only as it lends them; a
/// request lent one must not be refused for that: nothing ran on it, and another is taken.
@Suite struct PostgresCutConnectionsTests {
    @Test func afterEveryConnectionIsCutTheNextRequestsAreAnswered() async throws {
        try await Self.withPoolOfFour { repository, faults in
            // Every connection of the pool opened, then idle.
            _ = try await concurrently(8) { _ in try await repository.ping() }
            try await faults.during(.everyConnectionCut) {
                // More requests than the pool held connections, one after another: each stale one
                // is met once.
                for index in 0..<6 {
                    await #expect(throws: Never.self, "request \(index) after the cut") { try await repository.ping() }
                }
                _ = try await repository.signUp("ada")
            }
            #expect(try await repository.account(login: "ada") != nil)
        }
    }

    /// Statements on hot paths are prepared by each connection: cut after every connection has
    /// prepared them, the pool's next connections prepare them afresh, and nothing waits for
    /// an answer a closed connection will never give.
    @Test func preparedStatementsAreAnsweredAfterEveryConnectionIsCut() async throws {
        try await Self.withPoolOfFour { repository, faults in
            let ada = try await repository.signUp("ada")
            let grace = try await repository.signUp("grace")
            #expect(try await repository.requestFriend(from: ada.id, to: grace.id, mutual: true, at: ContractFixture.start) == .befriended)
            @Sendable func readAll() async throws {
                for period in LeaderboardPeriod.allCases {
                    for friendsOnly in [false, true] {
                        _ = try await repository.boardView(playerID: ada.id, period: period, friendsOnly: friendsOnly, at: ContractFixture.start,
                                                           shown: 10)
                    }
                }
                _ = try await repository.progressState(playerID: ada.id)
                _ = try await repository.friendVersions(playerID: ada.id)
            }
            // Every connection of the pool has prepared them, then sits idle.
            _ = try await concurrently(8) { _ in try await readAll() }
            try await faults.during(.everyConnectionCut) {
                for index in 0..<6 {
                    await #expect(throws: Never.self, "reads \(index) after the cut") { try await readAll() }
                }
            }
            #expect(try await repository.friendVersions(playerID: grace.id).map(\.player.id) == [ada.id])
        }
    }

    /// `body` with a store of four pooled connections in a schema of its own, and the faults
    /// that cut them; the schema is dropped afterwards.
    static func withPoolOfFour(_ body: (PostgresHuntRepository, PostgresFaults) async throws -> Void) async throws {
        let url = try StorageBackend.postgresURL
        let schema = StorageBackend.freshSchema()
        let repository = try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 4, limits: .unhurried,
                                                                  logger: StorageBackend.logger)
        var failure: (any Error)?
        do {
            try await body(repository, try PostgresFaults(url: url, schema: schema, logger: StorageBackend.logger))
        } catch {
            failure = error
        }
        await repository.close()
        try await PostgresAdmin.dropSchema(schema, url: url)
        if let failure { throw failure }
    }
}
