import Foundation
import Testing

/// Logs are copied to dashboards, tickets and laptops: a full journey, logged at trace level,
/// must leave no password, token or signing key in any line, and no answer may echo a
/// password or a key.
@Suite struct SecretsInLogsTests {
    @Test func aFullJourneyLeavesNoPasswordTokenOrKeyInTheLogs() async throws {
        let data = scratchDirectory("secrets")
        defer { try? FileManager.default.removeItem(at: data) }
        let service = try await LiveService(dataDirectory: data, environment: ["PUZZLEMAP_LOG_LEVEL": "trace"])
        var secrets: [String] = []
        var answers: [LiveService.Reply] = []
        func call(_ method: String, _ path: String, json: [String: any Sendable]? = nil, token: String? = nil) async throws -> LiveService.Reply {
            let reply = try await service.call(method, path, json: json, token: token)
            answers.append(reply)
            return reply
        }

        let password = "tea at the qmu at four"
        let first = try await service.signUp("ada", password: password)
        let access = try #require(first["accessToken"] as? String), refresh = try #require(first["refreshToken"] as? String)
        try await service.verifyEmail(of: "ada")
        let refreshed = try await call("POST", "/v1/sessions/refresh", json: ["refreshToken": refresh])
        let access2 = try #require(refreshed.json["accessToken"] as? String), refresh2 = try #require(refreshed.json["refreshToken"] as? String)
        #expect(try await call("GET", "/v1/me", token: access2).status == 200)
        #expect(try await call("GET", "/v1/me/progress", token: access2).status == 200)

        let baristaPassword = "steamed milk and espresso"
        let barista = try #require(try await service.signUp("barista", password: baristaPassword)["accessToken"] as? String)
        #expect(try await runPuzzlemap(["staff", "add", "barista@student.gla.ac.uk", "--partner", "qmu-cafe", "--data-dir", data.path]).status == 0)
        try await bringToTheEdgeOfLevelThree(["ada"], dataDirectory: data)
        #expect(try await call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 3)], token: access2).status == 200)
        let voucherID = try #require(try await call("GET", "/v1/me/vouchers", token: access2).list.first?["id"] as? Int)
        let voucher = try await call("GET", "/v1/me/vouchers/\(voucherID)", token: access2)
        let manualCode = try #require(voucher.json["manualCode"] as? String), voucherCode = try #require(voucher.json["code"] as? String)
        #expect(try await call("POST", "/v1/staff/redemptions", json: ["code": manualCode], token: barista).status == 200)
        #expect(try await call("GET", "/V/\(voucherCode.split(separator: "/").last!)").status == 200)

        #expect(try await call("POST", "/v1/password-resets", json: ["email": "ada@student.gla.ac.uk"]).status == 202)
        let resetToken = try #require(try await service.mailLine(to: "ada@student.gla.ac.uk", subject: "reset") { $0.count >= 20 && !$0.contains(" ") && !$0.contains("@") })
        let newPassword = "scones at the library cafe"
        #expect(try await call("POST", "/v1/password-resets/confirm", json: ["token": resetToken, "newPassword": newPassword]).status == 200)
        let third = try await call("POST", "/v1/sessions", json: ["login": "ada", "password": newPassword])
        let access3 = try #require(third.json["accessToken"] as? String), refresh3 = try #require(third.json["refreshToken"] as? String)
        #expect(try await call("POST", "/v1/sessions", json: ["login": "ada", "password": password]).code == "invalid_credentials")
        #expect(try await call("DELETE", "/v1/me", json: ["password": newPassword], token: access3).status == 204)

        let keys = [LiveService.secrets.tagKeyData, LiveService.secrets.tokenKeyData]
        let keyTexts = keys.flatMap { [$0.base64EncodedString(), $0.map { String(format: "%02x", $0) }.joined()] }
        secrets = [password, baristaPassword, newPassword, access, refresh, access2, refresh2, access3, refresh3, barista, resetToken,
                   manualCode, String(voucherCode.split(separator: "/").last!)] + keyTexts
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)

        let log = service.log
        #expect(log.split(separator: "\n").count > 50, "the journey was logged at trace level")
        for secret in secrets {
            #expect(!log.contains(secret), "a log line contains a secret: \(secret.prefix(6))…")
        }
        for reply in answers {
            let text = String(decoding: reply.body, as: UTF8.self)
            for secret in [password, baristaPassword, newPassword] + keyTexts {
                #expect(!text.contains(secret), "an answer echoes a password or a key")
            }
        }
    }
}
