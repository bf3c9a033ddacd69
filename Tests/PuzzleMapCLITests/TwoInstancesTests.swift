import Foundation
import Logging
import PuzzleMapPostgres
import Testing

/// Two `puzzlemap serve` processes on one PostgreSQL, as behind a load balancer: whatever
/// reaches either, the exactly-once rules hold, because the database holds them.
@Suite struct TwoInstancesTests {
    /// A fresh schema on the test server for each test; the server comes from
    /// Scripts/with-postgres.sh, which `make test` runs the suite under.
    static func freshDatabaseURL() throws -> String {
        guard let base = ProcessInfo.processInfo.environment["PUZZLEMAP_TEST_POSTGRES_URL"] else {
            Issue.record("PUZZLEMAP_TEST_POSTGRES_URL is not set: run `make test`, or `Scripts/with-postgres.sh swift test`.")
            throw CancellationError()
        }
        let schema = "live_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        return base + (base.contains("?") ? "&" : "?") + "schema=\(schema)"
    }

    @Test func instancesStartingTogetherMigrateOnceAndShareTheKeysOneGenerated() async throws {
        let url = try Self.freshDatabaseURL()
        let data = scratchDirectory("two-instances-keys")
        defer { try? FileManager.default.removeItem(at: data) }
        async let first = LiveService(dataDirectory: data.appendingPathComponent("a"), environment: ["PUZZLEMAP_DATABASE_URL": url], configuredKeys: false)
        async let second = LiveService(dataDirectory: data.appendingPathComponent("b"), environment: ["PUZZLEMAP_DATABASE_URL": url], configuredKeys: false)
        let (a, b) = try await (first, second)

        let generated = [a, b].filter { $0.log.contains("Generated new signing keys") }
        #expect(generated.count == 1, "exactly one instance generated the keys")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent("a/secrets.json").path))

        // A friend code made by one instance is genuine to the other.
        let ada = try #require(try await a.signUp("ada", password: "correct horse battery")["accessToken"] as? String)
        let bob = try #require(try await b.signUp("bob", password: "correct horse battery")["accessToken"] as? String)
        let code = try #require(try await a.call("GET", "/v1/me/friend-code", token: ada).json["code"] as? String)
        let befriended = try await b.call("POST", "/v1/friends/requests", json: ["friendCode": code], token: bob)
        #expect(befriended.status == 201, "\(String(decoding: befriended.body, as: UTF8.self))")
        #expect(befriended.json["status"] as? String == "friends")
        let friends = try await a.call("GET", "/v1/friends", token: ada).json["friends"] as? [[String: any Sendable]]
        #expect(friends?.map { $0["username"] as? String } == ["bob"])
    }

    @Test func scansRedemptionsAndLimitsRacedAcrossInstancesLetExactlyTheAllowedThrough() async throws {
        let url = try Self.freshDatabaseURL()
        let data = scratchDirectory("two-instances-race")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PUZZLEMAP_DATABASE_URL": url]
        // Either instance may deliver a queued mail (they share the outbox): one mailbox for both.
        let mailbox = data.appendingPathComponent("mailbox")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let a = try await LiveService(dataDirectory: data.appendingPathComponent("a"), environment: environment, mailbox: mailbox)
        let b = try await LiveService(dataDirectory: data.appendingPathComponent("b"), environment: environment, mailbox: mailbox)
        let instances = [a, b]

        let ada = try #require(try await a.signUp("ada", password: "correct horse battery")["accessToken"] as? String)
        try await a.verifyEmail(of: "ada")
        let barista = try #require(try await b.signUp("barista", password: "steamed milk and espresso")["accessToken"] as? String)
        #expect(try runPuzzlemap(["staff", "add", "barista@student.gla.ac.uk", "--partner", "qmu-cafe"], environment: environment).status == 0)
        let repository = try await PostgresHuntRepository.connect(url: url, logger: Logger(label: "test"))
        try await bringToTheEdgeOfLevelThree(["ada"], in: repository)

        // The same scan, retried through both instances at once: one answer, one award.
        let scan = LiveService.qrText(checkpointNumber: 1)
        let answers = try await withThrowingTaskGroup(of: LiveService.Reply.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await instances[index % 2].call("POST", "/v1/scans", json: ["code": scan], token: ada, headers: ["Idempotency-Key": "retried"])
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(answers.map(\.status)) == [200])
        #expect(Set(answers.map(\.body)).count == 1, "every retry got the first answer")
        let player = try #require(try await repository.account(login: "ada")).player
        let events = try await repository.events(playerID: player.id)
        #expect(events.filter { $0.checkpointID != nil }.count == 1, "one award for eight deliveries")

        // The voucher that scan unlocked, redeemed through both instances at once.
        let voucherID = try #require(try await a.call("GET", "/v1/me/vouchers", token: ada).list.first?["id"] as? Int)
        let code = try #require(try await b.call("GET", "/v1/me/vouchers/\(voucherID)", token: ada).json["code"] as? String)
        let redemptions = try await withThrowingTaskGroup(of: LiveService.Reply.self) { group in
            for index in 0..<10 {
                group.addTask { try await instances[index % 2].call("POST", "/v1/staff/redemptions", json: ["code": code], token: barista) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(redemptions.filter { $0.status == 200 }.count == 1)
        #expect(redemptions.filter { $0.code == "already_redeemed" }.count == 9)

        // Guessing manual codes on alternate instances: one shared limit.
        let guesser = try #require(try await b.signUp("guesser", password: "correct horse battery")["accessToken"] as? String)
        var guesses: [Int] = []
        for index in 0..<6 {
            guesses.append(try await instances[index % 2].call("POST", "/v1/scans", json: ["code": "PM-NOTACODE"], token: guesser).status)
        }
        #expect(guesses == [422, 422, 422, 422, 422, 429])
        await repository.close()
    }
}
