import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// What a crew earns together (its place on the crews' board, its members' crew badges) and
/// how it grows: invitations to friends, and a code the leader renews.
@Suite struct CrewBoardRoutesTests {
    /// Ada's crew solves its lab riddle with Bob: both scan the place.
    static func solveTogether(_ service: TestService, _ client: some TestClientProtocol) async throws -> (ada: String, bob: String) {
        let (ada, bob, place, _) = try await CrewRoutesTests.crewWithRiddle(service, client)
        let code = try await service.qrText(for: place)
        #expect(try await client.scan(code: code, token: ada).json["outcome"] as? String == "crew_waiting")
        #expect(try await client.scan(code: code, token: bob).json["outcome"] as? String == "solved")
        return (ada, bob)
    }

    static func earnedBadges(_ token: String, _ client: some TestClientProtocol) async throws -> [String] {
        let progress = try await client.call(.get, "/v1/me/progress", token: token)
        let earned = (progress.json["badges"] as? [String: Any])?["earned"] as? [[String: Any]] ?? []
        return earned.compactMap { $0["id"] as? String }
    }

    @Test func crewsRankByTheRiddlesTheySolvedTogetherWhoeverComesAndGoes() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (ada, bob) = try await Self.solveTogether(service, client)
            let cat = try await client.signedInPlayer("cat")
            #expect(try await client.call(.post, "/v1/crews", json: ["name": "Latecomers"], token: cat).status == .created)
            for period in ["week", "all"] {
                let board = try await client.call(.get, "/v1/crews/leaderboard?period=\(period)", token: cat)
                #expect(board.status == .ok)
                let entries = try #require(board.json["entries"] as? [[String: Any]])
                #expect(entries.map { $0["name"] as? String } == ["Night Owls"], "a crew that solved nothing is not on the board")
                #expect(entries.first?["rank"] as? Int == 1)
                #expect(entries.first?["solved"] as? Int == 1)
                #expect(entries.first?["members"] as? Int == 2)
                let mine = try #require(board.json["mine"] as? [String: Any])
                #expect(mine["name"] as? String == "Latecomers")
                #expect(mine["rank"] == nil, "no rank while it has solved nothing")
                #expect(mine["solved"] as? Int == 0)
            }
            // Bob leaves: what the crew solved is still the crew's.
            #expect(try await client.call(.delete, "/v1/me/crew", token: bob).status == .noContent)
            let after = try await client.call(.get, "/v1/crews/leaderboard?period=all", token: ada)
            #expect((after.json["entries"] as? [[String: Any]])?.first?["solved"] as? Int == 1)
            #expect((after.json["mine"] as? [String: Any])?["rank"] as? Int == 1)
            // A week later the weekly board starts again; the all-time board keeps it.
            service.clock.advance(by: 7 * 24 * 3600)
            let ada2 = try await client.signIn("ada")
            #expect((try await client.call(.get, "/v1/crews/leaderboard?period=week", token: ada2).json["entries"] as? [Any])?.isEmpty == true)
            #expect((try await client.call(.get, "/v1/crews/leaderboard?period=all", token: ada2).json["entries"] as? [Any])?.count == 1)
            // A player in no crew has no line of their own.
            let dan = try await client.signedInPlayer("dan")
            #expect(try await client.call(.get, "/v1/crews/leaderboard", token: dan).json["mine"] is NSNull)
            #expect(try await client.call(.get, "/v1/crews/leaderboard?period=year", token: dan).status == .badRequest)
        }
    }

    @Test func solvingACrewRiddleEarnsEveryMemberWhoTookPartTheCrewBadge() async throws {
        let service = try await TestService()
        try await service.test { client in
            let badge = try #require(service.services.content.badges.first { $0.rule == .crew(count: 1) })
            let (ada, bob) = try await Self.solveTogether(service, client)
            #expect(try await Self.earnedBadges(ada, client).contains(badge.id))
            #expect(try await Self.earnedBadges(bob, client).contains(badge.id))
            // A player who solved alone has no crew badge.
            let cat = try await client.playerWithQuiz("cat", quiz: service.services.content.quiz.map(\.id))
            _ = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: cat)
            _ = try await client.scan(code: try await service.qrText(for: try await service.target(of: "cat", category: .lab)), token: cat)
            let alone = try await Self.earnedBadges(cat, client)
            #expect(alone.contains("first-steps"))
            #expect(!alone.contains(badge.id))
        }
    }

    @Test func aMemberInvitesAFriendWhoJoinsByAcceptingOrTurnsItDown() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let cat = try await client.signedInPlayer("cat")
            #expect(try await client.call(.post, "/v1/crews", json: ["name": "Night Owls"], token: ada).status == .created)
            // Only friends are invited.
            let stranger = try await client.call(.post, "/v1/me/crew/invitations", json: ["username": "bob"], token: ada)
            #expect(stranger.status == .forbidden)
            #expect(stranger.json["code"] as? String == "invitee_not_friend")
            try await service.befriend(ada, bob, client)
            try await service.befriend(ada, cat, client)
            let invited = try await client.call(.post, "/v1/me/crew/invitations", json: ["username": "bob"], token: ada)
            #expect(invited.status == .created)
            let id = try #require(invited.json["id"] as? Int)
            #expect(try await client.call(.post, "/v1/me/crew/invitations", json: ["username": "bob"], token: ada).json["id"] as? Int == id,
                    "inviting again gives the waiting invitation back")
            let waiting = try #require(try await client.call(.get, "/v1/me/crew-invitations", token: bob).json["invitations"] as? [[String: Any]])
            #expect(waiting.map { $0["crew"] as? String } == ["Night Owls"])
            #expect(waiting.first?["from"] as? String == "ada")
            #expect(waiting.first?["members"] as? Int == 1)
            // Cat cannot take Bob's invitation.
            #expect(try await client.call(.post, "/v1/me/crew-invitations/\(id)/accept", token: cat).json["code"] as? String == "crew_invitation_not_found")
            let joined = try await client.call(.post, "/v1/me/crew-invitations/\(id)/accept", token: bob)
            #expect(joined.status == .ok)
            #expect((joined.json["members"] as? [[String: Any]])?.map { $0["username"] as? String } == ["ada", "bob"])
            #expect((try await client.call(.get, "/v1/me/crew-invitations", token: bob).json["invitations"] as? [Any])?.isEmpty == true,
                    "joining clears the invitations")
            // Bob is a member now: inviting him again is refused; Cat turns hers down.
            #expect(try await client.call(.post, "/v1/me/crew/invitations", json: ["username": "bob"], token: ada).json["code"] as? String
                    == "already_crew_member")
            let catsID = try #require(try await client.call(.post, "/v1/me/crew/invitations", json: ["username": "cat"], token: ada).json["id"] as? Int)
            #expect(try await client.call(.delete, "/v1/me/crew-invitations/\(catsID)", token: cat).status == .noContent)
            #expect(try await client.call(.delete, "/v1/me/crew-invitations/\(catsID)", token: cat).status == .notFound)
            #expect(try await client.call(.post, "/v1/me/crew-invitations/\(catsID)/accept", token: cat).status == .notFound)
        }
    }

    @Test func anInvitationToACrewThatFilledUpIsRefusedWhenAccepted() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            try await service.befriend(ada, bob, client)
            let code = try #require(try await client.call(.post, "/v1/crews", json: ["name": "Full House"], token: ada).json["code"] as? String)
            let forBob = try #require(try await client.call(.post, "/v1/me/crew/invitations", json: ["username": "bob"], token: ada).json["id"] as? Int)
            let maxMembers = service.services.content.rules.crew.maxMembers
            for index in 1..<maxMembers {
                let member = try await client.signedInPlayer("member\(index)")
                #expect(try await client.call(.post, "/v1/crews/join", json: ["code": code], token: member).status == .ok)
            }
            let late = try await client.call(.post, "/v1/me/crew-invitations/\(forBob)/accept", token: bob)
            #expect(late.status == .conflict)
            #expect(late.json["code"] as? String == "crew_full")
            #expect(try await client.call(.get, "/v1/me/crew", token: bob).json["crew"] is NSNull)
        }
    }

    @Test func theLeaderRenewsTheCodeAndTheOldOneStopsWorking() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let cat = try await client.signedInPlayer("cat")
            let old = try #require(try await client.call(.post, "/v1/crews", json: ["name": "Night Owls"], token: ada).json["code"] as? String)
            #expect(try await client.call(.post, "/v1/crews/join", json: ["code": old], token: bob).status == .ok)
            let notLeader = try await client.call(.post, "/v1/me/crew/code", token: bob)
            #expect(notLeader.status == .forbidden)
            #expect(notLeader.json["code"] as? String == "not_crew_leader")
            let renewed = try await client.call(.post, "/v1/me/crew/code", token: ada)
            #expect(renewed.status == .ok)
            let new = try #require(renewed.json["code"] as? String)
            #expect(new != old)
            let stale = try await client.call(.post, "/v1/crews/join", json: ["code": old], token: cat)
            #expect(stale.status == .notFound)
            #expect(stale.json["code"] as? String == "crew_not_found")
            #expect(try await client.call(.post, "/v1/crews/join", json: ["code": new], token: cat).status == .ok)
        }
    }
}
