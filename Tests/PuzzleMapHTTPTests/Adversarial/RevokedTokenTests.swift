import Foundation
import HummingbirdTesting
import Testing

/// Tokens that were given out and then taken back: after signing out, a password reset, a
/// password change and erasing the account, neither the access nor the refresh token works.
/// (AccountRoutesTests checks the access token's status after each; these add the refresh
/// token, the exact problem codes, and the other devices.)
@Suite struct RevokedTokenTests {
    let password = "correct horse battery"

    /// The access token is refused as unauthenticated, with the challenge that says how to sign in.
    func expectRefused(access token: String, _ client: some TestClientProtocol, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let reply = try await client.call(.get, "/v1/me", token: token)
        #expect(reply.status == .unauthorized, sourceLocation: sourceLocation)
        #expect(reply.code == "unauthenticated", sourceLocation: sourceLocation)
        #expect(reply.headers[.wwwAuthenticate] == "Bearer", sourceLocation: sourceLocation)
    }

    func expectRefused(refresh token: String, _ client: some TestClientProtocol, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let reply = try await client.call(.post, "/v1/sessions/refresh", json: ["refreshToken": token])
        #expect(reply.status == .unauthorized, sourceLocation: sourceLocation)
        #expect(reply.code == "invalid_refresh_token", sourceLocation: sourceLocation)
    }

    @Test func signingOutRefusesThatSessionsAccessAndRefreshTokensAndLeavesOtherDevicesSignedIn() async throws {
        try await TestService().test { client in
            _ = try await client.signedInPlayer("ada")
            let phone = try await client.session("ada")
            let laptop = try await client.session("ada")
            #expect(try await client.call(.delete, "/v1/sessions/current", token: phone.access).status == .noContent)
            try await expectRefused(access: phone.access, client)
            try await expectRefused(refresh: phone.refresh, client)
            // Signing out a second time with the dead token is refused too.
            #expect(try await client.call(.delete, "/v1/sessions/current", token: phone.access).code == "unauthenticated")
            #expect(try await client.call(.get, "/v1/me", token: laptop.access).status == .ok)
            #expect(try await client.call(.post, "/v1/sessions/refresh", json: ["refreshToken": laptop.refresh]).status == .ok)
        }
    }

    @Test func aPasswordResetRefusesEveryDevicesAccessAndRefreshTokens() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.signedInPlayer("ada")
            let devices = [try await client.session("ada"), try await client.session("ada")]
            _ = try await client.call(.post, "/v1/password-resets", json: ["email": "ada@student.gla.ac.uk"])
            let mail = try #require(try await service.lastMail(to: "ada@student.gla.ac.uk"))
            let reset = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })
            #expect(try await client.call(.post, "/v1/password-resets/confirm", json: ["token": reset, "newPassword": "a brand new passphrase"]).status == .ok)
            for device in devices {
                try await expectRefused(access: device.access, client)
                try await expectRefused(refresh: device.refresh, client)
            }
            #expect(try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": password]).code == "invalid_credentials")
        }
    }

    @Test func changingThePasswordRefusesTheOtherDevicesAccessAndRefreshTokens() async throws {
        try await TestService().test { client in
            _ = try await client.signedInPlayer("ada")
            let phone = try await client.session("ada")
            let laptop = try await client.session("ada")
            let changed = try await client.call(.patch, "/v1/me", json: ["password": "a brand new passphrase", "currentPassword": password], token: phone.access)
            #expect(changed.status == .ok)
            try await expectRefused(access: laptop.access, client)
            try await expectRefused(refresh: laptop.refresh, client)
        }
    }

    /// MeController says a new password signs every *other* device out: the phone that changed
    /// it, which gets no new tokens in the answer, stays signed in.
    @Test func changingThePasswordKeepsTheDeviceThatChangedItSignedIn() async throws {
        try await TestService().test { client in
            _ = try await client.signedInPlayer("ada")
            let phone = try await client.session("ada")
            let changed = try await client.call(.patch, "/v1/me", json: ["password": "a brand new passphrase", "currentPassword": password], token: phone.access)
            #expect(changed.status == .ok)
            #expect(try await client.call(.get, "/v1/me", token: phone.access).status == .ok)
        }
    }

    @Test func erasingTheAccountRefusesEveryDevicesAccessAndRefreshTokens() async throws {
        try await TestService().test { client in
            _ = try await client.signedInPlayer("ada")
            let phone = try await client.session("ada")
            let laptop = try await client.session("ada")
            #expect(try await client.call(.delete, "/v1/me", json: ["password": password], token: phone.access).status == .noContent)
            for device in [phone, laptop] {
                try await expectRefused(access: device.access, client)
                try await expectRefused(refresh: device.refresh, client)
            }
            // A second erasure with the dead token is refused, not answered with a 500.
            #expect(try await client.call(.delete, "/v1/me", json: ["password": password], token: laptop.access).code == "unauthenticated")
        }
    }
}
