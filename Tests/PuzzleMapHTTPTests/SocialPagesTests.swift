import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapImaging
import Testing

/// A player's browser: their session cookie, the anti-forgery cookie and its form token.
struct PageBrowser {
    static let secret = "test-browser-secret"
    let session: String

    var cookie: String { "pm_csrf=\(Self.secret); pm_session=\(session)" }

    /// The page's status and HTML.
    func get(_ path: String, _ client: some TestClientProtocol) async throws -> (status: HTTPResponse.Status, html: String) {
        try await client.execute(uri: path, method: .get, headers: [.cookie: cookie]) { ($0.status, String(buffer: $0.body)) }
    }

    /// Posts a form with the token the browser's pages carry; the status, `Location` and HTML.
    func post(_ path: String, _ fields: [String: String], _ client: some TestClientProtocol) async throws
        -> (status: HTTPResponse.Status, location: String?, html: String) {
        let page = try await get("/friends", client).html
        let token = try #require(page.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression).map {
            String(page[$0].dropFirst(#"name="_csrf" value=""#.count).dropLast())
        })
        let body = (["_csrf": token].merging(fields) { $1 }).map { "\($0.key)=\(PageBrowser.escape($0.value))" }.joined(separator: "&")
        return try await client.execute(uri: path, method: .post, headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                        body: ByteBuffer(string: body)) { ($0.status, $0.headers[.location], String(buffer: $0.body)) }
    }

    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}

@Suite struct SocialPagesTests {
    @Test func freebiesShowTheCodeToScanOnlyOnceTheEmailIsConfirmed() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let ada = PageBrowser(session: token)
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            _ = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
            let id = try #require(try await client.call(.get, "/v1/me/vouchers", token: token).list.first?["id"] as? Int)

            let waiting = try await ada.get("/freebies", client).html
            #expect(waiting.contains("Confirm your email first: your freebies cannot be claimed until you do."))
            #expect(waiting.contains("A free regular coffee") && waiting.contains("Confirm your email to claim"))
            #expect(!waiting.contains("/freebies/\(id)/code.png"), "no code to scan before the email is confirmed")

            try await service.verifyEmail(of: "ada", client)
            let ready = try await ada.get("/freebies", client).html
            #expect(ready.contains("Ready to claim") && ready.contains("src=\"/freebies/\(id)/code.png\""))
            #expect(!ready.contains("Confirm your email first"))
            let manual = try #require(ready.firstMatch(of: /they type: <code>([^<]+)<\/code>/)?.1)
            let png = try await client.execute(uri: "/freebies/\(id)/code.png", method: .get, headers: [.cookie: ada.cookie]) {
                ($0.headers[.contentType], Array(Data(buffer: $0.body)))
            }
            #expect(png.0 == "image/png")
            // The counter's staff scan the page's code: it is this voucher, and redeems once.
            let scanned = try QRScanner().scan(ImageDecoder().decode(png.1))
            #expect(scanned.count == 1)
            let staff = try await service.staffToken(client, username: "quinn", partner: "qmu-cafe")
            let redeemed = try await client.call(.post, "/v1/staff/redemptions", json: ["code": scanned.first ?? ""], token: staff)
            #expect(redeemed.status == .ok)
            let voucher = redeemed.json["voucher"] as? [String: Any]
            #expect(voucher?["id"] as? Int == id && voucher?["title"] as? String == "A free regular coffee" && voucher?["playerDisplayName"] as? String == "Ada")
            // The typed code under it names the same voucher, now spent.
            #expect(try await client.call(.post, "/v1/staff/redemptions", json: ["code": String(manual)], token: staff).code == "already_redeemed")
            // Coming up: the coffee is unlocked, so it is no longer an offer to work towards.
            let upcoming = try #require(ready.components(separatedBy: "Coming up").last)
            #expect(!upcoming.contains("A free regular coffee") && upcoming.contains("Half-price lunch"))
        }
    }

    @Test func aFreshPlayerSeesHowFarEachOfferIs() async throws {
        let service = try await TestService()
        try await service.test { client in
            let html = try await PageBrowser(session: try await client.signedInPlayer("ada")).get("/freebies", client).html
            let levelThree = service.services.content.rules.levelThresholds[2]
            #expect(html.contains("No freebies yet."))
            #expect(html.contains("Earn \(levelThree) more XP to reach level 3.") && html.contains("0 of \(levelThree) XP"))
        }
    }

    @Test func friendsAskByUsernameAnswerAndGiveAFreebie() async throws {
        let service = try await TestService()
        try await service.test { client in
            let adaToken = try await client.signedInPlayer("ada")
            let ada = PageBrowser(session: adaToken)
            let bob = PageBrowser(session: try await client.signedInPlayer("bob"))

            let asked = try await ada.post("/friends/requests", ["username": "bob"], client)
            #expect(asked.status == .seeOther && asked.location == "/friends?done=requested&username=bob")
            #expect(try await ada.get(asked.location ?? "", client).html.contains("Request sent: bob will see it on their Friends page."))
            let bobsPage = try await bob.get("/friends", client).html
            #expect(bobsPage.contains("Ada (@ada)"))
            let bobID = try #require(try await service.repository.account(login: "bob")).player.id
            let requestID = try #require(try await service.services.hunt.friendRequests(playerID: bobID).incoming.first?.id)
            let accepted = try await bob.post("/friends/requests/\(requestID)/accept", [:], client)
            #expect(accepted.location == "/friends?done=accepted")
            #expect(try await ada.get("/friends", client).html.contains("Unfriend Bob"))

            let unknown = try await ada.post("/friends/requests", ["username": "nobody"], client)
            #expect(unknown.status == .notFound && unknown.html.contains("There is no such player.")
                && unknown.html.contains("Check the username, or scan their friend code."))

            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            _ = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: adaToken)
            let id = try #require(try await client.call(.get, "/v1/me/vouchers", token: adaToken).list.first?["id"] as? Int)
            let given = try await ada.post("/freebies/\(id)/gift", ["username": "bob"], client)
            #expect(given.location == "/freebies?given=bob")
            #expect(try await client.call(.get, "/v1/me/vouchers", token: adaToken).list.isEmpty, "a voucher given is no longer the giver's")
            #expect(try await bob.get("/freebies", client).html.contains("A gift from ada."))
        }
    }

    @Test func aFriendCodeShownOnScreenMakesFriendsAtOnce() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = PageBrowser(session: try await client.signedInPlayer("ada"))
            let bobToken = try await client.signedInPlayer("bob")
            let bobsCode = try #require(try await client.call(.get, "/v1/me/friend-code", token: bobToken).json["code"] as? String)
            // Bob's link, opened signed in, offers one tap through the same form.
            let path = String(try #require(bobsCode.range(of: "/F/", options: .caseInsensitive).map { bobsCode[$0.lowerBound...] }))
            let sticker = try await ada.get(path, client).html
            #expect(sticker.contains("action=\"/friends/photo\"") && sticker.contains("Be friends") && sticker.contains("value=\"\(path)\""))
            let html = try await ada.get("/friends", client).html
            #expect(html.contains("src=\"/friends/code.png\""))
            let token = try #require(html.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression).map {
                String(html[$0].dropFirst(#"name="_csrf" value=""#.count).dropLast())
            })
            let body = "--b\r\nContent-Disposition: form-data; name=\"_csrf\"\r\n\r\n\(token)\r\n--b\r\nContent-Disposition: form-data; name=\"code\"\r\n\r\n\(bobsCode)\r\n--b--\r\n"
            let location = try await client.execute(uri: "/friends/photo", method: .post,
                                                    headers: [.cookie: ada.cookie, .contentType: "multipart/form-data; boundary=b"],
                                                    body: ByteBuffer(string: body)) { $0.headers[.location] }
            #expect(location == "/friends?done=befriended")
            #expect(try await ada.get("/friends", client).html.contains("Unfriend Bob"))
        }
    }

    @Test func theLeaderboardShowsMyRankThisWeekAndAmongFriends() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let bobToken = try await client.signedInPlayer("bob")
            _ = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
            let ada = PageBrowser(session: token)
            let week = try await ada.get("/leaderboard", client).html
            #expect(week.contains("You are number 1 with 25 XP."))
            #expect(week.contains("<tr class=\"mine\">"))
            // Bob, not a friend, explores a place too: he is on everyone's board, not on Ada's friends'.
            let bobs = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[3].id), token: bobToken)
            #expect(bobs.json["outcome"] as? String == "explored" && bobs.json["xpAwarded"] as? Int == 25)
            let bobsRow = "<tr><td>1</td><th scope=\"row\">Bob <span class=\"small\">@bob</span></th><td>1</td><td>25</td></tr>"
            let everyone = try await ada.get("/leaderboard?period=all&scope=everyone", client).html
            #expect(everyone.contains("All-time XP, everyone") && everyone.contains(bobsRow))
            let friends = try await ada.get("/leaderboard?period=all&scope=friends", client).html
            #expect(friends.contains("All-time XP, you and your friends") && !friends.contains("@bob"))
            #expect(friends.contains("You are number 1 with 25 XP."))
        }
    }
}
