import Foundation

/// The rules an organiser's moderation request is checked against before anything is written.
public enum ModerationRules {
    /// The longest reason kept: a sentence or two the player reads.
    public static let maxReasonLength = 300

    /// The reason as kept (trimmed), or the refusal for a blank or overlong one.
    public static func reason(_ text: String) -> Result<String, ModerationRefusal> {
        guard let trimmed = text.trimmed(maxLength: maxReasonLength) else { return .failure(.reasonRequired(maxLength: maxReasonLength)) }
        return .success(trimmed)
    }

    /// Refuses an XP adjustment of zero or beyond the organiser's limit either way.
    public static func checkAdjustment(xp: Int, limits: GameLimits) -> ModerationRefusal? {
        xp != 0 && abs(xp) <= limits.xpAdjustmentMax ? nil : .xpAdjustmentOutOfRange(max: limits.xpAdjustmentMax)
    }
}
