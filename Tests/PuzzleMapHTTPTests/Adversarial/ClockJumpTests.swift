import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// The clock is not to be trusted: an NTP step or a restored virtual machine moves it back an
/// hour or forward a day. Limits, tokens and check-ins must behave as documented, with nothing
/// negative or locked for the length of the jump.
@Suite struct ClockJumpTests {
    @Test func aClockSteppingBackAnHourDoesNotLockAPlayerOutOfScanningForAnHour() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let code = try await service.qrText(for: service.services.content.checkpoints[1].id)
            for _ in 0..<service.services.content.rules.limits.scansPerMinute {
                #expect(try await client.scan(code: code, token: token).status == .ok)
            }
            #expect(try await client.scan(code: code, token: token).code == "too_many_scans")
            service.clock.advance(by: -3600)
            // The hour-old token is still within its life as the clock reads now, and the scan
            // limit's window (from "the future") is over.
            let again = try await client.scan(code: code, token: token)
            #expect(again.status == .ok, "\(again.code ?? "")")
            #expect(again.json["outcome"] as? String == "already_visited")
            #expect(try await service.ledgerXP(of: "ada") == service.services.content.rules.exploreXP)
        }
    }

    @Test func aClockJumpingADayForwardEndsTokensAndCheckInsAsTheirLifetimesSay() async throws {
        let service = try await TestService()
        try await service.test { client in
            let session = try await client.call(.post, "/v1/accounts", json: [
                "email": "ada@student.gla.ac.uk", "username": "ada", "password": "correct horse battery", "displayName": "Ada",
            ])
            #expect(session.status == .created)
            let signedIn = try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": "correct horse battery"])
            let token = try #require(signedIn.json["accessToken"] as? String)
            let refresh = try #require(signedIn.json["refreshToken"] as? String)
            _ = try await client.call(.put, "/v1/me/quiz", json: ["answers": Dictionary(uniqueKeysWithValues: service.services.content.quiz.map { ($0.id, "agree") })],
                                      token: token)
            _ = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            let target = try await service.target(of: "ada", category: .lab)
            let elsewhere = try #require(service.services.content.checkpoints.first { $0.id != target })
            let wrong = try await client.scan(code: try await service.qrText(for: elsewhere.id), token: token)
            let checkIn = try #require((wrong.json["checkIn"] as? [String: Any])?["id"] as? String)

            service.clock.advance(by: 86_400)
            #expect(try await client.call(.get, "/v1/me/progress", token: token).code == "unauthenticated")
            let renewed = try await client.call(.post, "/v1/sessions/refresh", json: ["refreshToken": refresh])
            let fresh = try #require(renewed.json["accessToken"] as? String)
            let late = try await client.call(.post, "/v1/check-ins/\(checkIn)/register", token: fresh)
            #expect(late.status == .notFound)
            #expect(late.code == "check_in_not_found")
            let progress = try await client.call(.get, "/v1/me/progress", token: fresh)
            #expect(progress.json["xp"] as? Int == 0, "a lapsed check-in earns nothing, and nothing is negative")
        }
    }
}
