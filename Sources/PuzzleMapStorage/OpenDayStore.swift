import Foundation
import PuzzleMapCore

/// The account a visitor's nickname makes on an open day: no address anyone can mail, a
/// username nobody chooses, a password nobody knows (the session is the guest's only key).
public struct NewGuestAccount: Sendable {
    public var email: String
    public var username: String
    public var nickname: String
    public var passwordHash: String

    public init(email: String, username: String, nickname: String, passwordHash: String) {
        self.email = email
        self.username = username
        self.nickname = nickname
        self.passwordHash = passwordHash
    }
}

/// What a guest who signs up becomes: a player of the university, with the guest's ledger.
public struct GuestSignUp: Sendable {
    public var email: String
    public var username: String
    public var passwordHash: String
    public var verificationCodeHash: String
    public var verificationExpiresAt: Date
    public var mail: MailDraft

    public init(email: String, username: String, passwordHash: String, verificationCodeHash: String, verificationExpiresAt: Date, mail: MailDraft) {
        self.email = email
        self.username = username
        self.passwordHash = passwordHash
        self.verificationCodeHash = verificationCodeHash
        self.verificationExpiresAt = verificationExpiresAt
        self.mail = mail
    }
}

/// Open days and their guests. The decisions (may this code still be joined, is it time to
/// erase) are the game's; the store reads and writes the rows.
public protocol OpenDayStore: Sendable {
    /// Records an open day with its join code and the audit line `audit` gives for it, in one
    /// transaction; `StorageError.conflict("joinCode")` if another open day has the code.
    func createGuestEvent(_ plan: GuestEventPlan, joinCode: String, createdBy: String, at date: Date,
                          audit: @Sendable (GuestEvent) -> AuditRecord) async throws -> GuestEvent
    /// Every open day, the latest to start first, each with its count of guests.
    func guestEvents() async throws -> [GuestEvent]
    func guestEvent(id: Int64) async throws -> GuestEvent?
    func guestEvent(joinCode: String) async throws -> GuestEvent?
    /// Reads the open day under its lock and, unless `decide` refuses, creates the guest's
    /// account in it, in one transaction: no guest joins an event that has ended or been erased.
    func joinGuestEvent(joinCode: String, account: NewGuestAccount, at date: Date,
                        decide: @Sendable (GuestEvent?) -> OpenDayRefusal?) async throws -> Result<Account, OpenDayRefusal>
    /// Each live guest of the open day with their ledger, oldest event first.
    func guestLedgers(eventID: Int64) async throws -> [PlayerLedger]
    /// The open days whose guests are not erased yet and were due by `date`.
    func guestEventsDue(at date: Date) async throws -> [GuestEvent]
    /// The live guests of an open day (those who signed up are no longer its guests).
    func guestIDs(eventID: Int64) async throws -> [Int64]
    /// Marks the open day's guests erased, with the audit line, in one transaction.
    func markGuestsErased(eventID: Int64, at date: Date, audit: AuditRecord) async throws
    /// Turns a live guest into a player of the university in one transaction: the address,
    /// username and password given, the verification code and its mail, no longer a guest;
    /// the ledger, vouchers and quiz stay. `StorageError.conflict("email" | "username")` if taken,
    /// `StorageError.notFound` if the account is not a live guest.
    func signUpGuest(playerID: Int64, as signUp: GuestSignUp, at date: Date) async throws -> Account
}
