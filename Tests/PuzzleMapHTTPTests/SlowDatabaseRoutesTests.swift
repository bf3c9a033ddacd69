import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapTestFixtures
import Testing

/// The SQLite file's write lock held elsewhere (an organiser's `sqlite3` shell left in a
/// transaction): a write is answered 503 `database_unavailable` with `Retry-After`, not held
/// until the lock goes; reads and health checks go on.
@Suite struct SlowDatabaseRoutesTests {
    @Test func aWriteBehindAHeldLockIsAnswered503WithinTheDeadlineWhileReadsGoOn() async throws {
        let service = try await TestService { $0.databaseDeadline = .milliseconds(800) }
        let path = service.settings.databasePath
        try await service.test { client in
            let ada = try await client.signedInPlayerRetryingWhileBusy("ada")
            // Held until the test lets it go, however long a busy machine makes the steps below.
            let lock = try await HeldSQLiteWriteLock(path: path)

            // A write that is all database (a sign-up would first spend its time hashing).
            // (How long it takes is timed by the service itself in `SlowDatabaseServiceTests`.)
            let refused = try await client.call(.patch, "/v1/me", json: ["displayName": "Ada L."], token: ada)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.code == "database_unavailable")
            #expect(refused.headers[.retryAfter] == "5")

            // Reads and health checks are answered while the lock is held.
            #expect(try await client.call(.get, "/v1/me/progress", token: ada).status == .ok)
            #expect(try await client.call(.get, "/healthz").status == .ok)
            #expect(try await client.call(.get, "/readyz").status == .ok)
            #expect(try await client.call(.get, "/v1/me", token: ada).json["displayName"] as? String == "Ada")

            try await lock.release()
            #expect(try await client.call(.patch, "/v1/me", json: ["displayName": "Ada L."], token: ada).status == .ok)
        }
    }
}
