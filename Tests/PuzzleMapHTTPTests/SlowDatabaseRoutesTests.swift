import Dispatch
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import Synchronization
import Testing

/// The SQLite file's write lock held elsewhere (an organiser's `sqlite3` shell left in a
/// transaction): a write is answered 503 `database_unavailable` with `Retry-After` at the
/// configured deadline, not when the lock goes; reads and health checks go on.
@Suite struct SlowDatabaseRoutesTests {
    @Test func aWriteBehindAHeldLockIsAnswered503WithinTheDeadlineWhileReadsGoOn() async throws {
        let service = try await TestService { $0.databaseDeadline = .milliseconds(800) }
        let path = service.settings.databasePath
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            // Held until the test lets it go, however long a busy machine makes the steps below.
            let release = DispatchSemaphore(value: 0)
            let locked = Atomic<Bool>(false)
            let holding = Task {
                try await DatabaseQueue(path: path).writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    locked.store(true, ordering: .releasing)
                    release.wait()
                    try db.execute(sql: "ROLLBACK")
                }
            }
            while !locked.load(ordering: .acquiring) { try await Task.sleep(for: .milliseconds(10)) }

            // A write that is all database (a sign-up would first spend its time hashing).
            let clock = ContinuousClock()
            let began = clock.now
            let refused = try await client.call(.patch, "/v1/me", json: ["displayName": "Ada L."], token: ada)
            // The deadline is 0.8 s; without it the write would wait 10 s for the lock (the busy
            // timeout it had) or for ever. The rest of the suite on the same cores adds a little.
            #expect(began.duration(to: clock.now) < .seconds(6))
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.code == "database_unavailable")
            #expect(refused.headers[.retryAfter] == "5")

            // Reads and health checks are answered while the lock is held.
            #expect(try await client.call(.get, "/v1/me/progress", token: ada).status == .ok)
            #expect(try await client.call(.get, "/healthz").status == .ok)
            #expect(try await client.call(.get, "/readyz").status == .ok)
            #expect(try await client.call(.get, "/v1/me", token: ada).json["displayName"] as? String == "Ada")

            release.signal()
            try await holding.value
            #expect(try await client.call(.patch, "/v1/me", json: ["displayName": "Ada L."], token: ada).status == .ok)
        }
    }
}
