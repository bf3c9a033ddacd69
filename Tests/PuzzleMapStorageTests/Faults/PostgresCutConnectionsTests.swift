import Foundation
import PuzzleMapPostgres
import PuzzleMapStorage
import PuzzleMapTestFixtures
import Testing

/// The server sends every connection of the pool away (a restart, an operator's
/// `pg_terminate_backend`) while they sit idle. The pool learns of it only as it lends them; a
/// request lent one must not be refused for that: nothing ran on it, and another is taken.
@Suite struct PostgresCutConnectionsTests {
    @Test func afterEveryConnectionIsCutTheNextRequestsAreAnswered() async throws {
        let url = try StorageBackend.postgresURL
        let schema = StorageBackend.freshSchema()
        let repository = try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 4, limits: .unhurried,
                                                                  logger: StorageBackend.logger)
        var failure: (any Error)?
        do {
            // Every connection of the pool opened, then idle.
            _ = try await concurrently(8) { _ in try await repository.ping() }
            let faults = try PostgresFaults(url: url, schema: schema, logger: StorageBackend.logger)
            try await faults.during(.everyConnectionCut) {
                // More requests than the pool held connections, one after another: each stale one
                // is met once.
                for index in 0..<6 {
                    await #expect(throws: Never.self, "request \(index) after the cut") { try await repository.ping() }
                }
                _ = try await repository.signUp("ada")
            }
            #expect(try await repository.account(login: "ada") != nil)
        } catch {
            failure = error
        }
        await repository.close()
        try await PostgresAdmin.dropSchema(schema, url: url)
        if let failure { throw failure }
    }
}
