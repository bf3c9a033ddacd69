import Foundation
import PuzzleMapTestFixtures
import Testing

/// A slow database timed where it matters: by the service's own request log, in a process of
/// its own, so the test process's busy threads (the rest of the suite runs beside it) cannot
/// blur the figure. The SQLite file's write lock is held by the test, as an organiser's
/// `sqlite3` shell left in a transaction would hold it.
@Suite struct SlowDatabaseServiceTests {
    @Test func aWriteBehindAHeldLockIsAnsweredAtTheDeadlineNotWhenTheLockGoes() async throws {
        let data = scratchDirectory("slow-database")
        defer { try? FileManager.default.removeItem(at: data) }
        let service = try await LiveService(dataDirectory: data, environment: ["PUZZLEMAP_DATABASE_DEADLINE": "0.8"])
        let token = try #require(try await service.signUp("ada", password: "correct horse battery")["accessToken"] as? String)

        let lock = try await HeldSQLiteWriteLock(path: data.appendingPathComponent("puzzlemap.sqlite").path)
        let refused = try await service.call("PATCH", "/v1/me", json: ["displayName": "Ada L."], token: token)
        #expect(refused.status == 503)
        #expect(refused.code == "database_unavailable")
        #expect(refused.header("Retry-After") == "5")
        #expect(try await service.call("GET", "/v1/me/progress", token: token).status == 200)
        try await lock.release()
        #expect(try await service.call("PATCH", "/v1/me", json: ["displayName": "Ada L."], token: token).status == 200)

        // As the service timed it: one deadline for the lock (0.8 s), where without it the
        // write waited 10 s (the busy timeout it had) or for ever.
        let answers = service.log.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  object["message"] as? String == "Request answered", object["method"] as? String == "PATCH" else { return nil }
            return object
        }
        let took = try #require(answers.first { $0["status"] as? String == "503" }?["duration_ms"] as? String).flatMap(Double.init)
        #expect(try #require(took) < 3000, "the refused write took \(String(describing: took)) ms")
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)
    }
}
