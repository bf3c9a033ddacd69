import Foundation
import Logging
import PostgresNIO
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
        #expect(try await runPuzzlemap(["staff", "add", "barista@student.gla.ac.uk", "--partner", "qmu-cafe"], environment: environment).status == 0)
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
    /// What one instance answers after a change made on the other: the read that follows a scan
    /// shows it (and its tag moves, so a phone's copy is not kept), so does a friend's scan and
    /// a friendship's end, and a session signed out or a password changed stops working on the
    /// other within a second: every instance hears each change to a session or an account (a
    /// scan bumps the play version, a friendship touches both players) as it commits, and drops
    /// what it kept of it.
    @Test func aChangeOnOneInstanceIsWhatTheOtherAnswersAtOnce() async throws {
        let url = try Self.freshDatabaseURL()
        let data = scratchDirectory("two-instances-fresh")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PUZZLEMAP_DATABASE_URL": url]
        let a = try await LiveService(dataDirectory: data.appendingPathComponent("a"), environment: environment)
        let b = try await LiveService(dataDirectory: data.appendingPathComponent("b"), environment: environment)
        let password = "correct horse battery"
        let phone = try #require(try await a.signUp("ada", password: password)["accessToken"] as? String)
        let laptop = try #require(try await b.call("POST", "/v1/sessions", json: ["login": "ada", "password": password]).json["accessToken"] as? String)

        for instance in [a, b] {
            // Read on both, so each has kept ada's progress and map.
            let before = try await instance.call("GET", "/v1/me/progress", token: phone)
            #expect(before.json["visited"] as? Int == 0)
            let tag = try #require(before.header("ETag"))
            #expect(try await instance.call("GET", "/v1/me/progress", token: phone, headers: ["If-None-Match": tag]).status == 304)
        }
        let etags = [try await a.call("GET", "/v1/me/progress", token: phone).header("ETag"), try await b.call("GET", "/v1/map", token: phone).header("ETag")]

        // A scan on A; the very next reads on B show it.
        #expect(try await a.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 1)], token: phone).status == 200)
        let after = try await b.call("GET", "/v1/me/progress", token: laptop, headers: ["If-None-Match": etags[0] ?? ""])
        #expect(after.status == 200)
        #expect(after.json["visited"] as? Int == 1)
        let map = try await b.call("GET", "/v1/map", token: phone, headers: ["If-None-Match": etags[1] ?? ""])
        #expect(map.status == 200)
        let places = try #require(map.json["checkpoints"] as? [[String: any Sendable]])
        #expect(places.filter { $0["status"] as? String != "unvisited" }.count == 1)

        // A friend's scan on A is on ada's friends list on B as soon as B hears of it (within a
        // second however busy the machine), and so is the friendship's end, though B keeps who
        // her friends are.
        let bob = try #require(try await a.signUp("bob", password: password)["accessToken"] as? String)
        let code = try #require(try await b.call("GET", "/v1/me/friend-code", token: phone).json["code"] as? String)
        #expect(try await a.call("POST", "/v1/friends/requests", json: ["friendCode": code], token: bob).status == 201)
        func friendsOnB(within seconds: Double = 0, until: ([[String: any Sendable]]) -> Bool) async throws -> Bool {
            let deadline = Date() + seconds
            repeat {
                let friends = try await b.call("GET", "/v1/friends", token: phone).json["friends"] as? [[String: any Sendable]]
                if let friends, until(friends) { return true }
                try await Task.sleep(for: .milliseconds(20))
            } while Date() < deadline
            return false
        }
        // B keeps who her friends are: once it has heard of the friendship, a list is answered
        // from what it kept.
        let keptBefore = try await Self.metric("puzzlemap_friend_circle_lookups{answer=\"kept\"}", on: b)
        #expect(try await friendsOnB(within: 1) { $0.map { $0["lastActiveDay"] as? String == nil } == [true] && $0.count == 1 })
        var answeredFromKept = false
        let keptBy = Date() + 1
        while !answeredFromKept, Date() < keptBy {
            #expect(try await friendsOnB { $0.count == 1 })
            answeredFromKept = try await Self.metric("puzzlemap_friend_circle_lookups{answer=\"kept\"}", on: b) > keptBefore
        }
        #expect(answeredFromKept, "B answered ada's friends list from what it kept")
        // So is the board among friends, which B keeps too.
        func friendsBoardOnB(within seconds: Double = 0) async throws -> [String: Int] {
            let deadline = Date() + seconds
            var xp: [String: Int] = [:]
            repeat {
                let entries = try await b.call("GET", "/v1/leaderboard?scope=friends", token: phone).json["entries"] as? [[String: any Sendable]] ?? []
                xp = Dictionary(uniqueKeysWithValues: entries.compactMap { entry in (entry["username"] as? String).map { ($0, entry["xp"] as? Int ?? -1) } })
                if xp["bob"].map({ $0 > 0 }) == true { return xp }
                try await Task.sleep(for: .milliseconds(20))
            } while Date() < deadline
            return xp
        }
        let circleKept = try await Self.metric("puzzlemap_board_part_lookups{part=\"friends\",answer=\"kept\"}", on: b)
        #expect(try await friendsBoardOnB()["bob"] == 0)
        #expect(try await friendsBoardOnB()["bob"] == 0)
        #expect(try await Self.metric("puzzlemap_board_part_lookups{part=\"friends\",answer=\"kept\"}", on: b) > circleKept,
                "B answered ada's board among friends from what it kept")
        #expect(try await a.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 2)], token: bob).status == 200)
        #expect(try await friendsOnB(within: 1) { $0.map { $0["lastActiveDay"] as? String == nil } == [false] })
        #expect(try await friendsBoardOnB(within: 1)["bob"].map { $0 > 0 } == true)
        #expect(try await a.call("DELETE", "/v1/friends/ada", token: bob).status == 204)
        #expect(try await friendsOnB(within: 1) { $0.isEmpty })

        // B keeps the top of everyone's board, which ada's view is made from: a scan by bob on A
        // is on it as soon as B hears of it, and so is a block bob makes on A (he leaves ada's
        // board, though not the ranks).
        func boardOnB(within seconds: Double = 0, until: ([[String: any Sendable]], Int?) -> Bool) async throws -> Bool {
            let deadline = Date() + seconds
            repeat {
                let board = try await b.call("GET", "/v1/leaderboard?scope=global&period=all", token: phone).json
                if let entries = board["entries"] as? [[String: any Sendable]], until(entries, (board["me"] as? [String: any Sendable])?["rank"] as? Int) {
                    return true
                }
                try await Task.sleep(for: .milliseconds(20))
            } while Date() < deadline
            return false
        }
        func bobsXP(_ entries: [[String: any Sendable]]) -> Int? {
            entries.first { $0["username"] as? String == "bob" }?["xp"] as? Int
        }
        let bobBefore = bobsXP(try #require(try await b.call("GET", "/v1/leaderboard", token: phone).json["entries"] as? [[String: any Sendable]]))
        let topKept = try await Self.metric("puzzlemap_board_part_lookups{part=\"top\",answer=\"kept\"}", on: b)
        var topAnsweredFromKept = false
        let topKeptBy = Date() + 1
        while !topAnsweredFromKept, Date() < topKeptBy {
            #expect(try await b.call("GET", "/v1/leaderboard", token: phone).status == 200)
            topAnsweredFromKept = try await Self.metric("puzzlemap_board_part_lookups{part=\"top\",answer=\"kept\"}", on: b) > topKept
        }
        #expect(topAnsweredFromKept, "B answered ada's board from the top it kept")
        #expect(try await a.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 3)], token: bob).status == 200)
        #expect(try await boardOnB(within: 1) { entries, _ in bobsXP(entries).map { $0 > (bobBefore ?? 0) } == true })
        let rank = try #require(try await b.call("GET", "/v1/leaderboard", token: phone).json["me"] as? [String: any Sendable])["rank"] as? Int
        #expect(try await a.call("POST", "/v1/blocks", json: ["username": "ada"], token: bob).status == 204)
        #expect(try await boardOnB(within: 1) { entries, after in bobsXP(entries) == nil && after == rank })

        // Signed out on A: the phone's token is refused by B within a second, the laptop's still works.
        #expect(try await a.call("DELETE", "/v1/sessions/current", token: phone).status == 204)
        #expect(try await Self.refusedWithinASecond(phone, by: b))
        #expect(try await a.call("GET", "/v1/me/progress", token: laptop).status == 200)
        // A password changed on B, from another device: the laptop is signed out on A within a second.
        let other = try #require(try await a.call("POST", "/v1/sessions", json: ["login": "ada", "password": password]).json["accessToken"] as? String)
        let changed = try await b.call("PATCH", "/v1/me", json: ["password": "a brand new passphrase", "currentPassword": password], token: other)
        #expect(changed.status == 200, "\(String(decoding: changed.body, as: UTF8.self))")
        #expect(try await Self.refusedWithinASecond(laptop, by: a))
    }

    /// What B answers from the sessions it keeps, it stops answering within a second of a
    /// change anywhere: a sign-out on A, sessions revoked by another process (as a password
    /// reset revokes them). And when B's connection that hears the changes is
    /// cut, B keeps nothing until it is back: a session revoked meanwhile (heard by no one) is
    /// refused at once all the same.
    @Test func sessionsKeptByOneInstanceStopWithinASecondOfAChangeAnywhereAndNothingIsKeptUnheard() async throws {
        let url = try Self.freshDatabaseURL()
        let data = scratchDirectory("two-instances-kept")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PUZZLEMAP_DATABASE_URL": url]
        let a = try await LiveService(dataDirectory: data.appendingPathComponent("a"), environment: environment)
        let b = try await LiveService(dataDirectory: data.appendingPathComponent("b"), environment: environment)
        let password = "correct horse battery"
        let phone = try #require(try await a.signUp("ada", password: password)["accessToken"] as? String)
        func lookups(_ answer: String) async throws -> Int {
            try await Self.metric("puzzlemap_session_lookups{answer=\"\(answer)\"}", on: b)
        }

        // B recognises the phone from what it keeps: the token is not looked up again.
        for _ in 0..<3 { #expect(try await b.call("GET", "/v1/me/progress", token: phone).status == 200) }
        let kept = try await lookups("kept")
        #expect(kept >= 2, "B answered from the sessions it keeps")
        #expect(try await a.call("DELETE", "/v1/sessions/current", token: phone).status == 204)
        #expect(try await Self.refusedWithinASecond(phone, by: b), "signed out on A, refused by B within a second")

        // Revoked by a process that is no instance: B hears it from the database all the same.
        let laptop = try #require(try await a.call("POST", "/v1/sessions", json: ["login": "ada", "password": password]).json["accessToken"] as? String)
        for _ in 0..<2 { #expect(try await b.call("GET", "/v1/me/progress", token: laptop).status == 200) }
        let repository = try await PostgresHuntRepository.connect(url: url, logger: Logger(label: "test"))
        defer { Task { await repository.close() } }
        let ada = try #require(try await repository.account(login: "ada"))
        try await repository.revokeAllSessions(playerID: ada.player.id, keeping: nil, at: Date())
        #expect(try await Self.refusedWithinASecond(laptop, by: b), "revoked in the database, refused by B within a second")

        // B's listening connection cut: until it is back, nothing is kept, so a session revoked
        // meanwhile (no instance hears it) is refused at once.
        let tablet = try #require(try await a.call("POST", "/v1/sessions", json: ["login": "ada", "password": password]).json["accessToken"] as? String)
        for _ in 0..<2 { #expect(try await b.call("GET", "/v1/me/progress", token: tablet).status == 200) }
        try await Self.cutAccountListeners(url: url)
        let cutAt = Date()
        while !b.log.contains("Account changes cannot be heard"), Date() < cutAt + 5 { try await Task.sleep(for: .milliseconds(20)) }
        #expect(b.log.contains("Account changes cannot be heard"))
        try await repository.revokeAllSessions(playerID: ada.player.id, keeping: nil, at: Date())
        #expect(try await b.call("GET", "/v1/me/progress", token: tablet).status == 401, "nothing stale is served while B hears nothing")
    }

    /// A counter or gauge of `instance`'s `/metrics`, 0 when it is not there.
    static func metric(_ series: String, on instance: LiveService) async throws -> Int {
        let text = String(decoding: try await instance.call("GET", "/metrics").body, as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix(series + " ") }
        return line.flatMap { Double($0.split(separator: " ").last ?? "") }.map { Int($0) } ?? 0
    }

    /// Whether `instance` refuses the token within a second: each instance hears a revocation
    /// as the database delivers its signal, which a busy machine may delay past the next request.
    static func refusedWithinASecond(_ token: String, by instance: LiveService) async throws -> Bool {
        let deadline = Date() + 1
        while Date() < deadline {
            if try await instance.call("GET", "/v1/me/progress", token: token).status == 401 { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Ends, as a network fault would, every connection listening for account changes in the
    /// schema `url` names: each instance's connection that hears them (and none of the other
    /// tests', whose schemas share the server).
    static func cutAccountListeners(url: String) async throws {
        let logger = Logger(label: "test")
        let schema = try #require(URLComponents(string: url)?.queryItems?.first { $0.name == "schema" }?.value)
        let connection = try await PostgresConnection.connect(configuration: try PostgresConnectionURL(url).connectionConfiguration(), id: 9, logger: logger)
        // The channel as the triggers of migration v30 name it.
        let cut = try await connection.query("""
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN "puzzlemap_accounts_' || md5(\(schema)) || '"%'
            """, logger: logger).collect()
        try await connection.close()
        #expect(!cut.isEmpty, "no connection listened for account changes in \(schema)")
    }

    /// An organiser writes a new place and its riddle on A and publishes the draft: B plays it
    /// within seconds (every instance follows the newest published version), and its printed
    /// code counts there.
    @Test func aDraftPublishedOnOneInstanceIsPlayedByTheOther() async throws {
        let url = try Self.freshDatabaseURL()
        let data = scratchDirectory("two-instances-publish")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["PUZZLEMAP_DATABASE_URL": url]
        let a = try await LiveService(dataDirectory: data.appendingPathComponent("a"), environment: environment)
        let b = try await LiveService(dataDirectory: data.appendingPathComponent("b"), environment: environment)
        _ = try await a.signUp("olive", password: "organise the hunt well")
        #expect(try await runPuzzlemap(["admin", "add", "olive@student.gla.ac.uk"], environment: environment).status == 0)
        let olive = try #require(try await a.call("POST", "/v1/sessions", json: ["login": "olive", "password": "organise the hunt well"])
            .json["accessToken"] as? String)
        let place: [String: any Sendable] = ["name": "Sandbox Studio", "category": "social", "building": "Boyd Orr Building", "floor": -1,
                                             "latitude": 55.8736, "longitude": -4.2926,
                                             "hours": Dictionary(uniqueKeysWithValues: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"].map { ($0, "00:00-24:00") })]
        #expect(try await a.call("POST", "/v1/admin/places", json: place, token: olive).status == 201)
        let riddle: [String: any Sendable] = ["checkpoint": "sandbox-studio", "difficulty": "easy", "text": "Below the tower.",
                                              "hints": ["Down.", "Further down.", "The Sandbox."], "insider": "Makers meet here."]
        #expect(try await a.call("POST", "/v1/admin/riddles", json: riddle, token: olive).status == 201)
        // The draft is the database's: B shows the same one, and does not play it.
        #expect(try await b.call("GET", "/v1/admin/draft", token: olive).json["revision"] as? Int == 2)
        #expect(try await a.call("POST", "/v1/admin/draft/publish", json: ["revision": 2], token: olive).status == 200)

        let deadline = Date().addingTimeInterval(15)
        var played = false
        while !played && Date() < deadline {
            let checkpoints = try await b.call("GET", "/v1/admin/checkpoints", token: olive).json["checkpoints"] as? [[String: any Sendable]] ?? []
            played = checkpoints.contains { $0["id"] as? String == "sandbox-studio" }
            if !played { try await Task.sleep(for: .milliseconds(250)) }
        }
        #expect(played, "B plays what A published within seconds")
        let number = try #require(try await b.call("GET", "/v1/admin/checkpoints", token: olive).json["checkpoints"] as? [[String: any Sendable]])
            .first { $0["id"] as? String == "sandbox-studio" }?["number"] as? Int
        let ada = try #require(try await b.signUp("ada", password: "correct horse battery")["accessToken"] as? String)
        let scan = try await b.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: try #require(number))], token: ada)
        #expect(scan.status == 200 && scan.json["outcome"] as? String == "explored", "\(String(decoding: scan.body, as: UTF8.self))")
    }
}
