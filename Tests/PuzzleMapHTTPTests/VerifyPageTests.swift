import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The email confirmation page shows the account as stored, after a redirect.
@Suite struct VerifyPageTests {
    @Test func aRightCodeRedirectsToTheConfirmedPage() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = PageBrowser(session: try await client.signedInPlayer("ada"))
            let account = try #require(try await service.repository.account(login: "ada"))
            let mail = try #require(try await service.lastMail(to: account.player.email))
            let code = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .first { $0.count == 6 && $0.allSatisfy(\.isNumber) })

            let posted = try await ada.post("/verify?next=/freebies", ["code": code], client)
            #expect(posted.status == .seeOther)
            #expect(posted.location == "/verify?next=/freebies")

            let page = try await ada.get("/verify?next=/freebies", client)
            #expect(page.status == .ok)
            #expect(page.html.contains("<h1>Email confirmed</h1>"))
            #expect(page.html.contains("Your email is confirmed: freebies you earn can be claimed."))
            #expect(page.html.contains("href=\"/freebies\""))
        }
    }
}
