import Foundation
import HummingbirdTesting
import PuzzleMapCore
import Testing

@Suite struct AccountRoutesTests {
    let email = "ada@student.gla.ac.uk"
    let password = "correct horse battery"

    func signUpBody(email: String? = nil, username: String = "ada", password: String? = nil) -> [String: any Sendable] {
        ["email": email ?? self.email, "username": username, "password": password ?? self.password, "displayName": "Ada Lovelace"]
    }

    @Test func signUpCreatesAnUnverifiedPlayerAndMailsACode() async throws {
        let service = try await TestService()
        try await service.test { client in
            let reply = try await client.call(.post, "/v1/accounts", json: signUpBody())
            #expect(reply.status == .created)
            #expect(reply.json["username"] as? String == "ada")
            #expect(reply.json["emailVerified"] as? Bool == false)
            #expect(reply.json["passwordHash"] == nil)
        }
        let mail = try #require(try await service.lastMail(to: email))
        #expect(mail.subject.hasSuffix("your verification code"))
        #expect(mail.body.split(separator: "\n").contains { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return code.count == 6 && code.allSatisfy(\.isNumber)
        })
    }

    /// A student whose phone reads Chinese gets the code in Chinese, with the lifetime said so;
    /// an English reader's mail has not a word of it.
    @Test func theVerificationMailIsWordedInTheReadersLanguage() async throws {
        let service = try await TestService()
        try await service.test { client in
            let chinese = try await client.call(.post, "/v1/accounts", json: signUpBody(email: "mei@student.gla.ac.uk", username: "mei"),
                                                headers: [.acceptLanguage: "zh-CN,zh;q=0.9,en;q=0.5"])
            #expect(chinese.status == .created)
            let english = try await client.call(.post, "/v1/accounts", json: signUpBody(), headers: [.acceptLanguage: "en-GB"])
            #expect(english.status == .created)
        }
        let mei = try #require(try await service.lastMail(to: "mei@student.gla.ac.uk"))
        #expect(mei.subject.hasSuffix("：你的验证码") && mei.body.contains("24 小时后失效") && mei.body.contains("/verify"), "\(mei.body)")
        let ada = try #require(try await service.lastMail(to: email))
        #expect(ada.subject.hasSuffix(": your verification code") && ada.body.contains("expires in 24 hours"), "\(ada.body)")
        #expect(!ada.body.contains { $0.unicodeScalars.contains { $0.value > 0x2E80 } })
    }

    @Test func signUpRejectsEmailOutsideUniversityDomain() async throws {
        try await TestService().test { client in
            for address in ["ada@gmail.com", "ada@gla.ac.uk.evil.com", "not-an-address"] {
                let reply = try await client.call(.post, "/v1/accounts", json: signUpBody(email: address))
                #expect(reply.status == .unprocessableContent)
                #expect(reply.code == "email_domain_not_allowed")
                #expect(reply.isProblem)
            }
        }
    }

    @Test func signUpRejectsTakenEmailAndUsernameInAnyCase() async throws {
        try await TestService().test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            let sameEmail = try await client.call(.post, "/v1/accounts", json: signUpBody(email: "ADA@Student.gla.ac.uk", username: "other"))
            #expect(sameEmail.status == .conflict)
            #expect(sameEmail.code == "email_taken")
            let sameName = try await client.call(.post, "/v1/accounts", json: signUpBody(email: "b@gla.ac.uk", username: "ada"))
            #expect(sameName.code == "username_taken")
        }
    }

    @Test func signUpRejectsInvalidUsernamesAndWeakPasswords() async throws {
        try await TestService().test { client in
            for name in ["ab", "Ada", "1ada", "ada lovelace", String(repeating: "a", count: 21)] {
                #expect(try await client.call(.post, "/v1/accounts", json: signUpBody(username: name)).code == "invalid_username", "\(name)")
            }
            for weak in ["short", "password123", "aaaaaaaaaaaa", "ada-is-my-name"] {
                let reply = try await client.call(.post, "/v1/accounts", json: signUpBody(password: weak))
                #expect(reply.code == "weak_password", "\(weak)")
            }
        }
    }

    @Test func malformedJSONIsABadRequestProblem() async throws {
        try await TestService().test { client in
            let reply = try await client.execute(uri: "/v1/accounts", method: .post, headers: [.contentType: "application/json"],
                                                 body: .init(string: "{not json")) { response in
                (response.status, response.headers[.contentType])
            }
            #expect(reply.0 == .badRequest)
            #expect(reply.1 == "application/problem+json")
        }
    }

    @Test func emailVerificationAcceptsTheMailedCodeOnce() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            let mail = try #require(try await service.lastMail(to: email))
            let code = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 6 && $0.allSatisfy(\.isNumber) })
            let wrong = try await client.call(.post, "/v1/accounts/verify", json: ["email": email, "code": code == "000000" ? "111111" : "000000"])
            #expect(wrong.code == "invalid_verification_code")
            let right = try await client.call(.post, "/v1/accounts/verify", json: ["email": email, "code": code])
            #expect(right.status == .ok)
            let token = try #require(try await client.call(.post, "/v1/sessions", json: ["login": email, "password": password]).json["accessToken"] as? String)
            #expect(try await client.call(.get, "/v1/me", token: token).json["emailVerified"] as? Bool == true)
        }
    }

    @Test func verificationCodeStopsWorkingAfterFiveWrongGuesses() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            let mail = try #require(try await service.lastMail(to: email))
            let code = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 6 && $0.allSatisfy(\.isNumber) })
            for _ in 0..<5 {
                _ = try await client.call(.post, "/v1/accounts/verify", json: ["email": email, "code": code == "000000" ? "111111" : "000000"])
            }
            #expect(try await client.call(.post, "/v1/accounts/verify", json: ["email": email, "code": code]).code == "invalid_verification_code")
        }
    }

    @Test func aPlayerWhoseCodeExpiredAsksForANewOneAndVerifiesWithIt() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            let sixDigits: @Sendable (OutgoingMail?) -> String? = { mail in
                mail?.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 6 && $0.allSatisfy(\.isNumber) }
            }
            let old = try #require(sixDigits(try await service.lastMail(to: email)))
            service.clock.advance(by: 24 * 3600)
            #expect(try await client.call(.post, "/v1/accounts/verify", json: ["email": email, "code": old]).code == "invalid_verification_code")

            let asked = try await client.call(.post, "/v1/accounts/verification-codes", json: ["email": "ADA@student.gla.ac.uk"])
            #expect(asked.status == .accepted)
            #expect(asked.json["status"] as? String == "accepted")
            let unknown = try await client.call(.post, "/v1/accounts/verification-codes", json: ["email": "nobody@student.gla.ac.uk"])
            #expect(unknown.status == .accepted)
            #expect(try await service.lastMail(to: "nobody@student.gla.ac.uk") == nil)

            let new = try #require(sixDigits(try await service.lastMail(to: email)))
            #expect(try await client.call(.post, "/v1/accounts/verify", json: ["email": email, "code": new]).status == .ok)
        }
    }

    @Test func signInByUsernameOrEmailGivesTokensAndOneGenericFailure() async throws {
        try await TestService().test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            for login in ["ada", "ADA@student.gla.ac.uk"] {
                let reply = try await client.call(.post, "/v1/sessions", json: ["login": login, "password": password])
                #expect(reply.status == .ok)
                #expect((reply.json["accessToken"] as? String)?.count ?? 0 >= 40)
                #expect(reply.json["expiresIn"] as? Int == 3600)
            }
            let wrongPassword = try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": "wrong password!"])
            let noAccount = try await client.call(.post, "/v1/sessions", json: ["login": "nobody", "password": password])
            #expect(wrongPassword.status == .unauthorized)
            #expect(wrongPassword.code == "invalid_credentials")
            #expect(noAccount.code == "invalid_credentials")
            #expect(wrongPassword.json["detail"] as? String == noAccount.json["detail"] as? String)
        }
    }

    @Test func repeatedFailedSignInsAreRefusedWithRetryAfter() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            // Failures beyond the fifth are slowed down; count them without waiting on a clock.
            for _ in 0..<10 {
                _ = try await service.repository.countEvent(key: "login:account:ada", window: 900, at: service.clock.now)
            }
            let refused = try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": password])
            #expect(refused.status == .tooManyRequests)
            #expect(refused.code == "too_many_attempts")
            #expect(refused.headers[.retryAfter] == "900")
            service.clock.advance(by: 901)
            #expect(try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": password]).status == .ok)
        }
    }

    @Test func refreshRotatesAndReuseOfAnOldTokenRevokesTheFamily() async throws {
        try await TestService().test { client in
            _ = try await client.call(.post, "/v1/accounts", json: signUpBody())
            let first = try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": password])
            let oldRefresh = try #require(first.json["refreshToken"] as? String)
            let second = try await client.call(.post, "/v1/sessions/refresh", json: ["refreshToken": oldRefresh])
            #expect(second.status == .ok)
            let newAccess = try #require(second.json["accessToken"] as? String)
            let newRefresh = try #require(second.json["refreshToken"] as? String)
            #expect(try await client.call(.get, "/v1/me", token: newAccess).status == .ok)

            let replay = try await client.call(.post, "/v1/sessions/refresh", json: ["refreshToken": oldRefresh])
            #expect(replay.code == "invalid_refresh_token")
            #expect(try await client.call(.get, "/v1/me", token: newAccess).status == .unauthorized)
            #expect(try await client.call(.post, "/v1/sessions/refresh", json: ["refreshToken": newRefresh]).status == .unauthorized)
        }
    }

    @Test func logoutStopsTheTokenAtOnce() async throws {
        try await TestService().test { client in
            let token = try await client.signedInPlayer()
            #expect(try await client.call(.delete, "/v1/sessions/current", token: token).status == .noContent)
            let after = try await client.call(.get, "/v1/me", token: token)
            #expect(after.status == .unauthorized)
            #expect(after.code == "unauthenticated")
        }
    }

    @Test func accessTokensExpireAfterAnHour() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            service.clock.advance(by: 3601)
            #expect(try await client.call(.get, "/v1/me", token: token).status == .unauthorized)
        }
    }

    @Test func passwordResetAnswersTheSameWhetherOrNotTheAccountExists() async throws {
        let service = try await TestService()
        try await service.test { client in
            _ = try await client.signedInPlayer()
            let known = try await client.call(.post, "/v1/password-resets", json: ["email": "ada@student.gla.ac.uk"])
            let unknown = try await client.call(.post, "/v1/password-resets", json: ["email": "nobody@student.gla.ac.uk"])
            #expect(known.status == .accepted)
            #expect(unknown.status == .accepted)
            #expect(known.body == unknown.body)
            #expect(try await service.lastMail(to: "nobody@student.gla.ac.uk") == nil)
        }
    }

    @Test func passwordResetTokenWorksOnceWithinThirtyMinutesAndRevokesEverySession() async throws {
        let service = try await TestService()
        try await service.test { client in
            let oldToken = try await client.signedInPlayer()
            _ = try await client.call(.post, "/v1/password-resets", json: ["email": "ada@student.gla.ac.uk"])
            let mail = try #require(try await service.lastMail(to: "ada@student.gla.ac.uk"))
            let resetToken = try #require(mail.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })
            let confirm = try await client.call(.post, "/v1/password-resets/confirm", json: ["token": resetToken, "newPassword": "a brand new passphrase"])
            #expect(confirm.status == .ok)
            #expect(try await client.call(.get, "/v1/me", token: oldToken).status == .unauthorized)
            #expect(try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": "a brand new passphrase"]).status == .ok)
            let again = try await client.call(.post, "/v1/password-resets/confirm", json: ["token": resetToken, "newPassword": "another new passphrase"])
            #expect(again.code == "invalid_reset_token")

            _ = try await client.call(.post, "/v1/password-resets", json: ["email": "ada@student.gla.ac.uk"])
            let late = try #require(try await service.lastMail(to: "ada@student.gla.ac.uk"))
            let lateToken = try #require(late.body.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.count == 43 })
            service.clock.advance(by: 31 * 60)
            #expect(try await client.call(.post, "/v1/password-resets/confirm", json: ["token": lateToken, "newPassword": "yet another passphrase"]).code == "invalid_reset_token")
        }
    }

    @Test func changingThePasswordNeedsTheCurrentOne() async throws {
        try await TestService().test { client in
            let token = try await client.signedInPlayer()
            let without = try await client.call(.patch, "/v1/me", json: ["password": "a brand new passphrase"], token: token)
            #expect(without.code == "current_password_incorrect")
            let renamed = try await client.call(.patch, "/v1/me", json: ["displayName": "Countess"], token: token)
            #expect(renamed.json["displayName"] as? String == "Countess")
            let changed = try await client.call(.patch, "/v1/me", json: ["password": "a brand new passphrase", "currentPassword": password], token: token)
            #expect(changed.status == .ok)
        }
    }

    @Test func deletingTheAccountErasesThePersonAndItsTokens() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.signedInPlayer()
            #expect(try await client.call(.delete, "/v1/me", json: ["password": "wrong password!"], token: token).code == "invalid_credentials")
            #expect(try await client.call(.delete, "/v1/me", json: ["password": password], token: token).status == .noContent)
            #expect(try await client.call(.get, "/v1/me", token: token).status == .unauthorized)
            #expect(try await client.call(.post, "/v1/sessions", json: ["login": "ada", "password": password]).code == "invalid_credentials")
            // The address and name are free again, and nothing of the person is left.
            #expect(try await service.repository.account(login: "ada@student.gla.ac.uk") == nil)
            #expect(try await client.call(.post, "/v1/accounts", json: signUpBody()).status == .created)
        }
    }

    @Test func exportReturnsThePlayersOwnData() async throws {
        try await TestService().test { client in
            let token = try await client.signedInPlayer()
            let export = try await client.call(.get, "/v1/me/export", token: token)
            #expect(export.status == .ok)
            #expect((export.json["player"] as? [String: Any])?["email"] as? String == "ada@student.gla.ac.uk")
            #expect((export.json["events"] as? [Any])?.count == 0)
        }
    }

    @Test func meNeedsAToken() async throws {
        try await TestService().test { client in
            let reply = try await client.call(.get, "/v1/me")
            #expect(reply.status == .unauthorized)
            #expect(reply.headers[.wwwAuthenticate] == "Bearer")
            #expect(try await client.call(.get, "/v1/me", token: "forged").code == "unauthenticated")
        }
    }
}

@Suite struct BodyLimitTests {
    @Test func anOversizedJSONBodyIsRefusedWithAProblem() async throws {
        try await TestService().test { client in
            let padding = String(repeating: "x", count: 100 * 1024)
            let reply = try await client.call(.post, "/v1/accounts", json: [
                "email": "ada@student.gla.ac.uk", "username": "ada", "password": padding, "displayName": "Ada",
            ])
            #expect(reply.status == .contentTooLarge)
            #expect(reply.code == "payload_too_large")
        }
    }
}
