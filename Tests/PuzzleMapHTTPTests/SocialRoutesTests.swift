import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PuzzleMapCore
import PuzzleMapImaging
import PuzzleMapStorage
import Testing

extension TestClientProtocol {
    func png(_ path: String, token: String) async throws -> [UInt8] {
        try await execute(uri: path, method: .get, headers: [.authorization: "Bearer \(token)"]) { Array(Data(buffer: $0.body)) }
    }
}

@Suite struct FriendRoutesTests {
    @Test func scanningAFriendCodeMakesFriendsAtOnceAndAUsernameRequestWaits() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let cat = try await client.signedInPlayer("cat")
            // Bob shows his code on his phone; Ada photographs it.
            let bobsScreen = try await client.png("/v1/me/friend-code.png", token: bob)
            let scanned = try await client.scan(photo: bobsScreen, type: "image/png", token: ada)
            #expect(scanned.status == .unprocessableContent, "a friend code is not a checkpoint: \(scanned.code ?? "")")
            let made = try await client.execute(uri: "/v1/friends/requests", method: .post,
                                                headers: [.authorization: "Bearer \(ada)", .contentType: "image/png"],
                                                body: ByteBuffer(bytes: bobsScreen)) { Reply(status: $0.status, headers: $0.headers, body: Data(buffer: $0.body)) }
            #expect(made.status == .created)
            #expect(made.json["status"] as? String == "friends")
            #expect((try await client.call(.get, "/v1/friends", token: bob).json["friends"] as? [[String: Any]])?.first?["username"] as? String == "ada")

            let asked = try await client.call(.post, "/v1/friends/requests", json: ["username": "cat"], token: ada)
            #expect(asked.json["status"] as? String == "requested")
            let incoming = try #require((try await client.call(.get, "/v1/friends/requests", token: cat).json["incoming"] as? [[String: Any]])?.first)
            #expect((incoming["from"] as? [String: Any])?["username"] as? String == "ada")
            let id = try #require(incoming["id"] as? Int)
            #expect(try await client.call(.post, "/v1/friends/requests/\(id)/accept", token: ada).code == "friend_request_not_found")
            #expect(try await client.call(.post, "/v1/friends/requests/\(id)/accept", token: cat).status == .noContent)
            #expect((try await client.call(.get, "/v1/friends", token: ada).json["friends"] as? [Any])?.count == 2)

            let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: cat).json["code"] as? String)
            #expect(try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada).json["status"] as? String == "already_friends")
            #expect(try await client.call(.delete, "/v1/friends/cat", token: ada).status == .noContent)
            #expect((try await client.call(.get, "/v1/friends", token: cat).json["friends"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func declinedRequestsLeaveNoFriendship() async throws {
        try await TestService().test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let id = try #require(try await client.call(.post, "/v1/friends/requests", json: ["username": "bob"], token: ada).json["requestId"] as? Int)
            #expect(try await client.call(.post, "/v1/friends/requests/\(id)/decline", token: bob).status == .noContent)
            #expect((try await client.call(.get, "/v1/friends", token: ada).json["friends"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func friendsSeeSolvedCountsStrangersDoNot() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            _ = try await client.signedInPlayer("cat")
            let stranger = try await client.call(.get, "/v1/players/bob", token: ada)
            #expect(stranger.status == .ok)
            #expect(stranger.json["solved"] == nil)
            let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: bob).json["code"] as? String)
            _ = try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada)
            #expect(try await client.call(.get, "/v1/players/bob", token: ada).json["solved"] as? [String: Int] == ["lab": 0, "lecture": 0, "social": 0])
            #expect(try await client.call(.get, "/v1/players/nobody", token: ada).code == "player_not_found")
        }
    }

    @Test func aBlockHidesEachFromTheOtherAndLiftingItRestoresNoFriendship() async throws {
        try await TestService().test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: bob).json["code"] as? String)
            _ = try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada)
            #expect(try await client.call(.post, "/v1/blocks", json: ["username": "ada"], token: bob).status == .noContent)
            for token in [ada, bob] {
                #expect((try await client.call(.get, "/v1/friends", token: token).json["friends"] as? [Any])?.isEmpty == true)
            }
            #expect(try await client.call(.get, "/v1/players/bob", token: ada).status == .notFound)
            #expect(try await client.call(.post, "/v1/friends/requests", json: ["username": "bob"], token: ada).code == "player_not_found")
            #expect(try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada).code == "player_not_found")
            #expect(try await client.call(.delete, "/v1/blocks/ada", token: bob).status == .noContent)
            #expect(try await client.call(.get, "/v1/players/bob", token: ada).status == .ok)
            #expect((try await client.call(.get, "/v1/friends", token: ada).json["friends"] as? [Any])?.isEmpty == true)
        }
    }
}

@Suite struct LeaderboardRoutesTests {
    @Test func tiesShareARankFriendsScopeAndErasedPlayersDisappear() async throws {
        let service = try await TestService()
        try await service.test { client in
            var tokens: [String: String] = [:]
            for (name, xp) in [("ada", 300), ("bob", 200), ("cat", 200), ("dan", 100), ("eve", 50)] {
                tokens[name] = try await client.signedInPlayer(name)
                let player = try #require(try await service.repository.account(login: name)).player
                _ = try await service.repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: service.services.content.checkpoints[0].id,
                                                             riddleID: nil, xp: xp, at: service.clock.now)
            }
            let board = try await client.call(.get, "/v1/leaderboard?scope=global&period=all&limit=10", token: tokens["dan"]!)
            let entries = try #require(board.json["entries"] as? [[String: Any]])
            #expect(entries.map { $0["rank"] as? Int } == [1, 2, 2, 4, 5])
            #expect(entries.map { $0["username"] as? String } == ["ada", "bob", "cat", "dan", "eve"], "ties in sign-up order")
            #expect((board.json["me"] as? [String: Any])?["rank"] as? Int == 4)
            let week = try await client.call(.get, "/v1/leaderboard?period=week&limit=2", token: tokens["eve"]!)
            #expect((week.json["entries"] as? [Any])?.count == 2)
            #expect((week.json["me"] as? [String: Any])?["rank"] as? Int == 5)

            let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: tokens["eve"]!).json["code"] as? String)
            _ = try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: tokens["dan"]!)
            let friends = try await client.call(.get, "/v1/leaderboard?scope=friends", token: tokens["dan"]!)
            #expect((friends.json["entries"] as? [[String: Any]])?.map { $0["username"] as? String } == ["dan", "eve"])
            #expect((friends.json["me"] as? [String: Any])?["rank"] as? Int == 1)

            _ = try await client.call(.post, "/v1/blocks", json: ["username": "cat"], token: tokens["bob"]!)
            let blocked = try #require(try await client.call(.get, "/v1/leaderboard", token: tokens["bob"]!).json["entries"] as? [[String: Any]])
            #expect(blocked.map { $0["username"] as? String } == ["ada", "bob", "dan", "eve"])
            #expect(blocked.map { $0["rank"] as? Int } == [1, 2, 4, 5])

            _ = try await client.call(.delete, "/v1/me", json: ["password": "correct horse battery"], token: tokens["ada"]!)
            let after = try #require(try await client.call(.get, "/v1/leaderboard", token: tokens["dan"]!).json["entries"] as? [[String: Any]])
            #expect(after.first?["username"] as? String == "bob")
            #expect(try await client.call(.get, "/v1/leaderboard?scope=everyone", token: tokens["dan"]!).code == "invalid_leaderboard_query")
        }
    }
}

@Suite struct GiftRoutesTests {
    @Test func aVoucherGoesToAFriendOnlyOnceEvenWhenGivenTwiceAtTheSameMoment() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            let voucher = try #require((try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: ada)
                .json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let bob = try await client.signedInPlayer("bob")
            let cat = try await client.signedInPlayer("cat")
            #expect(try await client.call(.post, "/v1/me/vouchers/\(voucher)/gift", json: ["username": "bob"], token: ada).code == "not_friends")
            #expect(try await client.call(.post, "/v1/me/vouchers/\(voucher)/gift", json: ["username": "ada"], token: ada).code == "player_not_found")
            for friend in [bob, cat] {
                let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: friend).json["code"] as? String)
                _ = try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada)
            }
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for index in 0..<50 {
                    group.addTask {
                        try await client.call(.post, "/v1/me/vouchers/\(voucher)/gift", json: ["username": index % 2 == 0 ? "bob" : "cat"], token: ada).status
                    }
                }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            let held = try await [bob, cat].asyncMap { try await client.call(.get, "/v1/me/vouchers", token: $0).list as [[String: Any]]? ?? [] }
            #expect(held.map(\.count).reduce(0, +) == 1)
            #expect(held.flatMap { $0 }.first?["giftedBy"] as? String == "ada")
            #expect((try await client.call(.get, "/v1/me/vouchers", token: ada).list as [Any]?)?.isEmpty == true)
        }
    }
}

@Suite struct SocialJourneyTests {
    /// Two players befriend by scanning each other's code; one levels up and gets a voucher,
    /// gives it; the friend shows it; staff redeem it from a photo; a second redemption fails.
    @Test func befriendLevelUpGiftAndRedeem() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            for (scanner, shower) in [(ada, bob), (bob, ada)] {
                let screen = try await client.png("/v1/me/friend-code.png", token: shower)
                let reply = try await client.execute(uri: "/v1/friends/requests", method: .post,
                                                     headers: [.authorization: "Bearer \(scanner)", .contentType: "image/png"],
                                                     body: ByteBuffer(bytes: screen)) { Reply(status: $0.status, headers: $0.headers, body: Data(buffer: $0.body)) }
                #expect(["friends", "already_friends"].contains(reply.json["status"] as? String))
            }
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            let levelled = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: ada)
            #expect(levelled.json["levelUp"] as? Bool == true)
            let voucher = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let gift = try await client.call(.post, "/v1/me/vouchers/\(voucher)/gift", json: ["username": "bob"], token: ada)
            #expect(gift.status == .ok)
            #expect(gift.json["giftedBy"] as? String == "ada")
            try await service.verifyEmail(of: "bob", client)

            let bobsScreen = try await client.png("/v1/me/vouchers/\(voucher)/code.png", token: bob)
            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            func redeem() async throws -> Reply {
                try await client.execute(uri: "/v1/staff/redemptions", method: .post,
                                         headers: [.authorization: "Bearer \(staff)", .contentType: "image/png"],
                                         body: ByteBuffer(bytes: bobsScreen)) { Reply(status: $0.status, headers: $0.headers, body: Data(buffer: $0.body)) }
            }
            let first = try await redeem()
            #expect(first.status == .ok)
            #expect((first.json["voucher"] as? [String: Any])?["playerDisplayName"] as? String == "Bob")
            let second = try await redeem()
            #expect(second.code == "already_redeemed")
            #expect((try await client.call(.get, "/v1/me/vouchers", token: bob).list as [[String: Any]]?)?.first?["status"] as? String == "claimed")
        }
    }
}

@Suite struct GiftLimitTests {
    @Test func giftsAreLimitedPerDay() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let code = try #require(try await client.call(.get, "/v1/me/friend-code", token: bob).json["code"] as? String)
            _ = try await client.call(.post, "/v1/friends/requests", json: ["friendCode": code], token: ada)
            // One voucher more than the daily limit, issued through the store's grant path.
            let player = try #require(try await service.repository.account(login: "ada")).player
            let offers = service.services.content.offers.prefix(service.services.limits.giftsPerDay + 1)
            let now = service.clock.now
            _ = try await service.repository.performScan(
                playerID: player.id, checkpointID: service.services.content.checkpoints[0].id, idempotencyKey: nil, requestDigest: "request", photo: nil, location: nil,
                photoWindow: 0, at: now
            ) { _ in
                ScanEffect(grants: offers.map { VoucherGrant(offerID: $0.id, expiresAt: now + 86_400) }, outcome: "explored", flag: nil) { _ in Data() }
            }
            let vouchers = try #require(try await client.call(.get, "/v1/me/vouchers", token: ada).list as [[String: Any]]?)
            #expect(vouchers.count == service.services.limits.giftsPerDay + 1)
            var statuses: [HTTPResponse.Status] = []
            for voucher in vouchers {
                statuses.append(try await client.call(.post, "/v1/me/vouchers/\(voucher["id"] as! Int)/gift", json: ["username": "bob"], token: ada).status)
            }
            #expect(statuses == Array(repeating: .ok, count: service.services.limits.giftsPerDay) + [.tooManyRequests])
        }
    }
}
