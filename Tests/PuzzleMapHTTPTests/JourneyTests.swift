import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapImaging
import Testing

@Suite struct JourneyTests {
    /// Sign up, quiz, a riddle per category, a hint, a wrong place then cancel, a solve by
    /// photo, a level-up and a badge: the first afternoon of a fresher.
    @Test func aFreshersFirstAfternoon() async throws {
        let service = try await TestService()
        let content = service.services.content
        try await service.test { client in
            let signUp = try await client.call(.post, "/v1/accounts", json: [
                "email": "fresher@student.gla.ac.uk", "username": "fresher", "password": "kelvin way in the rain", "displayName": "Fresher",
            ])
            #expect(signUp.status == .created)
            let token = try #require(try await client.call(.post, "/v1/sessions", json: ["login": "fresher", "password": "kelvin way in the rain"])
                .json["accessToken"] as? String)
            let answers = Dictionary(uniqueKeysWithValues: content.quiz.map { ($0.id, "agree") })
            #expect(try await client.call(.put, "/v1/me/quiz", json: ["answers": answers], token: token).status == .ok)

            var riddleIDs: [Category: Int] = [:]
            for category in Category.allCases {
                let reply = try await client.call(.post, "/v1/riddles", json: ["category": category.rawValue], token: token)
                #expect(reply.status == .created)
                riddleIDs[category] = (reply.json["riddle"] as? [String: Any])?["id"] as? Int
            }
            let hint = try await client.call(.post, "/v1/riddles/\(riddleIDs[.lab]!)/hints", json: ["confirm": true], token: token)
            #expect(hint.json["hintsUsed"] as? Int == 1)

            let targets = try await Set(Category.allCases.asyncMap { try await service.target(of: "fresher", category: $0) })
            let stray = try #require(content.checkpoints.first { !targets.contains($0.id) })
            let wrong = try await client.scan(code: try await service.qrText(for: stray.id), token: token)
            #expect(wrong.json["outcome"] as? String == "wrong_place")
            let checkIn = try #require((wrong.json["checkIn"] as? [String: Any])?["id"] as? String)
            #expect(try await client.call(.delete, "/v1/check-ins/\(checkIn)", token: token).status == .noContent)

            var levelledUp = false
            var badges: [String] = []
            for category in Category.allCases {
                let target = try await service.target(of: "fresher", category: category)
                let photo = try QREncoder(errorCorrection: .quartile).encode(try await service.qrText(for: target)).renderPNG(scale: 5)
                let solved = try await client.scan(photo: photo, type: "image/png", token: token)
                #expect(solved.json["outcome"] as? String == "solved", "\(category)")
                levelledUp = levelledUp || solved.json["levelUp"] as? Bool == true
                badges += ((solved.json["newBadges"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? String }
            }
            #expect(levelledUp)
            #expect(badges.contains("first-steps"))

            let progress = try await client.call(.get, "/v1/me/progress", token: token)
            #expect(progress.json["xp"] as? Int == (try await service.ledgerXP(of: "fresher")))
            #expect(progress.json["level"] as? Int ?? 0 >= 2)
            #expect(progress.json["visited"] as? Int == 3)
            #expect(progress.json["activeRiddles"] as? Int == 0)

            // What the organisers' `puzzlemap stats` reads of that afternoon.
            let stats = try await service.statistics()
            #expect(stats.players == 1)
            #expect(stats.activePlayers == 1)
            #expect(stats.scansByCheckpoint.first { $0.checkpoint == stray.id }?.outcomes == ["wrong_place": 1])
            #expect(stats.riddles.map(\.solved).reduce(0, +) == 3)
            #expect(stats.riddles.map(\.hintsUsed).reduce(0, +) == 1)
        }
    }

    /// Whatever a player does, their totals are the sum of their ledger.
    @Test func totalsAreAlwaysTheSumOfTheLedgerAfterRandomPlay() async throws {
        let service = try await TestService()
        let content = service.services.content
        try await service.test { client in
            let token = try await client.playerWithQuiz("ada", quiz: content.quiz.map(\.id))
            var generator = SystemRandomNumberGenerator()
            for step in 0..<40 {
                service.clock.advance(by: 61)
                switch Int.random(in: 0..<5, using: &generator) {
                case 0:
                    _ = try await client.call(.post, "/v1/riddles", json: ["category": Category.allCases.randomElement(using: &generator)!.rawValue], token: token)
                case 1:
                    if let held = (try await client.call(.get, "/v1/riddles/active", token: token).json["riddles"] as? [[String: Any]])?.randomElement(using: &generator),
                       let id = held["id"] as? Int {
                        _ = try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: token)
                    }
                case 2:
                    let player = try #require(try await service.repository.account(login: "ada")).player
                    if let held = try await service.repository.activeAttempts(playerID: player.id).randomElement(using: &generator) {
                        _ = try await client.scan(code: try await service.qrText(for: held.checkpointID), token: token, key: "step-\(step)")
                    }
                default:
                    let place = content.checkpoints.randomElement(using: &generator)!
                    let reply = try await client.scan(code: try await service.qrText(for: place.id), token: token)
                    if let checkIn = (reply.json["checkIn"] as? [String: Any])?["id"] as? String, Bool.random(using: &generator) {
                        _ = try await client.call(.post, "/v1/check-ins/\(checkIn)/register", token: token)
                    }
                }
                let progress = try await client.call(.get, "/v1/me/progress", token: token)
                let xp = try await service.ledgerXP(of: "ada")
                #expect(progress.json["xp"] as? Int == xp, "after step \(step)")
                #expect(progress.json["level"] as? Int == content.rules.level(forXP: xp))
            }
        }
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
