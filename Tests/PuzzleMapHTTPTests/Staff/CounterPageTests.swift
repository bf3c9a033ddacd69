import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// A browser for page tests: its anti-forgery secret, the form token its pages carry, and a session cookie once signed in.
struct TestBrowser {
    let secret = "counter-browser-secret"
    var session: String?

    var cookie: String { (["pm_csrf=\(secret)"] + (session.map { ["pm_session=\($0)"] } ?? [])).joined(separator: "; ") }

    /// The `_csrf` value of this browser's forms.
    func formToken(_ client: some TestClientProtocol) async throws -> String {
        try await client.execute(uri: "/join", method: .get, headers: [.cookie: cookie]) { response in
            let html = String(buffer: response.body)
            guard let range = html.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression) else { return "" }
            return String(html[range].dropFirst(#"name="_csrf" value=""#.count).dropLast())
        }
    }

    func get(_ path: String, _ client: some TestClientProtocol) async throws -> (status: HTTPResponse.Status, headers: HTTPFields, html: String) {
        try await client.execute(uri: path, method: .get, headers: [.cookie: cookie]) { ($0.status, $0.headers, String(buffer: $0.body)) }
    }

    /// Posts a form, urlencoded, or as multipart when it carries a photo or a code to read.
    func post(_ path: String, _ fields: [String: String], multipart: Bool = false, _ client: some TestClientProtocol) async throws
        -> (status: HTTPResponse.Status, headers: HTTPFields, html: String) {
        var fields = fields
        fields["_csrf"] = try await formToken(client)
        var headers: HTTPFields = [.cookie: cookie]
        let body: ByteBuffer
        if multipart {
            headers[.contentType] = "multipart/form-data; boundary=testbrowser"
            body = ByteBuffer(string: fields.map { "--testbrowser\r\nContent-Disposition: form-data; name=\"\($0.key)\"\r\n\r\n\($0.value)\r\n" }.joined()
                + "--testbrowser--\r\n")
        } else {
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: fields.map { "\($0.key)=\(PercentEncoding.form($0.value))" }.joined(separator: "&"))
        }
        return try await client.execute(uri: path, method: .post, headers: headers, body: body) { ($0.status, $0.headers, String(buffer: $0.body)) }
    }
}

enum PercentEncoding {
    static func form(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? ""
    }
}

/// The shop's counter page and the invitation pages, through the real router: what staff see,
/// in the exact words, and what the player's freebies page shows afterwards.
@Suite struct CounterPageTests {
    /// Ada's coffee voucher (verified, unlocked at level 3) and its typed code.
    func adasCoffee(_ service: TestService, _ client: some TestClientProtocol) async throws -> (token: String, manualCode: String) {
        let token = try await client.signedInPlayer("ada")
        try await service.verifyEmail(of: "ada", client)
        _ = try await service.bringToTheEdgeOfLevelThree("ada")
        let levelled = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
        let id = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
        let manual = try #require(try await client.call(.get, "/v1/me/vouchers/\(id)", token: token).json["manualCode"] as? String)
        return (token, manual)
    }

    @Test func theCounterAnswersGreenOnceThenRedNamingWhoRedeemedAndWhen() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (player, manual) = try await adasCoffee(service, client)
            let quinn = TestBrowser(session: try await service.staffToken(client, username: "quinn", partner: "qmu-cafe"))
            #expect(try await quinn.get("/", client).headers[.location] == "/counter")
            let empty = try await quinn.get("/counter", client)
            #expect(empty.status == .ok && empty.html.contains("None yet today.") && empty.html.contains("Redeem freebies at QMU Café"))

            let green = try await quinn.post("/counter", ["code": manual], multipart: true, client)
            #expect(green.status == .ok)
            #expect(green.html.contains(#"<div class="answer yes" role="status"><p class="headline">Redeemed: A free regular coffee, for Ada</p>"#))
            #expect(green.html.contains("12:00 · A free regular coffee, for Ada"))

            service.clock.advance(by: 42 * 60)
            let red = try await quinn.post("/counter", ["code": manual], multipart: true, client)
            #expect(red.status == .conflict)
            #expect(red.html.contains(#"<p class="headline">Not redeemed</p><p class="why">Already redeemed at 12:00 by Quinn.</p>"#))
            #expect(red.html.contains("Tell the customer each freebie works once: do not hand it over again."))
            #expect(!red.html.contains("answer yes"))

            // The player's freebies page reads the store: claimed at once.
            let ada = TestBrowser(session: player)
            let freebies = try await ada.get("/freebies", client)
            #expect(freebies.html.contains(#"<p class="status">Claimed</p>"#))
            #expect(try await client.call(.get, "/v1/me/vouchers", token: player).list.first?["status"] as? String == "claimed")
        }
    }

    @Test func anotherPartnersStaffAreToldWhereTheFreebieIsForAndSeeNoneOfItsRedemptions() async throws {
        let service = try await TestService()
        try await service.test { client in
            let (_, manual) = try await adasCoffee(service, client)
            let gus = TestBrowser(session: try await service.staffToken(client, username: "gus", partner: "guu-food"))
            let red = try await gus.post("/counter", ["code": manual], multipart: true, client)
            #expect(red.status == .forbidden)
            #expect(red.html.contains("This freebie is for another shop: QMU Café."))
            #expect(red.html.contains("Tell the customer to take it to QMU Café, Queen Margaret Union, 22 University Gardens."))

            let quinn = TestBrowser(session: try await service.staffToken(client, username: "quinn", partner: "qmu-cafe"))
            #expect(try await quinn.post("/counter", ["code": manual], multipart: true, client).status == .ok)
            let theirs = try await gus.get("/counter", client)
            #expect(theirs.html.contains("None yet today.") && !theirs.html.contains("Ada"))
            let api = try await client.call(.get, "/v1/staff/redemptions", token: gus.session)
            #expect((api.json["redemptions"] as? [Any])?.count == 0)
            let again = try await client.call(.post, "/v1/staff/redemptions", json: ["code": manual], token: quinn.session)
            #expect(again.status == .conflict && again.code == "already_redeemed")
            #expect(again.json["detail"] as? String == "That voucher was already redeemed at 2026-11-18T12:00:00Z by Quinn.")
        }
    }

    @Test func anUnconfirmedOrUnreadableVoucherIsRedWithWhatToTellTheCustomer() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            _ = try await service.bringToTheEdgeOfLevelThree("ada")
            let levelled = try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[4].id), token: token)
            let id = try #require((levelled.json["newVouchers"] as? [[String: Any]])?.first?["id"] as? Int)
            let manual = try #require(try await client.call(.get, "/v1/me/vouchers/\(id)", token: token).json["manualCode"] as? String)
            let quinn = TestBrowser(session: try await service.staffToken(client, username: "quinn", partner: "qmu-cafe"))
            let pending = try await quinn.post("/counter", ["code": manual], multipart: true, client)
            #expect(pending.status == .conflict)
            #expect(pending.html.contains("This freebie is not confirmed yet: its owner has not confirmed their email address."))
            #expect(pending.html.contains("Ask the customer to confirm their email address in the app, then show the code again."))
            let nonsense = try await quinn.post("/counter", ["code": "NOT-A-CODE"], multipart: true, client)
            #expect(nonsense.status == .unprocessableContent && nonsense.html.contains(#"<p class="headline">Not redeemed</p>"#))
        }
    }

    @Test func theInvitationLinkMakesASignedInBaristaOnceAndThenSaysItWasUsed() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = TestBrowser(session: try await service.organiserToken(client))
            let invited = try await organiser.post("/console/staff/invitations", ["email": "barista@kimchi-cafe.example", "partner": "qmu-cafe"], client)
            #expect(invited.status == .ok && invited.html.contains("The invitation is on its way to barista@kimchi-cafe.example."))
            let link = try #require(invited.html.firstMatch(of: /<code>(http[^<]+\/staff\/join\/[^<]+)<\/code>/)?.1)
            let path = String(link.dropFirst(service.settings.publicURL.count))
            let list = try await organiser.get("/console/staff", client)
            #expect(list.html.contains("Waiting to be used") && list.html.contains("Invited by Olive on Wed 18 Nov 12:00."))
            #expect(!list.html.contains(String(link)), "the link is shown once, never again")

            var barista = TestBrowser()
            let form = try await barista.get(path, client)
            #expect(form.status == .ok && form.html.contains("You will sign in with barista@kimchi-cafe.example"))
            let weak = try await barista.post(path, ["displayName": "Sam", "password": "short"], client)
            #expect(weak.status == .unprocessableContent && weak.html.contains("That password is too weak"))
            let joined = try await barista.post(path, ["displayName": "Sam", "password": "flat white at dawn"], client)
            #expect(joined.status == .seeOther && joined.headers[.location] == "/counter")
            let cookie = try #require(joined.headers[values: .setCookie].first { $0.hasPrefix("pm_session=") })
            barista.session = String(cookie.dropFirst("pm_session=".count).prefix { $0 != ";" })
            let counter = try await barista.get("/counter", client)
            #expect(counter.status == .ok && counter.html.contains(#"<a href="/counter">Counter</a>"#))
            #expect(try await barista.get("/more", client).html.contains(#"<a href="/counter">Counter</a>"#))

            let stranger = TestBrowser()
            let used = try await stranger.get(path, client)
            #expect(used.status == .gone && used.html.contains("This invitation was already used, on Wed 18 Nov at 12:00: it works once."))
            let usedAgain = try await stranger.post(path, ["displayName": "Mallory", "password": "another long passphrase"], client)
            #expect(usedAgain.status == .gone)
            #expect(try await organiser.get("/console/staff", client).html.contains("Used by Sam on Wed 18 Nov 12:00."))
        }
    }

    @Test func anOrganiserRevokesAPendingInvitationFromTheConsole() async throws {
        let service = try await TestService()
        try await service.test { client in
            let organiser = TestBrowser(session: try await service.organiserToken(client))
            _ = try await organiser.post("/console/staff/invitations", ["email": "barista@kimchi-cafe.example", "partner": "qmu-cafe"], client)
            let invitation = try #require(try await service.repository.staffInvitations().first)
            let revoked = try await organiser.post("/console/staff/invitations/\(invitation.id)/revoke", [:], client)
            #expect(revoked.status == .seeOther)
            let page = try await organiser.get(try #require(revoked.headers[.location]), client)
            #expect(page.html.contains("The invitation of barista@kimchi-cafe.example no longer works.") && page.html.contains("Revoked by Olive on Wed 18 Nov 12:00."))
            let refused = try await organiser.post("/console/staff/invitations", ["email": "barista@kimchi-cafe.example", "partner": "nowhere"], client)
            #expect(refused.status == .unprocessableContent && refused.html.contains("No partner has that id."))
        }
    }
}
