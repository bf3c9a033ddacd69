import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapHTTP
import Testing

@Suite struct JournalAndReportRoutesTests {
    @Test func theJournalListsTheSolvedRiddleWithItsPlaceAndInsiderFact() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            #expect((try await client.call(.get, "/v1/me/journal", token: token).json["entries"] as? [Any])?.isEmpty == true)
            _ = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token)
            let target = try await service.target(of: "ada", category: .lab)
            #expect(try await client.scan(code: try await service.qrText(for: target), token: token).json["outcome"] as? String == "solved")

            let reply = try await client.call(.get, "/v1/me/journal", token: token)
            #expect(reply.status == .ok)
            let entries = try #require(reply.json["entries"] as? [[String: Any]])
            let riddle = try #require(service.services.content.riddles.first { $0.checkpointID == target })
            #expect(entries.count == 1)
            #expect(entries.first?["riddleId"] as? String == riddle.id)
            #expect(entries.first?["riddle"] as? String == riddle.text)
            #expect(entries.first?["checkpointId"] as? String == target)
            #expect(entries.first?["insider"] as? String == riddle.insider)
            #expect(entries.first?["hintsUsed"] as? Int == 0)
            // The seeded draw is a medium riddle, which game.yaml pays 150 XP for; solved at the pinned noon.
            #expect(riddle.difficulty == .medium)
            #expect(entries.first?["xp"] as? Int == 150)
            #expect(entries.first?["solvedAt"] as? String == "2026-11-18T12:00:00Z")
        }
    }

    @Test func aPlayerReportsAStickerAndTheReportIsKeptForTheOrganisers() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let place = service.services.content.checkpoints[0].id
            let reply = try await client.call(.post, "/v1/reports", json: ["kind": "sticker_missing", "checkpointId": place, "text": "Gone from the door"],
                                              token: token)
            #expect(reply.status == .created)
            #expect(reply.json["kind"] as? String == "sticker_missing")
            let kept = try await service.services.hunt.reports()
            #expect(kept.map(\.report.checkpointID) == [place])
            #expect(kept.map(\.report.text) == ["Gone from the door"])

            #expect(try await client.call(.post, "/v1/reports", json: ["kind": "sticker_missing"], token: token).code == "unknown_place")
            #expect(try await client.call(.post, "/v1/reports", json: ["kind": "bug", "text": " "], token: token).code == "invalid_report")
            let graffiti = try await client.call(.post, "/v1/reports", json: ["kind": "graffiti", "text": "x"], token: token)
            #expect(graffiti.status == .badRequest && graffiti.code == "bad_request")
        }
    }

    @Test func reportsPastTheDailyLimitAreRefusedWithRetryAfter() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: service.services.content.quiz.map(\.id))
            let limit = service.services.limits.reportsPerDay
            for _ in 0..<limit {
                #expect(try await client.call(.post, "/v1/reports", json: ["kind": "bug", "text": "x"], token: token).status == .created)
            }
            let refused = try await client.call(.post, "/v1/reports", json: ["kind": "bug", "text": "x"], token: token)
            #expect(refused.status == .tooManyRequests)
            #expect(refused.code == "too_many_reports")
            #expect(refused.headers[.retryAfter] == "86400")
        }
    }
}
