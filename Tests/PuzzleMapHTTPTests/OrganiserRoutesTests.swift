import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PuzzleMapCore
import PuzzleMapImaging
import Testing

extension TestClientProtocol {
    /// A page as a browser holding `cookie` sees it: status, headers and body.
    func page(_ path: String, method: HTTPRequest.Method = .get, session: String, form: String? = nil) async throws -> Reply {
        var headers: HTTPFields = [.cookie: "pm_csrf=organiser-browser; pm_session=\(session)"]
        if form != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        return try await execute(uri: path, method: method, headers: headers, body: form.map { ByteBuffer(string: $0) }) { response in
            Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body))
        }
    }

    /// The anti-forgery token forms carry in the browser `page` uses.
    func formToken(session: String) async throws -> String {
        let html = String(decoding: try await page("/console/reports", session: session).body, as: UTF8.self)
        let field = try #require(html.firstMatch(of: /name="_csrf" value="([^"]+)"/)?.1 ?? html.firstMatch(of: /value="([^"]+)" name="_csrf"/)?.1)
        return String(field)
    }
}

extension Reply {
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The organisers' dashboard, reports and exports, through the API and the pages.
@Suite struct OrganiserRoutesTests {
    @Test func theDashboardCountsAScanTheMomentItIsMade() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let before = try await client.call(.get, "/v1/admin/dashboard", token: organiser)
            #expect(before.status == .ok)
            #expect(before.json["players"] as? [String: Int] == ["activeNow": 0, "activeToday": 0, "everActive": 0, "signedUp": 0])
            #expect(before.json["day"] as? String == "2026-11-18" && before.json["timeZone"] as? String == "Europe/London")

            let ada = try await client.signedInPlayer("ada")
            let place = service.services.content.checkpoints[1]
            #expect(try await client.scan(code: try await service.qrText(for: place.id), token: ada).json["outcome"] as? String == "explored")

            let after = try await client.call(.get, "/v1/admin/dashboard", token: organiser)
            #expect(after.json["players"] as? [String: Int] == ["activeNow": 1, "activeToday": 1, "everActive": 1, "signedUp": 1])
            let hours = try #require(after.json["hours"] as? [[String: Any]])
            #expect(hours.count == 24)
            #expect(hours[12]["label"] as? String == "12:00" && hours[12]["start"] as? String == "2026-11-18T12:00:00Z")
            #expect(["signUps", "scans", "solves", "hints"].map { hours[12][$0] as? Int } == [1, 1, 0, 0])
            #expect(hours.enumerated().filter { $0.offset != 12 }.allSatisfy { ($0.element["scans"] as? Int) == 0 })
            let health = try #require((after.json["checkpoints"] as? [[String: Any]])?.first { $0["id"] as? String == place.id })
            #expect(health["scans"] as? Int == 1 && health["solves"] as? Int == 0 && (health["wrongPlaceRate"] as? NSNumber)?.doubleValue == 0)
            #expect(health["lastScanAt"] as? String == "2026-11-18T12:00:00Z")
            #expect((after.json["lookAt"] as? [Any])?.isEmpty == true)
            #expect(after.json["thresholds"] as? [String: Int]
                    == ["quietCodeDays": 3, "failedPhotoBurst": 5, "failedPhotoBurstMinutes": 60, "reportsBeforeAlert": 3])
        }
    }

    @Test func aBurstOfFailedPhotosAndManyReportsAskForALook() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let token = try await client.signedInPlayer("ada")
            let sticker = service.services.content.checkpoints[7]
            let blank = try PNGEncoder.encode(GrayImage(width: 64, height: 64, pixels: [UInt8](repeating: 255, count: 64 * 64)))
            for attempt in 0..<5 {
                let boundary = "burst\(attempt)"
                let buffer = MultipartScanTests().multipart([("photo", blank), ("lat", Array("\(sticker.coordinate.latitude)".utf8)),
                                                          ("lon", Array("\(sticker.coordinate.longitude)".utf8))], boundary: boundary)
                let failed = try await client.execute(uri: "/v1/scans", method: .post, headers: [
                    .authorization: "Bearer \(token)", .contentType: "multipart/form-data; boundary=\(boundary)",
                ], body: buffer) { response in Reply(status: response.status, headers: response.headers, body: Data(buffer: response.body)) }
                #expect(failed.code == "no_code_found")
                if attempt == 3 {
                    // Four are not yet a burst.
                    #expect((try await client.call(.get, "/v1/admin/dashboard", token: organiser).json["lookAt"] as? [Any])?.isEmpty == true)
                }
            }
            let reported = service.services.content.checkpoints[2]
            for username in ["bea", "cal", "dot"] {
                let reporter = try await client.signedInPlayer(username)
                #expect(try await client.call(.post, "/v1/reports", json: ["kind": "sticker_missing", "checkpointId": reported.id], token: reporter).status
                        == .created)
            }
            let dashboard = try await client.call(.get, "/v1/admin/dashboard", token: organiser)
            let lookAt = try #require(dashboard.json["lookAt"] as? [[String: Any]])
            #expect(lookAt.map { "\($0["kind"]!) \($0["checkpointId"]!) \($0["count"]!)" } == [
                "failed_photos \(sticker.id) 5", "many_reports \(reported.id) 3",
            ])
            #expect(lookAt.first?["checkpointName"] as? String == sticker.name)
            #expect(dashboard.json["pendingReports"] as? Int == 3)

            // The page says the same, in words.
            let page = try await client.page("/console/dashboard", session: organiser)
            #expect(page.status == .ok)
            #expect(page.text.contains("<strong>\(sticker.name)</strong>: 5 photos gave no code near it in the last 1 hour"))
            #expect(page.text.contains("<strong>\(reported.name)</strong>: 3 reports about it are open or in hand."))
        }
    }

    @Test func organisersListPlayersReportsAndSetTheirStatus() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let ada = try await client.signedInPlayer("ada")
            let bob = try await client.signedInPlayer("bob")
            let place = service.services.content.checkpoints[0]
            let sticker = try await client.call(.post, "/v1/reports", json: ["kind": "sticker_damaged", "checkpointId": place.id, "text": "Torn"], token: ada)
            _ = try await client.call(.post, "/v1/reports", json: ["kind": "bug", "text": "The map is blank", "context": "internal_error on /map"], token: bob)
            let stickerID = try #require(sticker.json["id"] as? Int)

            let list = try await client.call(.get, "/v1/admin/reports", token: organiser)
            #expect(list.status == .ok)
            let reports = try #require(list.json["reports"] as? [[String: Any]])
            #expect(reports.map { $0["reporter"] as? String } == ["bob", "ada"])
            #expect(reports[0]["context"] as? String == "internal_error on /map" && reports[0]["checkpointId"] == nil)
            #expect(reports[1]["checkpointName"] as? String == place.name && reports[1]["status"] as? String == "open")
            #expect(reports[1]["createdAt"] as? String == "2026-11-18T12:00:00Z" && reports[1]["statusSetBy"] == nil)

            let set = try await client.call(.patch, "/v1/admin/reports/\(stickerID)", json: ["status": "in_hand"], token: organiser)
            #expect(set.status == .ok)
            #expect(set.json["status"] as? String == "in_hand" && set.json["statusSetBy"] as? String == "olive")
            #expect(set.json["statusSetAt"] as? String == "2026-11-18T12:00:00Z" && set.json["text"] as? String == "Torn")
            let inHand = try await client.call(.get, "/v1/admin/reports?status=in_hand", token: organiser)
            #expect((inHand.json["reports"] as? [[String: Any]])?.map { $0["id"] as? Int } == [stickerID])
            #expect((try await client.call(.get, "/v1/admin/dashboard", token: organiser)).json["pendingReports"] as? Int == 2)

            let unknownFilter = try await client.call(.get, "/v1/admin/reports?status=closed", token: organiser)
            #expect(unknownFilter.status == .badRequest && unknownFilter.code == "invalid_report_status")
            let unknownStatus = try await client.call(.patch, "/v1/admin/reports/\(stickerID)", json: ["status": "closed"], token: organiser)
            #expect(unknownStatus.status == .unprocessableContent && unknownStatus.code == "invalid_report_status")
            #expect(try await client.call(.patch, "/v1/admin/reports/999999", json: ["status": "fixed"], token: organiser).code == "report_not_found")
            #expect(try await client.call(.patch, "/v1/admin/reports/abc", json: ["status": "fixed"], token: organiser).code == "report_not_found")

            // On the page: the organiser marks it fixed with the form.
            let csrf = try await client.formToken(session: organiser)
            let posted = try await client.page("/console/reports/\(stickerID)", method: .post, session: organiser, form: "_csrf=\(csrf)&status=fixed&filter=")
            #expect(posted.status == .seeOther)
            #expect(posted.headers[.location] == "/console/reports?updated=\(stickerID)#report-\(stickerID)")
            let page = try await client.page("/console/reports?updated=\(stickerID)", session: organiser)
            #expect(page.text.contains("Report \(stickerID) is updated."))
            #expect(page.text.contains("From @ada, Wed 18 Nov 12:00"))
            #expect(page.text.contains("<p class=\"status report-fixed\">Fixed <span class=\"small\">(set by @olive, Wed 18 Nov 12:00)</span></p>"))
            #expect(try await service.services.hunt.reports().first { $0.id == Int64(stickerID) }?.status == .fixed)
            #expect((try await client.call(.get, "/v1/admin/dashboard", token: organiser)).json["pendingReports"] as? Int == 1)
            // Each change is in the audit log, naming the organiser; the refused ones are not.
            let audit = try #require(try await client.call(.get, "/v1/admin/audit-log", token: organiser).json["entries"] as? [[String: Any]])
            #expect(audit.map { "\($0["actor"]!) \($0["action"]!) \($0["subject"]!) \($0["detail"]!)" } == [
                "olive report_status_set report:\(stickerID) fixed", "olive report_status_set report:\(stickerID) in_hand",
            ])
        }
    }

    /// Ada solves a riddle (First Steps); Eve, whose name a spreadsheet would take for a
    /// formula, explores; Bea reaches level 3 and has the QMU coffee redeemed by Quinn.
    func playTheDay(_ service: TestService, _ client: some TestClientProtocol) async throws -> (target: Checkpoint, adaXP: Int, voucherID: Int) {
        let content = service.services.content
        let ada = try await client.playerWithQuiz("ada", quiz: content.quiz.map(\.id))
        _ = try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: ada)
        let target = try #require(content.checkpoint(id: try await service.target(of: "ada", category: .lab)))
        let solved = try await client.scan(code: try await service.qrText(for: target.id), token: ada)
        #expect(solved.json["outcome"] as? String == "solved")
        let adaXP = try #require(solved.json["xpAwarded"] as? Int)

        #expect(try await client.call(.post, "/v1/accounts", json: [
            "email": "eve@student.gla.ac.uk", "username": "eve", "password": "correct horse battery", "displayName": "=1+2, \"quoted\"",
        ]).status == .created)
        let eve = try #require(try await client.call(.post, "/v1/sessions", json: ["login": "eve", "password": "correct horse battery"])
            .json["accessToken"] as? String)
        #expect(try await client.scan(code: try await service.qrText(for: content.checkpoints[2].id), token: eve).json["outcome"] as? String == "explored")

        let bea = try await client.signedInPlayer("bea")
        _ = try await service.bringToTheEdgeOfLevelThree("bea")
        let levelled = try await client.scan(code: try await service.qrText(for: content.checkpoints[4].id), token: bea)
        let voucherID = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
        try await service.verifyEmail(of: "bea", client)
        let code = try #require(try await client.call(.get, "/v1/me/vouchers/\(voucherID)", token: bea).json["code"] as? String)
        let quinn = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
        #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": code], token: quinn).status == .ok)
        return (target, adaXP, voucherID)
    }

    @Test func theExportsAreCSVAttachmentsWithExactRows() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let (target, adaXP, voucherID) = try await playTheDay(service, client)
            let content = service.services.content
            let adaLevel = content.rules.level(forXP: adaXP)

            let progress = try await client.call(.get, "/v1/admin/exports/progress.csv?from=2026-11-18&to=2026-11-18", token: organiser)
            #expect(progress.status == .ok)
            #expect(progress.headers[.contentType] == "text/csv; charset=utf-8; header=present")
            #expect(progress.headers[.contentDisposition] == "attachment; filename=\"puzzlemap-progress-2026-11-18-to-2026-11-18.csv\"")
            #expect(progress.text == "username,display_name,signed_up,xp,level,solves,badges,xp_in_range,solves_in_range\r\n"
                + "bea,Bea,2026-11-18,374,3,0,,374,0\r\n"
                + "ada,Ada,2026-11-18,\(adaXP),\(adaLevel),1,First Steps,\(adaXP),1\r\n"
                + "eve,\"'=1+2, \"\"quoted\"\"\",2026-11-18,25,1,0,,25,0\r\n")
            // Later days: where they stand then, nothing earned within.
            let later = try await client.call(.get, "/v1/admin/exports/progress.csv?from=2026-11-19&to=2026-11-20", token: organiser)
            #expect(later.text.components(separatedBy: "\r\n")[2] == "ada,Ada,2026-11-18,\(adaXP),\(adaLevel),1,First Steps,0,0")
            let before = try await client.call(.get, "/v1/admin/exports/progress.csv?from=2026-11-01&to=2026-11-17", token: organiser)
            #expect(before.text == "username,display_name,signed_up,xp,level,solves,badges,xp_in_range,solves_in_range\r\n")

            let scans = try await client.call(.get, "/v1/admin/exports/scans.csv?from=2026-11-18&to=2026-11-18", token: organiser)
            #expect(scans.headers[.contentDisposition] == "attachment; filename=\"puzzlemap-scans-2026-11-18-to-2026-11-18.csv\"")
            #expect(scans.text == "date,time,scan_id,username,checkpoint_id,checkpoint,outcome,flagged,latitude,longitude\r\n"
                + "2026-11-18,12:00:00,1,ada,\(target.id),\(target.name),solved,no,,\r\n"
                + "2026-11-18,12:00:00,2,eve,\(content.checkpoints[2].id),\(content.checkpoints[2].name),explored,no,,\r\n"
                + "2026-11-18,12:00:00,3,bea,\(content.checkpoints[4].id),\(content.checkpoints[4].name),explored,no,,\r\n")

            let redemptions = try await client.call(.get, "/v1/admin/exports/redemptions.csv?from=2026-11-18&to=2026-11-18&partner=qmu-cafe", token: organiser)
            #expect(redemptions.headers[.contentDisposition] == "attachment; filename=\"puzzlemap-redemptions-qmu-cafe-2026-11-18-to-2026-11-18.csv\"")
            #expect(redemptions.text == "date,time,partner_id,partner,offer_id,offer,voucher_id,staff,player\r\n"
                + "2026-11-18,12:00:00,qmu-cafe,QMU Café,qmu-free-coffee,A free regular coffee,\(voucherID),quinn,Bea\r\n")
            let every = try await client.call(.get, "/v1/admin/exports/redemptions.csv?from=2026-11-18&to=2026-11-18", token: organiser)
            #expect(every.text == redemptions.text)
            #expect(every.headers[.contentDisposition] == "attachment; filename=\"puzzlemap-redemptions-2026-11-18-to-2026-11-18.csv\"")
            let guu = try await client.call(.get, "/v1/admin/exports/redemptions.csv?from=2026-11-18&to=2026-11-18&partner=guu-food", token: organiser)
            #expect(guu.text == "date,time,partner_id,partner,offer_id,offer,voucher_id,staff,player\r\n")
            // Who took players' data, which and for which days, is in the audit log.
            let audit = try #require(try await client.call(.get, "/v1/admin/audit-log", token: organiser).json["entries"] as? [[String: Any]])
            #expect(audit.first.map { "\($0["actor"]!) \($0["action"]!) \($0["subject"]!) \($0["detail"]!)" }
                    == "olive export_downloaded export:redemptions 2026-11-18 to 2026-11-18, guu-food")
            #expect(audit.count == 7)
        }
    }

    @Test func anExportsDatesAndPartnerAreCheckedWithAClearProblem() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            func problem(_ query: String) async throws -> Reply {
                try await client.call(.get, "/v1/admin/exports/redemptions.csv\(query)", token: organiser)
            }
            let missing = try await problem("?from=2026-11-18")
            #expect(missing.status == .badRequest && missing.code == "invalid_date_range")
            #expect(missing.json["detail"] as? String == "The export needs a first and a last day, and 'to' was not given.")
            let reversed = try await problem("?from=2026-11-19&to=2026-11-18")
            #expect(reversed.code == "invalid_date_range" && reversed.json["hint"] as? String == "Swap them: the first day comes first.")
            let malformed = try await problem("?from=yesterday&to=2026-11-18")
            #expect(malformed.status == .badRequest && malformed.code == "invalid_date" && malformed.json["detail"] as? String == "'yesterday' is not a date.")
            let long = try await problem("?from=2025-01-01&to=2026-11-18")
            #expect(long.code == "invalid_date_range" && long.json["detail"] as? String == "That range is 687 days long; an export covers at most 366.")
            let partner = try await problem("?from=2026-11-18&to=2026-11-18&partner=corner-shop")
            #expect(partner.status == .badRequest && partner.code == "unknown_partner")
            #expect(partner.json["detail"] as? String == "No partner shop has the id 'corner-shop'.")
        }
    }

    @Test func theExportsPageDownloadsAsAttachmentsAndSaysWhatIsWrongWithItsDates() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            _ = try await playTheDay(service, client)
            let form = try await client.page("/console/exports", session: organiser)
            #expect(form.status == .ok)
            #expect(form.text.contains(#"<input type="date" id="from" name="from" value="2026-11-12" required>"#))
            #expect(form.text.contains(#"<input type="date" id="to" name="to" value="2026-11-18" required>"#))
            #expect(form.text.contains(#"<button type="submit" formaction="/console/exports/scans.csv">Download scans</button>"#))

            let download = try await client.page("/console/exports/scans.csv?from=2026-11-18&to=2026-11-18&partner=", session: organiser)
            #expect(download.status == .ok && download.headers[.contentDisposition]?.hasPrefix("attachment;") == true)
            #expect(download.text.hasPrefix("date,time,scan_id,username,"))
            #expect(download.text.components(separatedBy: "\r\n").count == 5)  // header, three scans, the end

            let reversed = try await client.page("/console/exports/progress.csv?from=2026-11-19&to=2026-11-18&partner=", session: organiser)
            #expect(reversed.status == .badRequest)
            #expect(reversed.headers[.contentType] == "text/html; charset=utf-8")
            #expect(reversed.text.contains("The first day, 2026-11-19, is after the last, 2026-11-18."))
            #expect(reversed.text.contains(#"value="2026-11-19" required>"#))
        }
    }

    @Test func theDashboardPageRefreshesItselfWithScriptAndOffersAReloadWithout() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = try await service.organiserToken(client)
            let ada = try await client.signedInPlayer("ada")
            _ = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[1].id), token: ada)
            let page = try await client.page("/console/dashboard", session: organiser)
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<div class="live" data-live-refresh="20">"#))
            #expect(page.text.contains(#"Updated 12:00:00 · <a href="/console/dashboard">Refresh now</a>"#))
            #expect(page.text.contains(#"<tr><th scope="row">12:00</th><td>1</td><td>1</td><td>0</td><td>0</td></tr>"#))
            #expect(page.text.contains(#"<li><span class="figure">1</span> playing now (last 15 minutes)</li>"#))
            // Only the shipped script, from this host: the policy allows nothing inline.
            #expect(!page.text.contains("<script>") && page.headers[.contentSecurityPolicy]?.contains("script-src 'self'") == true)
        }
    }
}
