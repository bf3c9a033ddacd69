import Foundation
import PuzzleMapCore

/// The result of presenting a refresh token.
public enum RefreshOutcome: Sendable, Equatable {
    /// The token was current: its session is replaced by a new one in the same family.
    case rotated(Session)
    /// The token was already spent: someone holds a copy. Its whole family is revoked.
    case reuseDetected
    /// No such token, or it expired or was revoked.
    case invalid
}

/// Hashes of a new session's tokens and when they expire.
public struct NewSessionTokens: Sendable {
    public var accessHash: String
    public var refreshHash: String
    public var accessExpiresAt: Date
    public var refreshExpiresAt: Date

    public init(accessHash: String, refreshHash: String, accessExpiresAt: Date, refreshExpiresAt: Date) {
        self.accessHash = accessHash
        self.refreshHash = refreshHash
        self.accessExpiresAt = accessExpiresAt
        self.refreshExpiresAt = refreshExpiresAt
    }
}

/// Accounts, sessions, mail and the counters that slow down abuse.
public protocol AccountStore: Sendable {
    /// Creates a player's account; `StorageError.conflict("email" | "username")` if taken.
    /// The welcome mail is queued in the same transaction, so it is never lost.
    func createAccount(email: String, username: String, displayName: String, passwordHash: String,
                       verificationCodeHash: String, verificationExpiresAt: Date, mail: MailDraft, at date: Date) async throws -> Account
    /// The live account with this email or username (either, any case).
    func account(login: String) async throws -> Account?
    func account(id: Int64) async throws -> Account?
    func updateAccount(id: Int64, displayName: String?, passwordHash: String?) async throws -> Account
    func setRole(email: String, role: Role, partnerID: String?) async throws -> Account
    /// Erases the person: email and names become `placeholder`'s, and password, sessions and
    /// quiz go; only the anonymous ledger stays for the organisers' aggregates.
    func eraseAccount(id: Int64, leaving placeholder: ErasedPlayer, at date: Date) async throws

    // MARK: Email verification and password resets

    /// Reads the player's pending verification code under its lock, lets `decide` judge the
    /// code presented and applies the verdict in the same transaction: `verified` spends the
    /// code and marks the address verified, `wrongCode` counts one more failed attempt. `nil`
    /// if the player has no pending code.
    func verifyEmail(playerID: Int64, at date: Date,
                     decide: @Sendable (PendingVerification) -> VerificationVerdict) async throws -> VerificationVerdict?
    /// Replaces the player's pending verification code and queues its mail.
    func replaceVerificationCode(playerID: Int64, codeHash: String, expiresAt: Date, mail: MailDraft, at date: Date) async throws
    /// Keeps the address the player asks to change to, with the code mailed to it (replacing any
    /// change asked for before and its count of wrong codes), and queues `mails`, in one transaction.
    func requestEmailChange(playerID: Int64, newEmail: String, codeHash: String, expiresAt: Date, mails: [MailDraft], at date: Date) async throws
    /// The address the player asked to change to, while its code waits.
    func pendingEmailChange(playerID: Int64) async throws -> String?
    /// Reads the player's pending change under its lock, lets `decide` judge the code presented
    /// and applies the verdict in the same transaction: `verified` makes the new address the
    /// account's, verified at `date`, and spends the change; `wrongCode` counts one more failed
    /// attempt. `nil` if no change waits; `StorageError.conflict("email")` (nothing changed) if
    /// another account holds the address by now.
    func confirmEmailChange(playerID: Int64, at date: Date,
                            decide: @Sendable (PendingVerification) -> VerificationVerdict) async throws -> VerificationVerdict?
    func createPasswordReset(playerID: Int64, tokenHash: String, expiresAt: Date, mail: MailDraft, at date: Date) async throws
    /// Reads a live player's reset under its lock and, if `decide` admits it, spends the token,
    /// sets the new password and revokes every session, in one transaction. Returns the
    /// player, or `nil` if the token is unknown or `decide` refused it.
    func resetPassword(tokenHash: String, newPasswordHash: String, at date: Date,
                       decide: @Sendable (PendingPasswordReset) -> Bool) async throws -> Int64?

    // MARK: Sessions

    func createSession(playerID: Int64, familyID: String, tokens: NewSessionTokens, at date: Date) async throws -> Session
    /// The session and account an access token belongs to, if it is live, with the account's
    /// play version: what every request reads first, in one round trip.
    func signedIn(accessHash: String, at date: Date) async throws -> SignedIn?
    /// Reads the session a refresh token names under its lock, lets `decide` choose, and
    /// applies the choice in the same transaction: `rotate` spends the token and opens
    /// `replacement` in the same family, `revokeFamily` revokes the family's live sessions.
    /// `invalid` if no session has the token.
    func refreshSession(refreshHash: String, replacement: NewSessionTokens, at date: Date,
                        decide: @Sendable (RefreshingSession) -> RefreshDecision) async throws -> RefreshOutcome
    func revokeSession(id: Int64, at date: Date) async throws
    /// Signs the player out everywhere, except on the session `keeping` names (the device
    /// that changed the password stays signed in).
    func revokeAllSessions(playerID: Int64, keeping: Int64?, at date: Date) async throws

    // MARK: Mail

    func pendingMail(limit: Int, at date: Date) async throws -> [OutgoingMail]
    func allMail(limit: Int) async throws -> [OutgoingMail]
    func markMailSent(id: Int64, at date: Date) async throws
    /// Records a failed delivery; the mail is retried after `retryAt`.
    func markMailFailed(id: Int64, error: String, retryAt: Date) async throws

    // MARK: Rate limits

    /// Counts one more event under `key` in the current fixed window and returns the count,
    /// so limits hold across every instance sharing the database.
    func countEvent(key: String, window: TimeInterval, at date: Date) async throws -> Int
    /// The count under `key` in the current window, without adding to it.
    func eventCount(key: String, window: TimeInterval, at date: Date) async throws -> Int
    /// A sequence of what changes of sessions and accounts, for one listener, until it stops
    /// iterating: ``AccountSignal/listening`` first once signals flow, ``AccountSignal/lost``
    /// whenever they may not.
    func accountSignals() -> AsyncStream<AccountSignal>
}

/// A mail to queue.
public struct MailDraft: Sendable {
    public var recipient: String
    public var subject: String
    public var body: String

    public init(recipient: String, subject: String, body: String) {
        self.recipient = recipient
        self.subject = subject
        self.body = body
    }
}

/// A live session as a request finds it: the session, its account and the account's
/// ``PlayVersion`` read with them.
public struct SignedIn: Sendable, Equatable {
    public var session: Session
    public var account: Account
    public var playVersion: Int64
    /// Raised by every friendship and block made or ended of the player's (migrations v31, v32).
    public var friendsVersion: Int64

    public init(session: Session, account: Account, playVersion: Int64, friendsVersion: Int64 = 0) {
        self.session = session
        self.account = account
        self.playVersion = playVersion
        self.friendsVersion = friendsVersion
    }
}
