import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// Values just outside what the document allows are refused with a problem, never clamped
/// or cut into something the client did not send.
@Suite struct OutOfRangeInputTests {
    @Test(arguments: ["0", "101", "-5", "abc", "2.5"])
    func leaderboardLimitOutsideOneToAHundredIsRefused(limit: String) async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let reply = try await client.call(.get, "/v1/leaderboard?limit=\(limit)", token: token)
            #expect(reply.status == .badRequest)
            #expect(reply.code == "invalid_leaderboard_query")
            #expect(try await client.call(.get, "/v1/leaderboard?limit=100", token: token).status == .ok)
        }
    }

    @Test func anIdempotencyKeyLongerThanTwoHundredCharactersIsRefusedNotCut() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let code = try await service.qrText(for: service.services.content.checkpoints[0].id)
            let long = try await client.scan(code: code, token: token, key: String(repeating: "k", count: 201))
            #expect(long.status == .badRequest)
            #expect(long.code == "invalid_idempotency_key")
            #expect(try await client.scan(code: code, token: token, key: String(repeating: "k", count: 200)).status == .ok)
        }
    }

    @Test func anIdempotencyKeyReusedForAnotherScanIsRefusedNotReplayed() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let here = try await service.qrText(for: service.services.content.checkpoints[0].id)
            let there = try await service.qrText(for: service.services.content.checkpoints[1].id)
            let first = try await client.scan(code: here, token: token, key: "scan-1")
            #expect(first.status == .ok)
            let retry = try await client.scan(code: here, token: token, key: "scan-1")
            #expect(retry.body == first.body)
            #expect(retry.headers[.init("Idempotent-Replayed")!] == "true")
            let reused = try await client.scan(code: there, token: token, key: "scan-1")
            #expect(reused.status == .unprocessableContent)
            #expect(reused.code == "idempotency_key_reused")
            #expect(try await service.ledgerXP(of: "ada") == service.services.content.rules.exploreXP)
        }
    }
}
