import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// `GET /v1/me/export`: all of a player's own data, other players by their names only.
@Suite struct AccountExportRoutesTests {
    @Test func theExportHoldsEveryPartOfThePlayersDataWithExactValuesAndNoOneElsesEmail() async throws {
        let service = try await TestService()
        let content = service.services.content
        let clock = service.clock
        @Sendable func at(_ minutes: Int) -> String { ISO8601DateFormatter().string(from: TestClock().now + Double(minutes) * 60) }
        try await service.test { client in
            let ada = try await client.playerWithQuiz("ada", quiz: content.quiz.map(\.id))
            let bob = try await client.signedInPlayer("bob")
            let dan = try await client.signedInPlayer("dan")
            for other in ["cat", "eve"] { _ = try await client.signedInPlayer(other) }
            let playerID = try #require(try await service.repository.account(login: "ada")).player.id

            clock.advance(by: 60)
            try await service.befriend(ada, bob, client)
            clock.advance(by: 60)
            let sent = try #require(try await client.call(.post, "/v1/friends/requests", json: ["username": "cat"], token: ada).json["requestId"] as? Int)
            clock.advance(by: 60)
            let received = try #require(try await client.call(.post, "/v1/friends/requests", json: ["username": "ada"], token: dan).json["requestId"] as? Int)
            clock.advance(by: 60)
            #expect(try await client.call(.post, "/v1/blocks", json: ["username": "eve"], token: ada).status == .noContent)
            clock.advance(by: 60)
            let crew = try await client.call(.post, "/v1/crews", json: ["name": "Night Owls"], token: ada)
            clock.advance(by: 60)
            #expect(try await client.call(.post, "/v1/crews/join", json: ["code": try #require(crew.json["code"] as? String)], token: bob).status == .ok)
            clock.advance(by: 60)
            let challenge = try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lab"], token: ada)
            #expect(challenge.status == .created)
            clock.advance(by: 60)
            let place = content.checkpoints[7].id
            let report = try await client.call(.post, "/v1/reports", json: ["kind": "sticker_missing", "checkpointId": place, "text": "Gone from the door"],
                                               token: ada)
            clock.advance(by: 60)
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            let levelled = try await client.scan(code: try await service.qrText(for: content.checkpoints[4].id), token: ada)
            #expect((levelled.json["newVouchers"] as? [[String: Any]])?.count == 1)
            clock.advance(by: 60)
            #expect(try await client.call(.post, "/v1/riddles", json: ["category": "social"], token: ada).status == .created)
            let held = try #require(try await service.repository.activeAttempts(playerID: playerID).first)

            let reply = try await client.call(.get, "/v1/me/export", token: ada)
            #expect(reply.status == .ok)
            let export = reply.json
            #expect((export["player"] as? [String: Any])?["email"] as? String == "ada@student.gla.ac.uk")
            #expect(export["exportedAt"] as? String == at(10))
            let events = try #require(export["events"] as? [[String: Any]])
            #expect(events.map { $0["kind"] as? String } == ["explored", "explored"])
            #expect(events.map { $0["checkpointID"] as? String } == [content.checkpoints[0].id, content.checkpoints[4].id])

            let quiz = try #require(export["quiz"] as? [String: Any])
            let answers = Dictionary(uniqueKeysWithValues: content.quiz.map { ($0.id, QuizAnswer.agree) })
            #expect(quiz["answers"] as? [String: String] == answers.mapValues(\.rawValue))
            #expect((quiz["traits"] as? [String: Any])?.compactMapValues { ($0 as? NSNumber)?.doubleValue }
                    == (try TraitProfile.score(answers: answers, quiz: content.quiz)).scores)
            #expect(quiz["takenAt"] as? String == at(0))

            let riddles = try #require(export["riddles"] as? [[String: Any]])
            #expect(riddles.count == 1)
            #expect(riddles.first?["id"] as? Int == Int(held.id) && riddles.first?["category"] as? String == "social")
            #expect(riddles.first?["riddle"] as? String == content.riddles.first { $0.id == held.riddleID }?.text)
            #expect(riddles.first?["hintsUsed"] as? Int == 0 && riddles.first?["startedAt"] as? String == at(10))
            #expect(riddles.first?["place"] == nil && riddles.first?["outcome"] == nil, "a riddle held does not name its place")

            let vouchers = try #require(export["vouchers"] as? [[String: Any]])
            #expect(vouchers.count == 1)
            #expect((vouchers.first?["offer"] as? [String: Any])?["partner"] as? String == "QMU Café")
            #expect(vouchers.first?["status"] as? String == "pending_verification" && vouchers.first?["issuedAt"] as? String == at(9))
            #expect(vouchers.first?["giftedBy"] == nil && vouchers.first?["manualCode"] == nil && vouchers.first?["code"] == nil)
            #expect((export["vouchersGiven"] as? [Any])?.isEmpty == true)

            #expect(export["friends"] as? [[String: String]] == [["username": "bob", "displayName": "Bob", "since": at(1)]])
            let requests = try #require(export["friendRequests"] as? [String: [[String: Any]]])
            #expect(requests["sent"]?.count == 1 && requests["sent"]?.first?["id"] as? Int == sent)
            #expect(requests["sent"]?.first?["username"] as? String == "cat" && requests["sent"]?.first?["sentAt"] as? String == at(2))
            #expect(requests["received"]?.count == 1 && requests["received"]?.first?["id"] as? Int == received)
            #expect(requests["received"]?.first?["displayName"] as? String == "Dan" && requests["received"]?.first?["sentAt"] as? String == at(3))
            #expect(export["blocked"] as? [[String: String]] == [["username": "eve", "displayName": "Eve", "since": at(4)]])

            let myCrew = try #require(export["crew"] as? [String: Any])
            #expect(myCrew["id"] as? Int == crew.json["id"] as? Int && myCrew["name"] as? String == "Night Owls" && myCrew["leader"] as? Bool == true)
            #expect(myCrew["createdAt"] as? String == at(5) && myCrew["joinedAt"] as? String == at(5))
            #expect(myCrew["members"] as? [[String: String]] == [["username": "ada", "displayName": "Ada", "since": at(5)],
                                                                   ["username": "bob", "displayName": "Bob", "since": at(6)]])
            #expect((export["crewInvitations"] as? [Any])?.isEmpty == true)

            let challenges = try #require(export["challenges"] as? [[String: Any]])
            #expect(challenges.count == 1)
            let mine = try #require(challenges.first)
            #expect(mine["id"] as? Int == challenge.json["id"] as? Int && mine["role"] as? String == "challenger")
            #expect(mine["status"] as? String == "waiting" && mine["category"] as? String == "lab" && mine["createdAt"] as? String == at(7))
            #expect(mine["opponent"] as? [String: String] == ["username": "bob", "displayName": "Bob"])
            #expect(mine["until"] as? String
                    == ISO8601DateFormatter().string(from: TestClock().now + 7 * 60 + service.services.limits.challengeLifetime))
            #expect(Set(mine.keys) == ["id", "role", "status", "opponent", "category", "createdAt", "until"],
                    "neither the race's riddle, before it is accepted, nor its place")

            let reports = try #require(export["reports"] as? [[String: Any]])
            #expect(reports.count == 1)
            #expect(reports.first?["id"] as? Int == report.json["id"] as? Int && reports.first?["kind"] as? String == "sticker_missing")
            #expect(reports.first?["checkpointId"] as? String == place && reports.first?["text"] as? String == "Gone from the door")
            #expect(reports.first?["status"] as? String == "open" && reports.first?["createdAt"] as? String == at(8))

            // Other players are their names: no address of theirs; and the riddle held does not name its place.
            let body = String(decoding: reply.body, as: UTF8.self)
            for other in ["bob", "cat", "dan", "eve"] { #expect(!body.contains("\(other)@student.gla.ac.uk")) }
            #expect(!body.contains(held.checkpointID) && !body.contains(held.riddleID))
        }
    }
}
