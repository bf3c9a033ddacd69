import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// Signing in, renewing and ending sessions, and recognising a request's access token.
extension Hunt {
    /// Signs in by username or email. Failures are counted per account and per network
    /// address: past `signInSlowdownAfter` each try waits longer, past the limits they are
    /// refused until the window ends. An unknown login and a wrong password fail alike.
    /// A browser keeps its session in a cookie for as long as an app's refresh token lives; it
    /// never refreshes, and is revoked by the same rules (sign-out, password change, erasure).
    public func signIn(login: String, password: String, from address: String, device: SessionDevice = .app) async throws -> IssuedSession {
        let login = login.contains("@") ? AccountPolicy.normalisedEmail(login) : login.lowercased()
        let now = now()
        let window = limits.signInWindow
        let (accountKey, addressKey) = ("login:account:\(login)", "login:address:\(address)")
        let accountFailures = try await repository.eventCount(key: accountKey, window: window, at: now)
        let addressFailures = try await repository.eventCount(key: addressKey, window: window, at: now)
        if accountFailures >= limits.signInFailuresPerAccount || addressFailures >= limits.signInAttemptsPerAddress {
            throw AccountRefusal.tooManyAttempts(retryAfter: Int(window))
        }
        if accountFailures >= limits.signInSlowdownAfter {
            // Slow a guesser down without locking the real owner out.
            try await Task.sleep(for: .seconds(min(8, accountFailures - limits.signInSlowdownAfter + 1)))
        }
        let account = try await repository.account(login: login)
        let matches = try await passwordHasher.verify(password, against: account?.passwordHash)
        guard let account, matches else {
            _ = try await repository.countEvent(key: accountKey, window: window, at: now)
            _ = try await repository.countEvent(key: addressKey, window: window, at: now)
            throw AccountRefusal.invalidCredentials
        }
        return try await openSession(for: account, device: device)
    }

    /// Opens a new session for an account whose owner has just proved who they are (by
    /// signing in, or by creating the account a moment ago), without hashing the password again.
    public func openSession(for account: Account, device: SessionDevice = .app) async throws -> IssuedSession {
        let now = now()
        let (access, refresh) = (SecretToken.generate(), SecretToken.generate())
        _ = try await repository.createSession(playerID: account.player.id, familyID: UUID().uuidString,
                                               tokens: sessionTokens(access: access, refresh: refresh, at: now, device: device), at: now)
        return issued(access: access, refresh: refresh, account: account, device: device)
    }

    /// Spends a refresh token for new tokens in the same family. A token presented a second
    /// time (a copy in someone else's hands) revokes the whole family.
    public func refresh(refreshToken: String) async throws -> IssuedSession {
        let now = now()
        let (access, refresh) = (SecretToken.generate(), SecretToken.generate())
        let outcome = try await repository.refreshSession(
            refreshHash: tokenHash(refreshToken), replacement: sessionTokens(access: access, refresh: refresh, at: now), at: now
        ) { stored in stored.decision(at: now) }
        guard case .rotated(let session) = outcome, let account = try await repository.account(id: session.playerID) else {
            throw AccountRefusal.invalidRefreshToken
        }
        return issued(access: access, refresh: refresh, account: account)
    }

    /// Ends one session: its access token stops working at once.
    public func signOut(sessionID: Int64) async throws {
        try await repository.revokeSession(id: sessionID, at: now())
    }

    /// The live session and account an access token belongs to, if any, with the account's
    /// play version, which lets the player's progress and map
    /// kept from an earlier request answer (``progress(playerID:ownerVerified:playVersion:)``).
    /// Kept in the instance while the store's signals say it is current (``SignedInSessions``);
    /// read from the store otherwise.
    public func signedIn(accessToken: String) async throws -> SignedIn? {
        let (hash, now) = (tokenHash(accessToken), now())
        if let kept = sessions.kept(hash, at: now) { return kept }
        return try await readSession(hash, at: now)?.signedIn
    }

    private func sessionTokens(access: String, refresh: String, at now: Date, device: SessionDevice = .app) -> NewSessionTokens {
        NewSessionTokens(accessHash: tokenHash(access), refreshHash: tokenHash(refresh),
                         accessExpiresAt: now + accessLifetime(device), refreshExpiresAt: now + limits.refreshTokenLifetime)
    }

    private func accessLifetime(_ device: SessionDevice) -> TimeInterval {
        device == .browser ? limits.refreshTokenLifetime : limits.accessTokenLifetime
    }

    private func issued(access: String, refresh: String, account: Account, device: SessionDevice = .app) -> IssuedSession {
        IssuedSession(accessToken: access, refreshToken: refresh, expiresIn: Int(accessLifetime(device)), account: account)
    }
}
