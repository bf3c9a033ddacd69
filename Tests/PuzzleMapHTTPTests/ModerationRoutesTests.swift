import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

extension TestService {
    /// A verified player who just reached level 3 by exploring, unlocking the QMU coffee: their
    /// token and the voucher's id.
    func playerAtLevelThree(_ client: some TestClientProtocol, username: String = "ada") async throws -> (token: String, voucherID: Int) {
        let token = try await client.signedInPlayer(username)
        try await verifyEmail(of: username, client)
        _ = try await bringToTheEdgeOfLevelThree(username)
        let levelled = try await client.scan(code: try await qrText(for: services.content.checkpoints[4].id), token: token)
        let voucherID = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
        return (token, voucherID)
    }
}

@Suite struct ModerationRoutesTests {
    @Test func voidingAScanTakesBackItsXPLevelAndVoucherAndThePlayerReadsWhy() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let (ada, voucherID) = try await service.playerAtLevelThree(client)
            #expect(try await client.call(.get, "/v1/me/progress", token: ada).json["xp"] as? Int == 374)
            let record = try await client.call(.get, "/v1/admin/players/ada", token: olive)
            let scan = try #require((record.json["scans"] as? [[String: Any]])?.first)
            let scanID = try #require(scan["id"] as? Int)
            #expect(scan["place"] as? String == service.services.content.checkpoints[4].name)

            let voided = try await client.call(.post, "/v1/admin/scans/\(scanID)/void", json: ["reason": "Photo shared in the group chat"], token: olive)
            #expect(voided.status == .ok)
            #expect(voided.json["xp"] as? Int == -25)
            #expect(voided.json["levelBefore"] as? Int == 3 && voided.json["levelAfter"] as? Int == 2)
            #expect((voided.json["vouchersWithdrawn"] as? [[String: Any]])?.compactMap { $0["id"] as? Int } == [voucherID])
            #expect((voided.json["vouchersAlreadyRedeemed"] as? [Any])?.isEmpty == true)

            let progress = try await client.call(.get, "/v1/me/progress", token: ada)
            #expect(progress.json["xp"] as? Int == 349)
            let notice = try #require((progress.json["moderation"] as? [[String: Any]])?.first)
            #expect(notice["kind"] as? String == "voided" && notice["xp"] as? Int == -25 && notice["reason"] as? String == "Photo shared in the group chat")
            #expect(notice["place"] as? String == service.services.content.checkpoints[4].name)
            #expect((try await client.call(.get, "/v1/me/vouchers", token: ada).json as Any as? [Any])?.isEmpty ?? true)
            let page = try await PageBrowser(session: ada).get("/progress", client)
            #expect(page.html.contains("A scan at \(service.services.content.checkpoints[4].name) was voided: Photo shared in the group chat"))

            let again = try await client.call(.post, "/v1/admin/scans/\(scanID)/void", json: ["reason": "Twice"], token: olive)
            #expect(again.status == .conflict && again.code == "scan_already_voided")
            let log = try await client.call(.get, "/v1/admin/audit-log", token: olive)
            let line = try #require((log.json["entries"] as? [[String: Any]])?.first)
            #expect(line["action"] as? String == "scan_voided" && line["actor"] as? String == "olive")
        }
    }

    @Test func aVoidedSolveNoLongerCountsAsSolvedSoItsRiddleIsOfferedAgain() async throws {
        let service = try await TestService()
        let hunt = service.services.hunt
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let ada = try await client.playerWithQuiz("ada", quiz: hunt.content.quiz.map(\.id))
            let account = try #require(try await hunt.signedIn(accessToken: ada)).account
            // Every lab but one is closed: the one open is the riddle offered, solved, then voided.
            let labs = hunt.content.checkpoints.filter { $0.category == .lab }.map(\.id)
            let open = try #require(labs.first { id in hunt.content.riddles.contains { $0.checkpointID == id } })
            for lab in labs where lab != open {
                _ = try await client.call(.put, "/v1/admin/checkpoints/\(lab)/closure", json: ["note": "Closed"], token: olive)
            }
            #expect(try await hunt.askForRiddle(playerID: account.player.id, category: .lab).held.riddle.checkpointID == open)
            #expect(try await client.scan(code: try await service.qrText(for: open), token: ada).json["outcome"] as? String == "solved")
            // Solved, and the other labs closed: none to offer until the solve is voided.
            #expect(try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: ada).code == "nothing_open")

            let scans = (try await client.call(.get, "/v1/admin/players/ada", token: olive).json["scans"] as? [[String: Any]]) ?? []
            let scanID = try #require(scans.first?["id"] as? Int)
            #expect(try await client.call(.post, "/v1/admin/scans/\(scanID)/void", json: ["reason": "Answer shared"], token: olive).status == .ok)
            let again = try await hunt.askForRiddle(playerID: account.player.id, category: .lab)
            #expect(again.isNew && again.held.riddle.checkpointID == open, "the voided solve's place is unsolved again")
        }
    }

    @Test func aSuspendedPlayerCannotScoreOrRedeemUntilReinstated() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let (ada, voucherID) = try await service.playerAtLevelThree(client)
            let code = try #require(try await client.call(.get, "/v1/me/vouchers/\(voucherID)", token: ada).json["code"] as? String)
            let quinn = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            let place = try await service.qrText(for: service.services.content.checkpoints[2].id)

            let suspended = try await client.call(.post, "/v1/admin/players/ada/suspension", json: ["reason": "Sharing codes"], token: olive)
            #expect(suspended.status == .ok && (suspended.json["suspension"] as? [String: Any])?["reason"] as? String == "Sharing codes")
            let scan = try await client.scan(code: place, token: ada)
            #expect(scan.status == .forbidden && scan.code == "account_suspended")
            #expect((scan.json["detail"] as? String)?.contains("Sharing codes") == true)
            let redemption = try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: quinn)
            #expect(redemption.status == .forbidden && redemption.code == "voucher_holder_suspended")
            #expect(try await PageBrowser(session: ada).get("/progress", client).html.contains("The organisers have suspended your account (Sharing codes)."))
            let twice = try await client.call(.post, "/v1/admin/players/ada/suspension", json: ["reason": "Again"], token: olive)
            #expect(twice.status == .conflict && twice.code == "already_suspended")

            #expect(try await client.call(.delete, "/v1/admin/players/ada/suspension", token: olive).status == .ok)
            #expect(try await client.scan(code: place, token: ada).status == .ok)
            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: quinn).status == .ok)
            let lifted = try await client.call(.delete, "/v1/admin/players/ada/suspension", token: olive)
            #expect(lifted.status == .conflict && lifted.code == "not_suspended")
        }
    }

    @Test func aTypedCodeFarFromItsCheckpointIsListedWithWhoWhenWhereAndWhy() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let ada = try await client.signedInPlayer("ada")
            let checkpoint = service.services.content.checkpoints[2]
            let far = ["code": try await service.qrText(for: checkpoint.id), "lat": checkpoint.coordinate.latitude + 0.01,
                       "lon": checkpoint.coordinate.longitude, "accuracy": 10.0] as [String: any Sendable]
            #expect(try await client.call(.post, "/v1/scans", json: far, token: ada).status == .ok)
            let near = ["code": try await service.qrText(for: service.services.content.checkpoints[3].id),
                        "lat": service.services.content.checkpoints[3].coordinate.latitude,
                        "lon": service.services.content.checkpoints[3].coordinate.longitude] as [String: any Sendable]
            service.clock.advance(by: 600)
            let nearReply = try await client.call(.post, "/v1/scans", json: near, token: ada)
            #expect(nearReply.status == .ok, "\(nearReply.summary)")
            let list = try await client.call(.get, "/v1/admin/flagged-scans", token: olive)
            let flagged = try #require(list.json["scans"] as? [[String: Any]], "\(list.summary)")
            #expect(flagged.count == 1)
            #expect(flagged[0]["username"] as? String == "ada" && flagged[0]["checkpointId"] as? String == checkpoint.id)
            #expect(flagged[0]["flag"] as? String == "typed_far_away")
            #expect((1100...1130).contains(flagged[0]["distanceMetres"] as? Int ?? 0))
            #expect(try await client.call(.get, "/v1/admin/flagged-scans", token: ada).code == "organisers_only")
        }
    }

    @Test func anXPAdjustmentIsBoundedNeedsAReasonAndShowsOnTheProgressPage() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let ada = try await client.signedInPlayer("ada")
            let added = try await client.call(.post, "/v1/admin/players/ada/xp-adjustments", json: ["xp": 60, "reason": "Reported a torn sticker"],
                                              token: olive)
            #expect(added.status == .created && added.json["totalXP"] as? Int == 60)
            let tooMuch = try await client.call(.post, "/v1/admin/players/ada/xp-adjustments", json: ["xp": 5000, "reason": "x"], token: olive)
            #expect(tooMuch.status == .unprocessableContent && tooMuch.code == "xp_adjustment_out_of_range")
            let noReason = try await client.call(.post, "/v1/admin/players/ada/xp-adjustments", json: ["xp": 5, "reason": " "], token: olive)
            #expect(noReason.status == .unprocessableContent && noReason.code == "reason_required")
            let nobody = try await client.call(.post, "/v1/admin/players/nobody/xp-adjustments", json: ["xp": 5, "reason": "x"], token: olive)
            #expect(nobody.status == .notFound && nobody.code == "player_not_found")
            let page = try await PageBrowser(session: ada).get("/progress", client)
            #expect(page.html.contains("The organisers gave you 60 XP: Reported a torn sticker"))
        }
    }

    @Test func theModerationPagesVoidAScanWithItsReasonAndSayWhatWasTakenBack() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = PageBrowser(session: try await service.organiserToken(client))
            let (_, _) = try await service.playerAtLevelThree(client)
            let page = try await olive.get("/console/players/ada", client)
            #expect(page.status == .ok && page.html.contains("Recent scans"))
            let adaAccount = try #require(try await service.repository.account(login: "ada"))
            let scanID = try #require(try await service.repository.scans(playerID: adaAccount.player.id, limit: 1).first?.id)
            let token = try #require(page.html.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression).map {
                String(page.html[$0].dropFirst(#"name="_csrf" value=""#.count).dropLast())
            })
            let body = "_csrf=\(token)&from=ada&reason=\(PageBrowser.escape("Shared photo"))"
            let posted = try await client.execute(uri: "/console/scans/\(scanID)/void", method: .post,
                                                  headers: [.cookie: olive.cookie, .contentType: "application/x-www-form-urlencoded"],
                                                  body: ByteBuffer(string: body)) { ($0.status, $0.headers[.location] ?? "") }
            #expect(posted.0 == .seeOther && posted.1.hasPrefix("/console/players/ada?done=voided"))
            let after = try await olive.get(posted.1, client)
            #expect(after.html.contains("Scan \(scanID) voided: 25 XP taken back.") && after.html.contains("Unredeemed vouchers withdrawn: 1."))
            #expect(after.html.contains("Shared photo"))
        }
    }
}
