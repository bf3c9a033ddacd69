import Foundation
import PuzzleMapCore

/// What happens when a player asks for a riddle in a category.
public enum RiddleRequestOutcome: Sendable, Equatable {
    /// The player already holds one in that category: the same one again.
    case existing(RiddleAttempt)
    /// A new riddle was drawn and is now held.
    case started(RiddleAttempt)
    /// `choose` found none to offer, given this ledger (as it was told it).
    case noneChosen(ledger: [GameEvent])
}

/// The player's side of the game: the quiz, the riddles they hold, the hints they take.
public protocol PlayStore: Sendable {
    func saveQuiz(playerID: Int64, result: QuizResult) async throws
    func quiz(playerID: Int64) async throws -> QuizResult?

    /// Holds `choose`'s riddle for the player unless one of the category is already held. The
    /// check and the insert are one transaction, so two simultaneous requests hold one riddle.
    /// `choose` is told the player's ledger (the game says which places it solved: a voided
    /// solve does not count) and the riddles given up after `givenUpSince`; when it chooses
    /// none, the outcome carries the ledger, so the caller can say why.
    func startRiddle(playerID: Int64, category: Category, at date: Date, givenUpSince: Date,
                     choose: @Sendable (_ ledger: [GameEvent], _ recentlyGivenUpRiddleIDs: Set<String>) -> Riddle?) async throws -> RiddleRequestOutcome
    func activeAttempts(playerID: Int64) async throws -> [RiddleAttempt]
    func attempt(id: Int64, playerID: Int64) async throws -> RiddleAttempt?
    /// Gives up an active riddle; `nil` if it is not the player's or not active.
    func giveUp(attemptID: Int64, playerID: Int64, at date: Date) async throws -> RiddleAttempt?
    /// Spends the next hint, noting when for the organisers' figures: the attempt with one more
    /// hint, or `nil` when none is left or the attempt is not the player's active one.
    func takeHint(attemptID: Int64, playerID: Int64, maxHints: Int, at date: Date) async throws -> RiddleAttempt?
    /// The ledger, the riddles held and the vouchers, read together in one transaction: one
    /// round trip for the progress page, and a consistent view of the three.
    func progressState(playerID: Int64) async throws -> ProgressState
}

/// What a player's progress is computed from.
public struct ProgressState: Sendable, Equatable {
    public var events: [GameEvent]
    public var activeAttempts: [RiddleAttempt]
    /// Newest first, as `vouchers(playerID:)` gives them.
    public var vouchers: [Voucher]
    /// The player's play version when these were read (see ``PlayVersion``).
    public var playVersion: Int64

    public init(events: [GameEvent], activeAttempts: [RiddleAttempt], vouchers: [Voucher], playVersion: Int64 = 0) {
        self.events = events
        self.activeAttempts = activeAttempts
        self.vouchers = vouchers
        self.playVersion = playVersion
    }
}

/// A number per player that every change to their ledger (`gameEvent`), riddles held
/// (`riddleAttempt`) or freebies (`voucher`) makes larger, whichever statement makes it: the
/// stores' triggers keep it, so no write path can forget it. Read with the session, it tells
/// whether what was computed from that player's state at an earlier request is still current.
public enum PlayVersion {
    /// The tables whose rows, by their `playerId`, a player's progress and map are read from.
    public static let tables = ["gameEvent", "riddleAttempt", "voucher"]
}
