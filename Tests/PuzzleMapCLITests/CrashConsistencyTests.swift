import Foundation
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// The power goes out mid-rush: SIGKILL at a random moment while players scan and a barista
/// redeems, then a restart. Every request that was answered 2xx must be in the database,
/// and the ledger must agree with the stored totals; what was never answered may or may not
/// have happened, but never by halves.
@Suite struct CrashConsistencyTests {
    static let players = (0..<6).map { "runner\($0)" }
    static let rounds = 3
    static let scansPerRound = 3

    /// What the clients were told, to hold the restarted service to.
    actor Acknowledged {
        var scans: [(token: String, key: String, code: String, status: Int, body: Data)] = []
        var redemptions: [String] = []
        var count: Int { scans.count + redemptions.count }
        func scan(_ token: String, _ key: String, _ code: String, _ reply: LiveService.Reply) {
            scans.append((token, key, code, reply.status, reply.body))
        }
        func redeemed(_ code: String) { redemptions.append(code) }
    }

    @Test func killedMidRushEveryAnsweredWriteSurvivesAndTotalsAgree() async throws {
        let data = scratchDirectory("crash")
        defer { try? FileManager.default.removeItem(at: data) }
        var service = try await LiveService(dataDirectory: data)

        // Six verified players one scan short of a voucher each, and a barista at the QMU.
        var tokens: [String: String] = [:]
        for username in Self.players {
            tokens[username] = try #require(try await service.signUp(username, password: "a long enough secret for a crash")["accessToken"] as? String)
            try await service.verifyEmail(of: username)
        }
        let barista = try #require(try await service.signUp("barista", password: "steamed milk and espresso")["accessToken"] as? String)
        #expect(try await runPuzzlemap(["staff", "add", "barista@student.gla.ac.uk", "--partner", "qmu-cafe", "--data-dir", data.path]).status == 0)
        try await bringToTheEdgeOfLevelThree(Self.players, dataDirectory: data)
        var voucherCodes: [String] = []
        for username in Self.players {
            let token = tokens[username]!
            #expect(try await service.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 1)], token: token).status == 200)
            let voucherID = try #require(try await service.call("GET", "/v1/me/vouchers", token: token).list.first?["id"] as? Int)
            voucherCodes.append(try #require(try await service.call("GET", "/v1/me/vouchers/\(voucherID)", token: token).json["code"] as? String))
        }

        let acknowledged = Acknowledged()
        var generator = SystemRandomNumberGenerator()
        for round in 0..<Self.rounds {
            let live = service
            // The kill comes after a random number of this round's answers, so some writes
            // are acknowledged and others are in flight, however fast the machine is.
            let answeredBefore = await acknowledged.count
            let killAfter = Int.random(in: 1...(Self.players.count * Self.scansPerRound / 2), using: &generator)
            await withTaskGroup(of: Void.self) { group in
                for (index, username) in Self.players.enumerated() {
                    let token = tokens[username]!
                    group.addTask {
                        for scan in 0..<Self.scansPerRound {
                            let number = 2 + round * Self.scansPerRound + scan
                            let key = "\(username)-round\(round)-scan\(scan)"
                            let code = LiveService.qrText(checkpointNumber: number)
                            guard let reply = try? await live.call("POST", "/v1/scans", json: ["code": code], token: token, headers: ["Idempotency-Key": key])
                            else { return }
                            if (200..<300).contains(reply.status) { await acknowledged.scan(token, key, code, reply) }
                        }
                    }
                    if index % 2 == round % 2 {
                        let code = voucherCodes[index]
                        group.addTask {
                            guard let reply = try? await live.call("POST", "/v1/staff/redemptions", json: ["code": code], token: barista) else { return }
                            if reply.status == 200 { await acknowledged.redeemed(code) }
                        }
                    }
                }
                group.addTask {
                    while await acknowledged.count - answeredBefore < killAfter { try? await Task.sleep(for: .milliseconds(2)) }
                    live.send(SIGKILL)
                }
            }
            _ = await live.waitForExit()
            service = try await LiveService(dataDirectory: data)
            try await checkEverythingAcknowledgedIsThere(service, acknowledged, barista: barista, round: round, killAfter: killAfter)
        }
        #expect(await acknowledged.count >= Self.rounds, "every round acknowledged writes before its kill")
        try await checkLedgersAgreeWithTotals(data: data, service: service)
    }

    private func checkEverythingAcknowledgedIsThere(_ service: LiveService, _ acknowledged: Acknowledged, barista: String,
                                                    round: Int, killAfter: Int) async throws {
        for scan in await acknowledged.scans {
            let replay = try await service.call("POST", "/v1/scans", json: ["code": scan.code], token: scan.token,
                                                headers: ["Idempotency-Key": scan.key])
            #expect(replay.status == scan.status, "round \(round), killed after \(killAfter) answers: scan \(scan.key)")
            #expect(replay.header("Idempotent-Replayed") == "true", "scan \(scan.key) answered before the kill is not stored")
            #expect(replay.body == scan.body)
        }
        for code in await acknowledged.redemptions {
            let again = try await service.call("POST", "/v1/staff/redemptions", json: ["code": code], token: barista)
            #expect(again.code == "already_redeemed", "round \(round), killed after \(killAfter) answers: a redemption answered 200 is lost")
        }
    }

    private func checkLedgersAgreeWithTotals(data: URL, service: LiveService) async throws {
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)
        // SQLite's own integrity check runs on restore.
        let backup = data.appendingPathComponent("after-crashes.sqlite").path
        #expect(try await runPuzzlemap(["backup", backup, "--data-dir", data.path]).status == 0)
        let restored = try await runPuzzlemap(["restore", backup, "--data-dir", data.appendingPathComponent("restored").path])
        #expect(restored.status == 0, "\(restored.output)")

        let repository = try SQLiteHuntRepository.open(path: data.appendingPathComponent("puzzlemap.sqlite").path)
        for username in Self.players {
            let player = try #require(try await repository.account(login: username)).player
            let ledger = try await repository.events(playerID: player.id).map(\.xp).reduce(0, +)
            let stored = try await repository.boardView(playerID: player.id, period: .all, friendsOnly: false, at: Date(), shown: 0).mine?.xp ?? 0
            #expect(ledger == stored, "\(username): ledger \(ledger) XP, stored total \(stored)")
            #expect(try await repository.vouchers(playerID: player.id).count == 1, "\(username): one level-3 voucher, issued with its event")
        }
        try await repository.close()
    }
}
