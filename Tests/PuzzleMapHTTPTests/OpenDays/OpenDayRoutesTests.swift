import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// An open day through the real router: the organiser opens it and prints its poster; a
/// visitor joins from the poster's link with a nickname, is kept from the social game, sees
/// the day's board, and keeps their XP by signing up.
@Suite struct OpenDayRoutesTests {
    @Test func aVisitorJoinsFromThePostersLinkAndKeepsTheirProgressBySigningUp() async throws {
        let service = try await TestService()
        try await service.test { client in
            let admin = try await client.signedInPlayer("olive")
            _ = try await service.repository.setRole(email: "olive@student.gla.ac.uk", role: .admin, partnerID: nil)
            let today = LocalDate(service.services.now(), in: service.services.content.timeZone).description
            let refused = try await client.call(.post, "/v1/admin/open-days", json: [
                "name": "", "day": today, "from": "10:00", "until": "09:00", "eraseAfterDays": "", "guestOffers": ["qmu-free-coffee"],
            ], token: admin)
            #expect(refused.status == .unprocessableContent && refused.json["code"] as? String == "invalid_edit")
            let opened = try await client.call(.post, "/v1/admin/open-days", json: [
                "name": "Applicant day", "day": today, "from": "00:00", "until": "24:00", "eraseAfterDays": "", "guestOffers": [String](),
            ], token: admin)
            #expect(opened.status == .created && opened.json["eraseAfterDays"] as? Int == 7 && opened.json["status"] as? String == "open")
            let (id, code) = (try #require(opened.json["id"] as? Int), try #require(opened.json["code"] as? String))
            let link = try #require(opened.json["link"] as? String)
            #expect(link.hasSuffix("/open-day/\(code.replacingOccurrences(of: "-", with: ""))"))

            // The poster prints the link and the code.
            try await client.execute(uri: "/v1/admin/open-days/\(id)/poster.pdf", method: .get, headers: [.authorization: "Bearer \(admin)"]) { response in
                #expect(response.status == .ok && response.headers[.contentType] == "application/pdf")
                #expect(String(buffer: response.body).hasPrefix("%PDF"))
            }

            // The visitor opens the link: the day's name, the code filled in, a nickname to choose.
            var visitor = TestBrowser()
            let page = try await visitor.get("/open-day/\(code.lowercased())", client)
            #expect(page.status == .ok && page.html.contains("Welcome to Applicant day") && page.html.contains("value=\"\(code)\""))
            let joined = try await visitor.post("/open-day", ["code": code, "nickname": "Ada's mum"], client)
            #expect(joined.status == .seeOther && joined.headers[.location] == "/quiz")
            let cookie = try #require(joined.headers[values: .setCookie].first { $0.hasPrefix("pm_session=") })
            visitor.session = String(cookie.dropFirst("pm_session=".count).prefix { $0 != ";" })
            let guest = try #require(visitor.session)

            let me = try await client.call(.get, "/v1/me", token: guest)
            #expect(me.json["guestOf"] as? Int == id && me.json["displayName"] as? String == "Ada's mum")
            let befriend = try await client.call(.post, "/v1/friends/requests", json: ["username": "olive"], token: guest)
            #expect(befriend.status == .forbidden && befriend.json["code"] as? String == "guests_play_alone")
            let board = try await client.call(.get, "/v1/me/open-day", token: guest)
            #expect(board.json["name"] as? String == "Applicant day")
            #expect((board.json["mine"] as? [String: Any])?["rank"] as? Int == 1)

            // The Me page says whose guest they are and offers to keep the progress; no password to change.
            let account = try await visitor.get("/account", client)
            #expect(account.html.contains("You are a guest of Applicant day") && !account.html.contains("currentPassword"))

            let kept = try await visitor.post("/open-day/keep", ["email": "ada.mum@student.gla.ac.uk", "username": "adasmum",
                                                                 "password": "flat white at dawn"], client)
            #expect(kept.status == .seeOther && kept.headers[.location]?.hasPrefix("/verify") == true)
            let after = try await client.call(.get, "/v1/me", token: guest)
            #expect(after.json["guestOf"] == nil && after.json["username"] as? String == "adasmum")
            let detail = try await client.call(.get, "/v1/admin/open-days/\(id)", token: admin)
            #expect((detail.json["openDay"] as? [String: Any])?["guests"] as? Int == 0)
        }
    }

    @Test func aCodeNobodyHasIsSaidOnTheJoinPage() async throws {
        let service = try await TestService()
        try await service.test { client in
            let page = try await TestBrowser().get("/open-day/ZZZ-ZZZ", client)
            #expect(page.status == .notFound && page.html.contains("No open day has that code."))
            let api = try await client.call(.post, "/v1/open-days/join", json: ["code": "ZZZZZZ", "nickname": "Sam"])
            #expect(api.status == .notFound && api.json["code"] as? String == "open_day_code_unknown")
        }
    }
}
