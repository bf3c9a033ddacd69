import Foundation

/// Why an organiser's moderation request was refused. The HTTP layer maps each case, in one
/// table, to a status, a stable code, a detail and a hint.
public enum ModerationRefusal: Error, Hashable, Sendable {
    /// No scan has that id.
    case scanNotFound
    /// The scan was voided before, at that instant: a void is never repeated.
    case scanAlreadyVoided(at: Date)
    /// No player has that username (staff and organisers are not moderated here).
    case playerNotFound
    /// A reason is required, from 1 to `maxLength` characters: the player reads it.
    case reasonRequired(maxLength: Int)
    /// An XP adjustment must be non-zero and at most `max` either way.
    case xpAdjustmentOutOfRange(max: Int)
    /// The player is already suspended.
    case alreadySuspended
    /// The player is not suspended, so cannot be reinstated.
    case notSuspended
}
