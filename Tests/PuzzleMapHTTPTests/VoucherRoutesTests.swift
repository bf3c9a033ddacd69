import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapImaging
import PuzzleMapStorage
import Testing

extension TestService {
    /// Gives the player enough XP to stand just below level 3 (which unlocks the QMU coffee).
    func bringToTheEdgeOfLevelThree(_ username: String) async throws -> Int64 {
        let player = try #require(try await repository.account(login: username)).player
        let threshold = services.content.rules.levelThresholds[2]
        _ = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: services.content.checkpoints[0].id,
                                             riddleID: nil, xp: threshold - 1, at: clock.now)
        return player.id
    }

    /// Confirms the player's email with the mailed code, through the route.
    func verifyEmail(of username: String, _ client: some TestClientProtocol) async throws {
        let account = try #require(try await repository.account(login: username))
        let mail = try #require(try await lastMail(to: account.player.email))
        let code = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.count == 6 && $0.allSatisfy(\.isNumber) })
        let reply = try await client.call(.post, "/v1/accounts/verify", json: ["email": account.player.email, "code": code])
        #expect(reply.status == .ok)
    }

    /// A signed-in staff member of a partner.
    func staffToken(_ client: some TestClientProtocol, username: String, partner: String) async throws -> String {
        let token = try await client.signedInPlayer(username)
        _ = try await repository.setRole(email: "\(username)@student.gla.ac.uk", role: .staff, partnerID: partner)
        return token
    }
}

@Suite struct VoucherRoutesTests {
    /// Levels up to 3 by exploring; returns the scan's answer and the player's token.
    func levelUp(_ service: TestService, _ client: some TestClientProtocol, username: String = "ada") async throws -> (Reply, String) {
        let token = try await client.signedInPlayer(username)
        _ = try await service.bringToTheEdgeOfLevelThree(username)
        let reply = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
        return (reply, token)
    }

    @Test func levellingUpIssuesTheOfferHeldUntilTheEmailIsVerified() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (reply, token) = try await levelUp(service, client)
            #expect(reply.json["levelUp"] as? Bool == true)
            let issued = try #require(reply.json["newVouchers"] as? [[String: Any]])
            #expect(issued.count == 1)
            #expect((issued.first?["offer"] as? [String: Any])?["partner"] as? String == "QMU Café")
            #expect(issued.first?["status"] as? String == "pending_verification")
            #expect((try await client.call(.get, "/v1/me/progress", token: token).json["vouchers"] as? [String: Int])?["unclaimed"] == 0)

            try await service.verifyEmail(of: "ada", client)
            let mine = try #require(try await client.call(.get, "/v1/me/vouchers", token: token).list as [[String: Any]]?)
            #expect(mine.first?["status"] as? String == "unclaimed")
            let id = try #require(mine.first?["id"] as? Int)
            let one = try await client.call(.get, "/v1/me/vouchers/\(id)", token: token)
            let manual = try #require(one.json["manualCode"] as? String)
            #expect(try TagSigner(secrets: service.services.secrets).verify(manual) == TagPayload(purpose: .voucher, subject: UInt64(id), version: 1))
            #expect((one.json["code"] as? String)?.contains("/V/") == true)
            let png = try await client.execute(uri: "/v1/me/vouchers/\(id)/code.png", method: .get, headers: [.authorization: "Bearer \(token)"]) {
                ($0.headers[.contentType], Array(Data(buffer: $0.body)))
            }
            #expect(png.0 == "image/png")
            #expect(try QRScanner().scan(ImageDecoder().decode(png.1)) == [one.json["code"] as? String])
        }
    }

    @Test func anotherPlayersVoucherIsNotFound() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (reply, _) = try await levelUp(service, client)
            let id = try #require((reply.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let bob = try await client.signedInPlayer("bob")
            #expect(try await client.call(.get, "/v1/me/vouchers/\(id)", token: bob).code == "voucher_not_found")
        }
    }

    @Test func staffRedeemOnceAndTheirListShowsIt() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (reply, token) = try await levelUp(service, client)
            try await service.verifyEmail(of: "ada", client)
            let id = try #require((reply.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let code = try #require(try await client.call(.get, "/v1/me/vouchers/\(id)", token: token).json["code"] as? String)

            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: token).code == "staff_only")
            let other = try await service.staffToken(client, username: "gus", partner: "guu-food")
            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: other).code == "wrong_partner")

            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            let redeemed = try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: staff)
            #expect(redeemed.status == .ok)
            #expect((redeemed.json["voucher"] as? [String: Any])?["playerDisplayName"] as? String == "Ada")
            let again = try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: staff)
            #expect(again.status == .conflict)
            #expect(again.code == "already_redeemed")
            let mine = try #require(try await client.call(.get, "/v1/me/vouchers", token: token).list as [[String: Any]]?)
            #expect(mine.first?["status"] as? String == "claimed")
            let list = try await client.call(.get, "/v1/staff/redemptions", token: staff)
            #expect((list.json["redemptions"] as? [Any])?.count == 1)
            #expect(try await client.call(.get, "/v1/staff/redemptions?date=yesterday", token: staff).code == "invalid_date")
        }
    }

    @Test func unverifiedAndExpiredVouchersAreRefused() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (reply, token) = try await levelUp(service, client)
            let id = try #require((reply.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let code = try #require(try await client.call(.get, "/v1/me/vouchers/\(id)", token: token).json["code"] as? String)
            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: staff).code == "voucher_pending_verification")
            try await service.verifyEmail(of: "ada", client)
            service.clock.advance(by: 15 * 86_400)
            let fresh = try #require(try await client.call(.post, "/v1/sessions", json: ["login": "quinn", "password": "correct horse battery"]).json["accessToken"] as? String)
            let expired = try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: fresh)
            #expect(expired.status == .gone)
            #expect(expired.code == "voucher_expired")
        }
    }

    @Test func fiftySimultaneousRedemptionsOfOneVoucherSucceedOnce() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (reply, token) = try await levelUp(service, client)
            try await service.verifyEmail(of: "ada", client)
            let id = try #require((reply.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let code = try #require(try await client.call(.get, "/v1/me/vouchers/\(id)", token: token).json["code"] as? String)
            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for _ in 0..<50 { group.addTask { try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: staff).status } }
                return try await group.reduce(into: [HTTPResponse.Status]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == .ok }.count == 1)
            #expect(statuses.filter { $0 == .conflict }.count == 49)
        }
    }
}

@Suite struct VoucherStockTests {
    /// 200 players unlock an offer with 20 left, all at once: exactly 20 vouchers, never more.
    @Test func stockNeverGoesBelowZeroUnderConcurrency() async throws {
        let service = try await TestService()
        let repository = service.repository
        let offer = try #require(service.services.content.offers.first { $0.id == "qmu-free-coffee" })
        let place = service.services.content.checkpoints[1].id
        var players: [Int64] = []
        for index in 0..<200 {
            players.append(try await repository.createAccount(
                email: "p\(index)@gla.ac.uk", username: "p\(index)", displayName: "P", passwordHash: "$argon2id$test",
                verificationCodeHash: "x", verificationExpiresAt: service.clock.now,
                mail: MailDraft(recipient: "p\(index)@gla.ac.uk", subject: "s", body: "b"), at: service.clock.now
            ).player.id)
        }
        // Leave 20 in stock.
        _ = try await repository.setStockIssued(offerID: offer.id, issued: offer.stock - 20)
        let now = service.clock.now
        let issued = try await withThrowingTaskGroup(of: Int.self) { group in
            for player in players {
                group.addTask {
                    let answer = try await repository.performScan(
                        playerID: player, checkpointID: place, idempotencyKey: nil, requestDigest: "request", photo: nil, location: nil, photoWindow: 0, at: now
                    ) { _ in
                        ScanEffect(event: .explored(by: player, at: place, xp: 25, on: now), grants: [VoucherGrant(offerID: offer.id, expiresAt: now + 86_400)],
                                   outcome: "explored", flag: nil) { vouchers in Data("\(vouchers.count)".utf8) }
                    }
                    return Int(String(decoding: answer.answer, as: UTF8.self))!
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(issued == 20)
        let stock = try #require(try await repository.offerStock(offerID: offer.id))
        #expect(stock.issued == stock.stock)
    }
}

@Suite struct ManualVoucherCodeTests {
    @Test func staffCanTypeTheManualCodeWhenTheCameraFails() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            let reply = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
            try await service.verifyEmail(of: "ada", client)
            let id = try #require((reply.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let manual = try #require(try await client.call(.get, "/v1/me/vouchers/\(id)", token: token).json["manualCode"] as? String)
            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            let redeemed = try await client.call(.post, "/v1/staff/redemptions", json: ["code": manual.lowercased()], token: staff)
            #expect(redeemed.status == .ok)
            #expect((redeemed.json["voucher"] as? [String: Any])?["id"] as? Int == id)
        }
    }
}
