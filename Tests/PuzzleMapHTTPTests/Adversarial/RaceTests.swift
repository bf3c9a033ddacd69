import Foundation
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// The same request sent several times at once, as a double tap, a flaky network's retries or
/// an attacker would. (Idempotent scans, redemptions, gifts to two friends and voucher stock
/// are raced in ScanRoutesTests, VoucherRoutesTests and SocialRoutesTests.)
@Suite struct RaceTests {
    @Test func simultaneousSignUpsWithOneEmailInAnyCaseCreateOneAccount() async throws {
        let service = try await TestService()
        let spellings = ["zoe@student.gla.ac.uk", "ZOE@student.gla.ac.uk", "Zoe@Student.Gla.Ac.Uk", " zoe@student.gla.ac.uk"]
        try await service.test { client in
            let replies = try await client.simultaneously(8) { index in
                try await client.call(.post, "/v1/accounts", json: [
                    "email": spellings[index % spellings.count], "username": "zoe\(index)", "password": "correct horse battery", "displayName": "Zoe",
                ])
            }
            #expect(replies.map(\.summary).sorted() == ["201"] + Array(repeating: "409 email_taken", count: 7))
        }
        let accounts = try await (0..<8).asyncMap { try await service.repository.account(login: "zoe\($0)") }
        #expect(accounts.compactMap { $0 }.count == 1)
        #expect(try await service.repository.allMail(limit: 100).filter { $0.recipient == "zoe@student.gla.ac.uk" }.count == 1)
    }

    @Test func simultaneousSignUpsWithOneUsernameCreateOneAccount() async throws {
        let service = try await TestService()
        try await service.test { client in
            let replies = try await client.simultaneously(8) { index in
                try await client.call(.post, "/v1/accounts", json: [
                    "email": "zoe\(index)@student.gla.ac.uk", "username": "zoe", "password": "correct horse battery", "displayName": "Zoe",
                ])
            }
            #expect(replies.map(\.summary).sorted() == ["201"] + Array(repeating: "409 username_taken", count: 7))
        }
    }

    /// A hint is the next one, never one already shown: two requests at once reveal hints 1
    /// and 2, each charged once, and a burst beyond the third is refused. The charge reaches
    /// the ledger once, on the solve.
    @Test func simultaneousHintRequestsRevealEachHintOnceAndTheSolveIsChargedForExactlyThose() async throws {
        let service = try await TestService()
        let content = service.services.content
        try await service.test { client in
            let token = try await client.playerWithQuiz(quiz: content.quiz.map(\.id))
            let riddle = try #require(try await client.call(.post, "/v1/riddles", json: ["category": "social"], token: token).json["riddle"] as? [String: Any])
            let id = try #require(riddle["id"] as? Int)
            let difficulty = try #require((riddle["difficulty"] as? String).flatMap(Difficulty.init(rawValue:)))

            let pair = try await client.simultaneously(2) { _ in
                try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: token)
            }
            #expect(pair.map(\.summary) == ["200", "200"])
            #expect(Set(pair.compactMap { ($0.json["hint"] as? [String: Any])?["number"] as? Int }) == [1, 2])
            #expect(Set(pair.compactMap { $0.json["hintsUsed"] as? Int }) == [1, 2])

            let burst = try await client.simultaneously(6) { _ in
                try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: token)
            }
            #expect(burst.map(\.summary).sorted() == ["200"] + Array(repeating: "409 no_hints_left", count: 5))
            #expect(burst.compactMap { ($0.json["hint"] as? [String: Any])?["number"] as? Int } == [3])

            let held = try #require((try await client.call(.get, "/v1/riddles/active", token: token).json["riddles"] as? [[String: Any]])?.first)
            #expect(held["hintsUsed"] as? Int == 3)
            let target = try await service.target(of: "ada", category: .social)
            let solved = try await client.scan(code: try await service.qrText(for: target), token: token)
            #expect(solved.json["outcome"] as? String == "solved")
            #expect(solved.json["xpAwarded"] as? Int == content.rules.reward(for: difficulty, hintsUsed: 3))
        }
        let player = try #require(try await service.repository.account(login: "ada")).player
        let solves = try await service.repository.events(playerID: player.id).filter { $0.kind == .solved }
        #expect(solves.map(\.hintsUsed) == [3])
    }

    @Test func oneFriendRequestAcceptedManyTimesAtOnceMakesOneFriendship() async throws {
        try await TestService().test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let id = try #require(try await client.call(.post, "/v1/friends/requests", json: ["username": "bob"], token: ada).json["requestId"] as? Int)
            let replies = try await client.simultaneously(8) { _ in
                try await client.call(.post, "/v1/friends/requests/\(id)/accept", token: bob)
            }
            #expect(replies.map(\.summary).sorted() == ["204"] + Array(repeating: "404 friend_request_not_found", count: 7))
            for (token, friend) in [(ada, "bob"), (bob, "ada")] {
                #expect((try await client.call(.get, "/v1/friends", token: token).json["friends"] as? [[String: Any]])?.map { $0["username"] as? String } == [friend])
                let requests = try await client.call(.get, "/v1/friends/requests", token: token)
                #expect((requests.json["incoming"] as? [Any])?.isEmpty == true)
                #expect((requests.json["outgoing"] as? [Any])?.isEmpty == true)
            }
        }
    }

    @Test func aFriendRequestAcceptedAndDeclinedAtOnceIsAnsweredOnce() async throws {
        try await TestService().test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let id = try #require(try await client.call(.post, "/v1/friends/requests", json: ["username": "bob"], token: ada).json["requestId"] as? Int)
            async let accepting = client.call(.post, "/v1/friends/requests/\(id)/accept", token: bob)
            async let declining = client.call(.post, "/v1/friends/requests/\(id)/decline", token: bob)
            let (accepted, declined) = try await (accepting, declining)
            #expect([accepted.summary, declined.summary].sorted() == ["204", "404 friend_request_not_found"])
            // Whichever came first decided: friends after an accept, strangers after a decline.
            let friends = (try await client.call(.get, "/v1/friends", token: ada).json["friends"] as? [Any])?.count
            #expect(friends == (accepted.status == .noContent ? 1 : 0))
            #expect((try await client.call(.get, "/v1/friends/requests", token: bob).json["incoming"] as? [Any])?.isEmpty == true)
        }
    }
}
