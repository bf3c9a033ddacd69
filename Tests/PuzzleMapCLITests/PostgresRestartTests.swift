import Foundation
import Logging
import PuzzleMapPostgres
import PuzzleMapStorage
import PuzzleMapTestFixtures
import Synchronization
import Testing

/// A PostgreSQL cluster of the test's own, which it may stop and start: the shared test server
/// (Scripts/with-postgres.sh) serves every other test at once and must stay up. As root, the
/// cluster belongs to the postgres user (PostgreSQL refuses to run as root), as in the script.
final class ThrowawayPostgres: Sendable {
    let directory: URL
    let port: Int
    let bin: String

    var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres" }

    /// Makes and starts the cluster, off the test pool's threads (initdb and pg_ctl block theirs
    /// for seconds, longer on a busy machine, and two tests doing so at once froze every suite).
    init() async throws {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.sorted(by: { $0.compare($1, options: .numeric) == .orderedAscending }).last else {
            throw LiveService.LiveServiceFailure(message: "PostgreSQL is not installed: run Scripts/install-deps.sh")
        }
        bin = "/usr/lib/postgresql/\(version)/bin"
        directory = URL(fileURLWithPath: "/tmp").appendingPathComponent("puzzlemap-restart-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        port = 20_000 + Int.random(in: 0..<40_000)
        let (directory, bin, port) = (directory, bin, port)
        try await Self.offThePool {
            if getuid() == 0 { try Self.run(["/bin/chown", "postgres:", directory.path]) }
            try Self.owner("\(bin)/initdb", ["-D", directory.appendingPathComponent("data").path, "-U", "postgres", "-A", "trust", "-E", "UTF8",
                                             "--locale=C.UTF-8", "-N"], in: directory)
            try Self.owner("\(bin)/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-l", directory.appendingPathComponent("server.log").path,
                                             "-w", "-t", "60", "-o",
                                             "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=\(directory.path) -c fsync=off", "start"],
                           in: directory)
        }
    }

    func start() async throws {
        try await ownerOffThePool("\(bin)/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-l", directory.appendingPathComponent("server.log").path,
                                    "-w", "-t", "60", "-o",
                                    "-c listen_addresses=127.0.0.1 -p \(port) -c unix_socket_directories=\(directory.path) -c fsync=off", "start"])
    }

    /// Stops the server at once, as a restart or a crash of the database machine does:
    /// connections are cut, transactions in flight rolled back.
    func stop() async throws {
        try await ownerOffThePool("\(bin)/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "fast", "-w", "stop"])
    }

    func remove() {
        try? Self.owner("\(bin)/pg_ctl", ["-D", directory.appendingPathComponent("data").path, "-m", "immediate", "stop"], in: directory)
        try? FileManager.default.removeItem(at: directory)
    }

    /// `owner` on a thread of its own: `system` blocks its thread while pg_ctl waits for the
    /// server, and the test pool's few threads are shared by every suite running at once.
    private func ownerOffThePool(_ tool: String, _ arguments: [String]) async throws {
        let directory = directory
        try await Self.offThePool { try Self.owner(tool, arguments, in: directory) }
    }

    private static func offThePool(_ work: @escaping @Sendable () throws -> Void) async throws {
        let result: Result<Void, any Error> = await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: Result { try work() }) }
        }
        try result.get()
    }

    private static func owner(_ tool: String, _ arguments: [String], in directory: URL) throws {
        try run(getuid() == 0 ? ["/sbin/runuser", "-u", "postgres", "--", tool] + arguments : [tool] + arguments, in: directory)
    }

    /// Runs a command through the shell and waits for it (`system`, not `Process`: pg_ctl
    /// leaves the server running with its descriptors, which `Process` waits on).
    private static func run(_ command: [String], in directory: URL? = nil) throws {
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let line = (directory.map { "cd '\($0.path)' && " } ?? "") + quoted + " >/dev/null 2>&1"
        let status = system(line)
        guard status == 0 else { throw LiveService.LiveServiceFailure(message: "\(quoted) exited \(status)") }
    }
}

/// The database restarts under two instances at lunchtime: while it is down every request is
/// answered at once with 503 `database_unavailable` and `Retry-After` (never a 500, never a
/// hang) and `/readyz` says not ready; both instances come back by themselves, their pools and
/// their listening connections; every write answered 2xx is there afterwards.
@Suite struct PostgresRestartTests {
    @Test func bothInstancesAnswer503WhileTheDatabaseIsDownAndRecoverByThemselves() async throws {
        let postgres = try await ThrowawayPostgres()
        defer { postgres.remove() }
        let data = scratchDirectory("postgres-restart")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PUZZLEMAP_DATABASE_URL": postgres.url]
        let a = try await LiveService(dataDirectory: data.appendingPathComponent("a"), environment: environment)
        let b = try await LiveService(dataDirectory: data.appendingPathComponent("b"), environment: environment)
        let password = "correct horse battery"
        let ada = try #require(try await a.signUp("ada", password: password)["accessToken"] as? String)
        let bob = try #require(try await b.signUp("bob", password: password)["accessToken"] as? String)
        var acknowledged = ["ada", "bob"]

        try await postgres.stop()
        // Both instances learn it within moments; from then on every answer is a quick 503.
        for service in [a, b] {
            var answer: LiveService.Reply?
            let deadline = ContinuousClock.now + .seconds(15)
            while ContinuousClock.now < deadline {
                let started = ContinuousClock.now
                let reply = try await service.call("GET", "/v1/me", token: service === a ? ada : bob)
                #expect(reply.status != 500, "\(String(decoding: reply.body, as: UTF8.self))")
                #expect(ContinuousClock.now - started < .seconds(5), "a request waited for a database that is gone")
                if reply.status == 503 { answer = reply; break }
                try await Task.sleep(for: .milliseconds(100))
            }
            let refused = try #require(answer, "no 503 while the database was down")
            #expect(refused.code == "database_unavailable")
            #expect(refused.header("Retry-After") != nil)
            #expect(try await service.call("GET", "/readyz").status == 503)
            #expect(try await service.call("GET", "/healthz").status == 200, "the process itself is fine")
            let started = ContinuousClock.now
            let write = try await service.call("POST", "/v1/accounts", json: [
                "email": "late@student.gla.ac.uk", "username": "late", "password": password, "displayName": "Late",
            ])
            #expect(write.status == 503)
            #expect(ContinuousClock.now - started < .seconds(5))
        }

        try await postgres.start()
        // Both come back by themselves: their pools and their listening connections.
        for (service, token) in [(a, ada), (b, bob)] {
            let deadline = ContinuousClock.now + .seconds(30)
            var back = false
            while !back && ContinuousClock.now < deadline {
                back = try await service.call("GET", "/v1/me", token: token).status == 200
                if !back { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(back, "an instance did not recover after the database came back")
        }
        let cat = try #require(try await b.signUp("cat", password: password)["accessToken"] as? String)
        acknowledged.append("cat")
        // Every sign-up answered 201 signs in; the one refused with 503 does not exist.
        for name in acknowledged {
            #expect(try await a.call("POST", "/v1/sessions", json: ["login": name, "password": password]).status == 200, "\(name)")
        }
        #expect(try await a.call("POST", "/v1/sessions", json: ["login": "late", "password": password]).status == 401)
        // The listening connections are back too: an event made on A reaches a stream on B.
        let onB = try #require(EventStreamReader(port: b.port, token: cat))
        #expect(onB.next()?.id != nil)
        #expect(try await a.call("POST", "/v1/friends/requests", json: ["username": "cat"], token: ada).status == 201)
        #expect(onB.nextEvent(within: 10)?.event == "friend_request")
        for service in [a, b] {
            service.send(SIGTERM)
            #expect(await service.waitForExit() == 0)
        }
    }
}

/// The bad day: the database stops for six seconds, three times, under three players signing
/// up one after another. Every sign-up is answered within the deadline (plus a margin for the
/// password's hashing) with 201 or 503 `database_unavailable` and `Retry-After`, never a 500
/// and never left waiting, and every sign-up answered 201 is in the database afterwards.
/// Without the fixes a statement sent on a connection the server had just closed waited for
/// ever, and one sent on a pooled connection the server had just sent away was answered 500.
///
/// Its three streams of password hashing take both cores for a minute, starving every test
/// running beside it of its deadlines, so `make test` runs it alone after the suite
/// (`PUZZLEMAP_ALONE=1`); in the suite it is skipped.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["PUZZLEMAP_ALONE"] == "1", "runs alone: make test runs it after the suite"))
struct PostgresRestartUnderLoadTests {
    /// One sign-up as the player saw it; no status when no answer came.
    struct Answer: Sendable {
        var username: String
        var status: Int?
        var code: String?
        var retryAfter: String?
    }

    /// Whether the players go on signing up.
    final class Flag: Sendable {
        private let up = Atomic<Bool>(true)
        var isUp: Bool { up.load(ordering: .relaxed) }
        func lower() { up.store(false, ordering: .relaxed) }
    }

    @Test func signUpsWhileTheDatabaseRestartsAreAnswered201Or503WithinTheDeadline() async throws {
        let postgres = try await ThrowawayPostgres()
        defer { postgres.remove() }
        let data = scratchDirectory("postgres-restart-load")
        defer { try? FileManager.default.removeItem(at: data) }
        let deadline = 2.0
        let service = try await LiveService(dataDirectory: data, environment: [
            "PUZZLEMAP_DATABASE_URL": postgres.url, "PUZZLEMAP_DATABASE_DEADLINE": "\(deadline)",
        ])
        let signingUp = Flag()
        let answers = try await withThrowingTaskGroup(of: [Answer].self) { group in
            for player in 0..<3 {
                group.addTask {
                    var answers: [Answer] = []
                    while signingUp.isUp {
                        let username = "p\(player)n\(answers.count)"
                        do {
                            let reply = try await service.call("POST", "/v1/accounts", json: [
                                "email": "\(username)@student.gla.ac.uk", "username": username, "password": "correct horse battery",
                                "displayName": username,
                            ], timeout: 15)
                            answers.append(Answer(username: username, status: reply.status, code: reply.code,
                                                  retryAfter: reply.header("Retry-After")))
                        } catch let error as URLError where error.code == .timedOut {
                            answers.append(Answer(username: username))
                        }
                    }
                    return answers
                }
            }
            try await Task.sleep(for: .seconds(1))
            for _ in 0..<3 {
                try await postgres.stop()
                try await Task.sleep(for: .seconds(6))
                try await postgres.start()
                try await Task.sleep(for: .seconds(4))
            }
            signingUp.lower()
            return try await group.reduce(into: []) { $0 += $1 }
        }

        let statuses = Dictionary(grouping: answers, by: { $0.status.map(String.init) ?? "none" }).mapValues(\.count)
        print("Sign-ups while PostgreSQL restarted: \(statuses)")
        for answer in answers {
            #expect(answer.status == 201 || (answer.status == 503 && answer.code == "database_unavailable" && answer.retryAfter != nil),
                    "\(answer.username): \(answer.status.map(String.init) ?? "no answer in 15 s") \(answer.code ?? "")")
        }
        #expect(statuses["201", default: 0] > 0 && statuses["503", default: 0] > 0, "\(statuses)")
        // Timed by the service itself, so the test process's busy threads cannot blur it; read
        // once it has stopped, when every line it wrote in batches is out.
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)
        let lines = service.log.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let durations = lines.filter { $0["message"] as? String == "Request answered" && $0["route"] as? String == "/v1/accounts" }
            .compactMap { ($0["duration_ms"] as? String).flatMap(Double.init) }
        #expect(durations.count == answers.count)
        // Never a hang: each is answered well before the client's 15 s (how fast is measured, not asserted).
        #expect((durations.max() ?? 0) < 15_000, "the slowest sign-up took \(durations.max() ?? 0) ms")
        let unhandled = lines.filter { $0["message"] as? String == "Unhandled error" }.map { "\($0["error"] ?? "")" }
        #expect(unhandled.isEmpty, "\(unhandled.joined(separator: "\n"))")

        // Nothing acknowledged was lost.
        let store = try await PostgresHuntRepository.connect(url: postgres.url, limits: .unhurried, logger: Logger(label: "test"))
        for answer in answers where answer.status == 201 {
            #expect(try await store.account(login: answer.username) != nil, "\(answer.username) was answered 201 but is not stored")
        }
        await store.close()
    }
}

/// The pool itself gives up at the deadline: with no listening connection to say the server
/// has gone (a store no stream listens on, or the moment before the listener notices), an
/// operation reaches a pool that cannot connect, which would keep it queued and retrying for a
/// minute before giving up.
@Suite struct PostgresPoolDeadlineTests {
    @Test func anOperationWaitingForAConnectionToAServerThatIsGoneIsRefusedAtTheDeadline() async throws {
        let postgres = try await ThrowawayPostgres()
        defer { postgres.remove() }
        let store = try await PostgresHuntRepository.connect(url: postgres.url, limits: StorageLimits(deadline: .seconds(1)),
                                                             logger: Logger(label: "test"))
        // Connected first, however long a busy machine takes to make the first connection.
        try await eventually { try await store.ping() }
        try await postgres.stop()
        // The pool has learned its idle connection is gone: the next operation waits for a new one.
        try await Task.sleep(for: .milliseconds(500))

        let started = ContinuousClock.now
        let error = await #expect(throws: (any Error).self) { try await store.ping() }
        // Well under the minute the pool would keep it retrying; with room for a machine busy
        // running the rest of the suite (3.2 s was seen once).
        #expect(ContinuousClock.now - started < .seconds(6), "the operation waited \(ContinuousClock.now - started)")
        #expect((error as? any StorageConditionError)?.storageCondition == .unavailable, "\(String(describing: error))")

        // Once the server is back, the pool connects again by itself.
        try await postgres.start()
        var back = false
        for _ in 0..<30 where !back {
            back = (try? await store.ping()) != nil
            if !back { try await Task.sleep(for: .milliseconds(500)) }
        }
        #expect(back)
        await store.close()
    }
}
