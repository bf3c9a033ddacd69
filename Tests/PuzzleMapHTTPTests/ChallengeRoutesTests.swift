import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

extension TestService {
    /// Makes two players friends, as scanning one's friend code does.
    func befriend(_ token: String, _ other: String, _ client: some TestClientProtocol) async throws {
        let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: other).json["code"] as? String)
        #expect(try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: token).json["status"] as? String == "friends")
    }

    /// The place a challenge races to (the riddle's place is never shown to players).
    func place(ofChallenge id: Int, for username: String) async throws -> String {
        let player = try #require(try await repository.account(login: username)).player
        return try #require(try await repository.challenges(playerID: player.id, since: .distantPast).first { $0.id == Int64(id) }).checkpointID
    }
}

extension TestClientProtocol {
    /// Signs an existing player in again (after the clock moved past their token's hour).
    func signIn(_ username: String, password: String = "correct horse battery") async throws -> String {
        try #require(try await call(.post, "/v1/sessions", json: ["login": username, "password": password]).json["accessToken"] as? String)
    }
}

@Suite struct ChallengeRoutesTests {
    @Test func theFirstFriendToScanTheRacesPlaceWinsTheBonusAndTheOtherIsTold() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            _ = try await client.signedInPlayer("cat")
            try await service.befriend(ada, bob, client)
            let stranger = try await client.call(.post, "/v1/challenges", json: ["username": "cat", "category": "lab"], token: ada)
            #expect(stranger.status == .forbidden)
            #expect(stranger.code == "not_friends")
            #expect(stranger.json["detail"] as? String == "You can only challenge friends.")

            let sent = try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lab"], token: ada)
            #expect(sent.status == .created)
            #expect(sent.json["status"] as? String == "waiting")
            #expect(sent.json["role"] as? String == "challenger")
            #expect(sent.json["riddle"] == nil, "nobody reads the riddle before the race starts")
            #expect(sent.json["bonusXp"] as? Int == 50)
            let id = try #require(sent.json["id"] as? Int)
            #expect(try await client.call(.post, "/v1/challenges", json: ["username": "ada", "category": "social"], token: bob).code == "already_challenged")
            #expect(try await client.call(.post, "/v1/challenges/\(id)/accept", token: ada).code == "challenge_not_yours")
            #expect(try await client.call(.post, "/v1/challenges/\(id)/withdraw", token: bob).code == "challenge_not_yours")

            let accepted = try await client.call(.post, "/v1/challenges/\(id)/accept", token: bob)
            #expect(accepted.status == .ok)
            #expect(accepted.json["status"] as? String == "racing")
            #expect(accepted.json["role"] as? String == "challenged")
            #expect((accepted.json["opponent"] as? [String: Any])?["username"] as? String == "ada")
            let place = try await service.place(ofChallenge: id, for: "bob")
            let riddle = try #require(service.services.content.riddles.first { $0.checkpointID == place && $0.text == accepted.json["riddle"] as? String })
            #expect(service.services.content.checkpoint(id: place)?.category == .lab)

            // Bob gets there first: the riddle is solved as if held, and the bonus comes on top.
            let reward = service.services.content.rules.reward(for: riddle.difficulty, hintsUsed: 0)
            let won = try await client.scan(code: try await service.qrText(for: place), token: bob)
            #expect(won.json["outcome"] as? String == "solved")
            #expect(won.json["xpAwarded"] as? Int == reward + 50)
            #expect((won.json["challengeWon"] as? [String: Any])?["opponent"] as? String == "ada")
            #expect(try await service.ledgerXP(of: "bob") == reward + 50)

            // Ada arrives second: she explores the place (she holds no riddle), and wins nothing more.
            let late = try await client.scan(code: try await service.qrText(for: place), token: ada)
            #expect(late.json["outcome"] as? String == "explored")
            #expect(late.json["challengeWon"] == nil)
            #expect(try await service.ledgerXP(of: "ada") == service.services.content.rules.exploreXP)

            let adas = try #require(try await client.call(.get, "/v1/challenges", token: ada).json["challenges"] as? [[String: Any]])
            #expect(adas.map { $0["status"] as? String } == ["lost"])
            let bobs = try #require(try await client.call(.get, "/v1/challenges", token: bob).json["challenges"] as? [[String: Any]])
            #expect(bobs.map { $0["status"] as? String } == ["won"])
            // Finished, the two may race again.
            #expect(try await client.call(.post, "/v1/challenges", json: ["username": "ada", "category": "social"], token: bob).status == .created)
        }
    }

    @Test func aChallengeNotAnsweredInTimeExpiresAndARaceNotWonEndsWithoutAWinner() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            try await service.befriend(ada, bob, client)
            let first = try #require(try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "social"], token: ada).json["id"] as? Int)
            service.clock.advance(by: 24 * 3600 + 1)
            // A day later both sign in again (access tokens last an hour).
            let (adaLater, bobLater) = (try await client.signIn("ada"), try await client.signIn("bob"))
            let late = try await client.call(.post, "/v1/challenges/\(first)/accept", token: bobLater)
            #expect(late.status == .conflict)
            #expect(late.code == "challenge_not_waiting")
            #expect((try await client.call(.get, "/v1/challenges", token: bobLater).json["challenges"] as? [[String: Any]])?.first?["status"] as? String == "expired")

            let second = try #require(try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lecture"], token: adaLater).json["id"] as? Int)
            #expect(try await client.call(.post, "/v1/challenges/\(second)/accept", token: bobLater).json["status"] as? String == "racing")
            let place = try await service.place(ofChallenge: second, for: "ada")
            service.clock.advance(by: 24 * 3600)
            // The race is over: the place is only a place now.
            let scan = try await client.scan(code: try await service.qrText(for: place), token: try await client.signIn("ada"))
            #expect(scan.json["outcome"] as? String == "explored")
            #expect(scan.json["challengeWon"] == nil)
            let statuses = try #require(try await client.call(.get, "/v1/challenges", token: try await client.signIn("ada")).json["challenges"] as? [[String: Any]])
            #expect(statuses.map { $0["status"] as? String } == ["expired", "expired"])
        }
    }

    @Test func declinedAndWithdrawnChallengesCountTowardsTheDailyLimit() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            try await service.befriend(ada, bob, client)
            for round in 0..<5 {
                let id = try #require(try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lab"], token: ada).json["id"] as? Int)
                let answer = round.isMultiple(of: 2) ? ("withdraw", ada, "withdrawn") : ("decline", bob, "declined")
                #expect(try await client.call(.post, "/v1/challenges/\(id)/\(answer.0)", token: answer.1).json["status"] as? String == answer.2)
            }
            let sixth = try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lab"], token: ada)
            #expect(sixth.status == .tooManyRequests)
            #expect(sixth.code == "challenge_limit_reached")
            // Bob's own limit is his.
            #expect(try await client.call(.post, "/v1/challenges", json: ["username": "ada", "category": "lab"], token: bob).status == .created)
            service.clock.advance(by: 86_400)
            let adaTomorrow = try await client.signIn("ada")
            // A day on, Ada may send again (Bob's challenge to her ran out unanswered).
            #expect(try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "lab"], token: adaTomorrow).status == .created)
            #expect(try await client.call(.post, "/v1/challenges/999/accept", token: adaTomorrow).code == "challenge_not_found")
            #expect(try await client.call(.post, "/v1/challenges", json: ["username": "bob", "category": "gym"], token: adaTomorrow).code == "unknown_category")
        }
    }

    @Test func thePagesSendAnswerAndShowTheRace() async throws {
        let service = try await TestService()
        try await service.test { client in
            let adaToken = try await client.signedInPlayer("ada")
            let bobToken = try await client.signedInPlayer("bob")
            let (ada, bob) = (PageBrowser(session: adaToken), PageBrowser(session: bobToken))
            #expect(try await ada.get("/challenges", client).html.contains("Add a friend first: challenges are between friends."))
            try await service.befriend(adaToken, bobToken, client)
            let sent = try await ada.post("/challenges", ["username": "bob", "category": "social"], client)
            #expect(sent.status == .seeOther)
            #expect(sent.location == "/challenges?done=sent")
            let waiting = try await bob.get("/challenges", client).html
            #expect(waiting.contains("Ada challenges you to a race (Social spots), +50 XP to the winner."))
            let id = try #require(waiting.firstMatch(of: /action="\/challenges\/(\d+)\/accept"/)?.1)
            let again = try await ada.post("/challenges", ["username": "bob", "category": "lab"], client)
            #expect(again.status == .conflict)
            #expect(again.html.contains("You and this friend already have a challenge waiting or under way."))

            #expect(try await bob.post("/challenges/\(id)/accept", [:], client).location == "/challenges?done=accepted")
            let racing = try await ada.get("/challenges", client).html
            #expect(racing.contains("Race against Bob (Social spots): first to scan this riddle&#39;s place wins +50 XP."))
            let place = try await service.place(ofChallenge: Int(id)!, for: "ada")
            let riddle = try #require(service.services.content.riddles.first { $0.checkpointID == place })
            // The riddle is there to read (its first words: the page escapes quotes and the like).
            let opening = String(riddle.text.prefix { $0.isLetter || $0 == " " })
            #expect(racing.contains("<blockquote class=\"scroll\">\(opening)"))

            // The claim answers with its result's own address (Back and reload never claim again).
            let claim = try await ada.post("/C/\(try await service.qrText(for: place).split(separator: "/C/").last!)", ["key": "k"], client)
            #expect(claim.status == .seeOther && claim.location == "/scans/k")
            let outcome = try await ada.get("/scans/k", client)
            #expect(outcome.html.contains("You got here before Bob and won the challenge: +50 XP bonus."))
            #expect(try await ada.get("/scans/k", client).html.contains("won the challenge: +50 XP bonus."), "reloaded: the same result")
            #expect(try await bob.get("/scans/k", client).status == .notFound, "a result is its own player's")
            #expect(try await bob.get("/challenges", client).html.contains("Ada got there first (Social spots)."))
        }
    }
}
