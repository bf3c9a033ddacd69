import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

extension TestService {
    /// The place a player's crew riddle of a category leads to (players never see it).
    func crewTarget(of username: String, category: Category) async throws -> String {
        let player = try #require(try await repository.account(login: username)).player
        let crew = try #require(try await repository.crew(ofPlayer: player.id))
        return try #require(try await repository.crewRiddles(crewID: crew.id).first { $0.category == category }).checkpointID
    }

    func ledger(of username: String) async throws -> [GameEvent] {
        let player = try #require(try await repository.account(login: username)).player
        return try await repository.events(playerID: player.id)
    }
}

/// Crews through the real router: made, joined by code, and their riddles solved only by two
/// different members within the window.
@Suite struct CrewRoutesTests {
    /// Ada's crew with Bob in it, and a lab riddle held by the crew.
    static func crewWithRiddle(_ service: TestService, _ client: some TestClientProtocol) async throws -> (ada: String, bob: String, place: String, xp: Int) {
        let ada = try await client.signedInPlayer("ada")
        let bob = try await client.signedInPlayer("bob")
        let made = try await client.call(.post, "/v1/crews", json: ["name": "Night Owls"], token: ada)
        #expect(made.status == .created)
        #expect(made.json["leader"] as? String == "ada")
        let code = try #require(made.json["code"] as? String)
        let joined = try await client.call(.post, "/v1/crews/join", json: ["code": code], token: bob)
        #expect(joined.status == .ok)
        #expect((joined.json["members"] as? [[String: Any]])?.map { $0["username"] as? String } == ["ada", "bob"])
        let asked = try await client.call(.post, "/v1/me/crew/riddles", json: ["category": "lab"], token: ada)
        #expect(asked.status == .created)
        let riddle = try #require(asked.json["riddle"] as? [String: Any])
        #expect(try await client.call(.post, "/v1/me/crew/riddles", json: ["category": "lab"], token: bob).status == .ok, "the crew holds one a category")
        return (ada, bob, try await service.crewTarget(of: "bob", category: .lab), try #require(riddle["xpIfSolved"] as? Int))
    }

    @Test func aCoopRiddleNeedsTwoDifferentMembersWithinTheWindow() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (ada, _, place, xp) = try await Self.crewWithRiddle(service, client)
            let code = try await service.qrText(for: place)
            let bonus = service.services.content.rules.crew.bonusXP
            // Ada alone, twice: it counts, but one member is one member.
            for _ in 0..<2 {
                let scan = try await client.scan(code: code, token: ada)
                #expect(scan.json["outcome"] as? String == "crew_waiting")
                #expect(scan.json["xpAwarded"] as? Int == 0)
                service.clock.advance(by: 60)
            }
            // A member of another crew at the place does not count for Ada's crew.
            let cat = try await client.signedInPlayer("cat")
            _ = try await client.call(.post, "/v1/crews", json: ["name": "Others"], token: cat)
            #expect(try await client.scan(code: code, token: cat).json["outcome"] as? String == "explored")
            // Bob, 10 minutes and a second after Ada's last scan: too late to pair with it.
            service.clock.advance(by: 601 - 60)
            let late = try await client.scan(code: code, token: try await client.signIn("bob"))
            #expect(late.json["outcome"] as? String == "crew_waiting")
            #expect(try await service.ledger(of: "bob").isEmpty)
            // Ada again, within the window of Bob's scan: solved, for both.
            service.clock.advance(by: 9 * 60)
            let solved = try await client.scan(code: code, token: try await client.signIn("ada"))
            #expect(solved.json["outcome"] as? String == "solved")
            #expect(solved.json["xpAwarded"] as? Int == xp)
            #expect((solved.json["crew"] as? [String: Any])?["with"] as? [String] == ["Bob"])
            for name in ["ada", "bob"] {
                let ledger = try await service.ledger(of: name)
                #expect(ledger.map(\.kind) == [.solved, .crewBonus], "\(name)")
                #expect(ledger.map(\.xp).reduce(0, +) == xp, "\(name)")
                #expect(ledger.last?.xp == bonus)
            }
            // The riddle is the crew's no more; the place is solved for both.
            let crew = try await client.call(.get, "/v1/me/crew", token: try await client.signIn("bob")).json["crew"] as? [String: Any]
            #expect((crew?["riddles"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aCrewHintCostsEveryMemberOnce() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (ada, bob, place, xp) = try await Self.crewWithRiddle(service, client)
            let riddles = try #require((try await client.call(.get, "/v1/me/crew", token: bob).json["crew"] as? [String: Any])?["riddles"] as? [[String: Any]])
            let id = try #require(riddles.first?["id"] as? Int)
            let hinted = try await client.call(.post, "/v1/me/crew/riddles/\(id)/hints", token: ada)
            let cost = service.services.content.rules.hintCost[0]
            #expect((hinted.json["riddle"] as? [String: Any])?["xpIfSolved"] as? Int == xp - cost)
            // Bob sees the hint Ada took, and what it cost him too.
            let seen = try #require((try await client.call(.get, "/v1/me/crew", token: bob).json["crew"] as? [String: Any])?["riddles"] as? [[String: Any]])
            #expect((seen.first?["hints"] as? [String])?.count == 1)
            #expect(seen.first?["xpIfSolved"] as? Int == xp - cost)
            let code = try await service.qrText(for: place)
            _ = try await client.scan(code: code, token: ada)
            #expect(try await client.scan(code: code, token: bob).json["xpAwarded"] as? Int == xp - cost)
            for name in ["ada", "bob"] {
                #expect(try await service.ledger(of: name).map(\.xp).reduce(0, +) == xp - cost, "each member pays the hint once: \(name)")
            }
        }
    }

    @Test func twoMembersScanningAtOnceAreEachAwardedExactlyOnce() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (ada, bob, place, xp) = try await Self.crewWithRiddle(service, client)
            let code = try await service.qrText(for: place)
            async let first = client.scan(code: code, token: ada)
            async let second = client.scan(code: code, token: bob)
            let outcomes = [try await first, try await second].map { $0.json["outcome"] as? String ?? "" }
            #expect(outcomes.sorted() == ["crew_waiting", "solved"])
            for name in ["ada", "bob"] {
                #expect(try await service.ledger(of: name).map(\.xp).reduce(0, +) == xp, "\(name)")
            }
        }
    }

    @Test func joiningLeavingAndRemovingKeepOneCrewAPlayer() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let cat = try await client.signedInPlayer("cat")
            #expect(try await client.call(.post, "/v1/me/crew/riddles", json: ["category": "lab"], token: ada).code == "not_in_crew")
            let code = try #require(try await client.call(.post, "/v1/crews", json: ["name": "Night Owls"], token: ada).json["code"] as? String)
            #expect(try await client.call(.post, "/v1/crews", json: ["name": "Again"], token: ada).code == "already_in_crew")
            #expect(try await client.call(.post, "/v1/crews", json: ["name": String(repeating: "x", count: 41)], token: bob).code == "invalid_crew_name")
            #expect(try await client.call(.post, "/v1/me/crew/riddles", json: ["category": "lab"], token: ada).code == "crew_too_small")
            let forged = try await client.call(.post, "/v1/crews/join", json: ["code": code.dropLast() + (code.last == "A" ? "B" : "A")], token: bob)
            #expect(forged.status == .unprocessableContent)
            #expect(forged.code == "invalid_code")
            _ = try await client.call(.post, "/v1/crews/join", json: ["code": code], token: bob)
            _ = try await client.call(.post, "/v1/crews/join", json: ["code": code], token: cat)
            #expect(try await client.call(.post, "/v1/crews/join", json: ["code": code], token: cat).code == "already_in_crew")
            #expect(try await client.call(.delete, "/v1/me/crew/members/cat", token: bob).code == "not_crew_leader")
            #expect(try await client.call(.delete, "/v1/me/crew/members/cat", token: ada).status == .noContent)
            // The leader leaves: the longest-standing member leads.
            #expect(try await client.call(.delete, "/v1/me/crew", token: ada).status == .noContent)
            let crew = try #require(try await client.call(.get, "/v1/me/crew", token: bob).json["crew"] as? [String: Any])
            #expect(crew["leader"] as? String == "bob")
            #expect(try await client.call(.get, "/v1/me/crew", token: ada).json["crew"] is NSNull, "no crew is a null crew")
            // Full at six: Bob and five more.
            let renewed = try #require(crew["code"] as? String)
            for name in ["dan", "eve", "fay", "gus", "hal"] {
                let token = try await client.signedInPlayer(name)
                let joined = try await client.call(.post, "/v1/crews/join", json: ["code": renewed], token: token)
                #expect(joined.status == .ok, "\(name): \(joined.code ?? "")")
            }
            #expect(try await client.call(.post, "/v1/crews/join", json: ["code": renewed], token: ada).code == "crew_full")
        }
    }
}
