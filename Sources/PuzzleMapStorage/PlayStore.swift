import Foundation
import PuzzleMapCore

/// What happens when a player asks for a riddle in a category.
public enum RiddleRequestOutcome: Sendable, Equatable {
    /// The player already holds one in that category: the same one again.
    case existing(RiddleAttempt)
    /// A new riddle was drawn and is now held.
    case started(RiddleAttempt)
    /// None to offer, for the reason the game gave.
    case refused(GameRefusal)
}

/// The player's side of the game: the quiz, the riddles they hold, the hints they take.
public protocol PlayStore: Sendable {
    func saveQuiz(playerID: Int64, result: QuizResult) async throws
    func quiz(playerID: Int64) async throws -> QuizResult?

    /// Reads what the player holds, gave up and found (`RiddleHoldings`) under the player's
    /// lock, lets `decide` say what asking in `category` comes to, and writes it: the releases
    /// it decided (closed, their holders told), then the new attempt. One transaction, so two
    /// simultaneous requests hold one riddle.
    func startRiddle(playerID: Int64, category: Category, at date: Date,
                     decide: @Sendable (RiddleHoldings) -> RiddleRequestDecision) async throws -> RiddleRequestOutcome
    func activeAttempts(playerID: Int64) async throws -> [RiddleAttempt]
    /// The player's latest attempt in each category, held or closed, in category order.
    func latestAttempts(playerID: Int64) async throws -> [RiddleAttempt]
    func attempt(id: Int64, playerID: Int64) async throws -> RiddleAttempt?
    /// Gives up an active riddle; `nil` if it is not the player's or not active.
    func giveUp(attemptID: Int64, playerID: Int64, at date: Date) async throws -> RiddleAttempt?
    /// Spends the next hint, noting when for the organisers' figures: the attempt with one more
    /// hint, or `nil` when none is left or the attempt is not the player's active one.
    func takeHint(attemptID: Int64, playerID: Int64, maxHints: Int, at date: Date) async throws -> RiddleAttempt?
    /// The ledger, the riddles held and the vouchers, read together in one transaction: one
    /// round trip for the progress page, and a consistent view of the three. With `eventID`, of
    /// the ledger only the events after it (by id) are read, and those up to it are counted
    /// (``ProgressState/eventsUpTo``): all a standing kept from an earlier read needs to be
    /// carried forward.
    func progressState(playerID: Int64, eventsAfter eventID: Int64?) async throws -> ProgressState
}

extension PlayStore {
    /// The whole ledger, the riddles held and the vouchers (see ``progressState(playerID:eventsAfter:)``).
    public func progressState(playerID: Int64) async throws -> ProgressState {
        try await progressState(playerID: playerID, eventsAfter: nil)
    }
}

/// What a player's progress is computed from.
public struct ProgressState: Sendable, Equatable {
    /// In the order written: the whole ledger, or the events after the one asked for.
    public var events: [GameEvent]
    /// When only the events after one were asked for, how many there are up to it and with it.
    public var eventsUpTo: Int?
    public var activeAttempts: [RiddleAttempt]
    /// Newest first, as `vouchers(playerID:)` gives them.
    public var vouchers: [Voucher]
    /// The player's play version when these were read (see ``PlayVersion``).
    public var playVersion: Int64

    public init(events: [GameEvent], eventsUpTo: Int? = nil, activeAttempts: [RiddleAttempt], vouchers: [Voucher], playVersion: Int64 = 0) {
        self.events = events
        self.eventsUpTo = eventsUpTo
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
