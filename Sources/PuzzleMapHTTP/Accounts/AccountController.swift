import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapStorage

/// Sign-up, email verification, sign-in, refresh, sign-out and password resets.
struct AccountController {
    let services: HuntServices

    /// Lifetimes and sign-in limits, from `limits` in `Campus/game.yaml`.
    private var limits: GameLimits { services.limits }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.post("accounts") { request, context in try await signUp(request, context) }
        router.post("accounts/verify") { request, context in try await verify(request, context) }
        router.post("sessions") { request, context in try await signIn(request, context) }
        router.post("sessions/refresh") { request, context in try await refresh(request, context) }
        router.post("password-resets") { request, context in try await requestReset(request, context) }
        router.post("password-resets/confirm") { request, context in try await confirmReset(request, context) }
    }

    func addAuthenticatedRoutes(to router: RouterGroup<AppRequestContext>) {
        router.delete("sessions/current") { _, context -> Response in
            let identity = try context.requireIdentity()
            try await services.repository.revokeSession(id: identity.session.id, at: services.now())
            return Response(status: .noContent)
        }
    }

    // MARK: Sign-up and verification

    private func signUp(_ request: Request, _ context: AppRequestContext) async throws -> EditedResponse<PlayerView> {
        let body = try await request.decode(as: SignUpRequest.self, context: context)
        let email = AccountPolicy.normalisedEmail(body.email)
        let displayName = body.displayName.trimmingCharacters(in: .whitespacesAndNewlines)
        guard services.accountPolicy.allowsEmail(email) else { throw Problem.emailDomainNotAllowed(services.accountPolicy.emailDomains) }
        guard AccountPolicy.isValidUsername(body.username) else { throw Problem.invalidUsername }
        guard (1...40).contains(displayName.count) else { throw Problem.invalidDisplayName }
        if let weakness = AccountPolicy.weakness(of: body.password, username: body.username, email: email) {
            throw Problem.weakPassword(weakness)
        }
        let hash = try await services.passwordHasher.hash(body.password)
        let code = SecretToken.numericCode()
        let now = services.now()
        do {
            let account = try await services.repository.createAccount(
                email: email, username: body.username, displayName: displayName, passwordHash: hash,
                verificationCodeHash: tokenHash(code), verificationExpiresAt: now + limits.verificationCodeLifetime,
                mail: MailTemplates.verification(to: email, name: displayName, code: code, hunt: services.content.info.title), at: now
            )
            return EditedResponse(status: .created, response: PlayerView(account))
        } catch StorageError.conflict(let column) {
            throw column == "username" ? Problem.usernameTaken : Problem.emailTaken
        }
    }

    private func verify(_ request: Request, _ context: AppRequestContext) async throws -> StatusView {
        let body = try await request.decode(as: VerifyEmailRequest.self, context: context)
        guard let account = try await services.repository.account(login: AccountPolicy.normalisedEmail(body.email)) else {
            throw Problem.invalidVerificationCode
        }
        if account.emailVerifiedAt != nil { return StatusView(status: "verified") }
        let code = body.code.filter(\.isNumber)
        guard try await services.repository.verifyEmail(playerID: account.player.id, codeHash: tokenHash(code),
                                                         maxAttempts: limits.verificationAttempts, at: services.now())
        else { throw Problem.invalidVerificationCode }
        return StatusView(status: "verified")
    }

    // MARK: Sessions

    private func signIn(_ request: Request, _ context: AppRequestContext) async throws -> SessionView {
        let body = try await request.decode(as: SignInRequest.self, context: context)
        let login = body.login.contains("@") ? AccountPolicy.normalisedEmail(body.login) : body.login.lowercased()
        let now = services.now()
        let accountKey = "login:account:\(login)"
        let addressKey = "login:address:\(context.clientAddress(of: request, trusting: services.trustedProxies))"
        let accountFailures = try await services.repository.eventCount(key: accountKey, window: limits.signInWindow, at: now)
        let addressFailures = try await services.repository.eventCount(key: addressKey, window: limits.signInWindow, at: now)
        if accountFailures >= limits.signInFailuresPerAccount || addressFailures >= limits.signInAttemptsPerAddress {
            throw Problem.tooManyAttempts(retryAfter: Int(limits.signInWindow))
        }
        if accountFailures >= limits.signInSlowdownAfter {
            // Slow a guesser down without locking the real owner out.
            try await Task.sleep(for: .seconds(min(8, accountFailures - limits.signInSlowdownAfter + 1)))
        }
        let account = try await services.repository.account(login: login)
        let matches = try await services.passwordHasher.verify(body.password, against: account?.passwordHash)
        guard let account, matches else {
            _ = try await services.repository.countEvent(key: accountKey, window: limits.signInWindow, at: now)
            _ = try await services.repository.countEvent(key: addressKey, window: limits.signInWindow, at: now)
            throw Problem.invalidCredentials
        }
        return try await newSession(for: account, family: UUID().uuidString, at: now)
    }

    private func refresh(_ request: Request, _ context: AppRequestContext) async throws -> SessionView {
        let body = try await request.decode(as: RefreshRequest.self, context: context)
        let now = services.now()
        let (access, refresh) = (SecretToken.generate(), SecretToken.generate())
        let outcome = try await services.repository.refreshSession(
            refreshHash: tokenHash(body.refreshToken), replacement: tokens(access: access, refresh: refresh, at: now), at: now
        )
        guard case .rotated(let session) = outcome, let account = try await services.repository.account(id: session.playerID) else {
            throw Problem.invalidRefreshToken
        }
        return SessionView(accessToken: access, refreshToken: refresh, expiresIn: Int(limits.accessTokenLifetime), player: PlayerView(account))
    }

    private func newSession(for account: Account, family: String, at now: Date) async throws -> SessionView {
        let (access, refresh) = (SecretToken.generate(), SecretToken.generate())
        _ = try await services.repository.createSession(playerID: account.player.id, familyID: family,
                                                         tokens: tokens(access: access, refresh: refresh, at: now), at: now)
        return SessionView(accessToken: access, refreshToken: refresh, expiresIn: Int(limits.accessTokenLifetime), player: PlayerView(account))
    }

    private func tokens(access: String, refresh: String, at now: Date) -> NewSessionTokens {
        NewSessionTokens(accessHash: tokenHash(access), refreshHash: tokenHash(refresh),
                         accessExpiresAt: now + limits.accessTokenLifetime, refreshExpiresAt: now + limits.refreshTokenLifetime)
    }

    // MARK: Password resets

    private func requestReset(_ request: Request, _ context: AppRequestContext) async throws -> EditedResponse<StatusView> {
        let body = try await request.decode(as: PasswordResetRequest.self, context: context)
        let email = AccountPolicy.normalisedEmail(body.email)
        // The same answer whether or not the account exists: sign-ups are not revealed.
        if let account = try await services.repository.account(login: email), email.contains("@") {
            let token = SecretToken.generate()
            let now = services.now()
            try await services.repository.createPasswordReset(
                playerID: account.player.id, tokenHash: tokenHash(token), expiresAt: now + limits.passwordResetLifetime,
                mail: MailTemplates.passwordReset(to: email, name: account.player.displayName, token: token,
                                                  publicURL: services.publicURL, hunt: services.content.info.title),
                at: now
            )
        }
        return EditedResponse(status: .accepted, response: StatusView(status: "accepted"))
    }

    private func confirmReset(_ request: Request, _ context: AppRequestContext) async throws -> StatusView {
        let body = try await request.decode(as: PasswordResetConfirmation.self, context: context)
        if let weakness = AccountPolicy.weakness(of: body.newPassword, username: "", email: "") {
            throw Problem.weakPassword(weakness)
        }
        let hash = try await services.passwordHasher.hash(body.newPassword)
        guard try await services.repository.resetPassword(tokenHash: tokenHash(body.token), newPasswordHash: hash, at: services.now()) != nil else {
            throw Problem.invalidResetToken
        }
        return StatusView(status: "password_changed")
    }

    private func tokenHash(_ token: String) -> String {
        SecretToken.hash(token, key: services.secrets.tokenKeyData)
    }
}
