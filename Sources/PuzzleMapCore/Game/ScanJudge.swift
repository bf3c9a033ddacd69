/// What a genuine checkpoint scan means for a player, decided from what they hold and have done.
public enum ScanVerdict: Hashable, Sendable {
    /// The place one of their riddles leads to: the riddle is solved for its current reward.
    case solved(attempt: RiddleAttempt, riddle: Riddle, xp: Int)
    /// A place they have already found: nothing more to earn here.
    case alreadyVisited
    /// A genuine place, but not where any of their riddles leads: nothing is recorded unless
    /// they register the check-in.
    case wrongPlace
    /// No riddle held at all: exploring earns a little, and the place's riddle is shown for fun.
    case explored(xp: Int, riddle: Riddle?)
}

/// Decides a scan's outcome. Pure: the caller loads the state and applies the verdict in one
/// transaction.
public enum ScanJudge {
    public static func verdict(
        at checkpointID: String, active: [RiddleAttempt], events: [GameEvent], content: CampusContent
    ) -> ScanVerdict {
        if let attempt = active.first(where: { $0.checkpointID == checkpointID }),
           let riddle = content.riddles.first(where: { $0.id == attempt.riddleID }) {
            return .solved(attempt: attempt, riddle: riddle, xp: content.rules.reward(for: riddle.difficulty, hintsUsed: attempt.hintsUsed))
        }
        if events.counted.contains(where: { $0.checkpointID == checkpointID }) {
            return .alreadyVisited
        }
        if !active.isEmpty {
            return .wrongPlace
        }
        return .explored(xp: content.rules.exploreXP, riddle: content.riddles.first { $0.checkpointID == checkpointID })
    }
}
