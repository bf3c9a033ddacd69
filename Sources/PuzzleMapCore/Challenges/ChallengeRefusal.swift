import Foundation

/// Why a challenge could not be sent or answered. The HTTP layer maps each case, in one table,
/// to a status, a stable code, a detail and a hint.
public enum ChallengeRefusal: Error, Hashable, Sendable {
    /// Only friends challenge each other.
    case notFriends
    /// No challenge of the player's by that id (or one they may not see).
    case challengeNotFound
    /// The two already have a challenge waiting or racing: one at a time per pair.
    case alreadyChallenged
    /// Every open place of the category with a riddle is solved (or held) by one of the two.
    case noCommonRiddle(Category)
    /// The player sent as many challenges as a day allows.
    case challengeLimitReached(perDay: Int)
    /// The challenge no longer waits for an answer (answered, withdrawn, won or expired).
    case challengeNotWaiting
    /// Only the challenged friend accepts or declines; only the challenger withdraws.
    case notYoursToAnswer
}
