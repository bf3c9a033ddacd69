import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Testing

/// The SQLite file's write lock held elsewhere (an organiser's `sqlite3` shell left in a
/// transaction): a write is answered 503 `database_unavailable` with `Retry-After` within the
/// configured deadline, not after a wait without end; reads and health checks go on.
@Suite struct SlowDatabaseRoutesTests {
    @Test func aWriteBehindAHeldLockIsAnswered503WithinTheDeadlineWhileReadsGoOn() async throws {
        let service = try await TestService { $0.databaseDeadline = .milliseconds(800) }
        let path = service.settings.databasePath
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let holding = Task {
                try await DatabaseQueue(path: path).writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    Thread.sleep(forTimeInterval: 3)
                    try db.execute(sql: "ROLLBACK")
                }
            }
            try await Task.sleep(for: .milliseconds(300))

            let clock = ContinuousClock()
            var began = clock.now
            let refused = try await client.call(.post, "/v1/accounts", json: [
                "email": "fresher@student.gla.ac.uk", "username": "fresher", "password": "correct horse battery", "displayName": "Fresher",
            ])
            #expect(began.duration(to: clock.now) < .milliseconds(2 * 800 + 700))
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.code == "database_unavailable")
            #expect(refused.headers[.retryAfter] == "5")

            began = clock.now
            #expect(try await client.call(.get, "/v1/me/progress", token: ada).status == .ok)
            #expect(try await client.call(.get, "/healthz").status == .ok)
            #expect(try await client.call(.get, "/readyz").status == .ok)
            #expect(began.duration(to: clock.now) < .milliseconds(800))

            try await holding.value
            #expect(try await service.repository.account(login: "fresher") == nil)
            let again = try await client.call(.post, "/v1/accounts", json: [
                "email": "fresher@student.gla.ac.uk", "username": "fresher", "password": "correct horse battery", "displayName": "Fresher",
            ])
            #expect(again.status == .created)
        }
    }
}
