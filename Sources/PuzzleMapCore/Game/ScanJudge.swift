/// What a genuine checkpoint scan means for a player, decided from what they hold and have done.
public enum ScanVerdict: Hashable, Sendable {
    /// The place one of their riddles leads to: the riddle is solved for its current reward.
    case solved(attempt: RiddleAttempt, riddle: Riddle, xp: Int)
    /// The place one of their riddles leads to, which they solved since it was drawn (with
    /// their crew, or first in a race): the riddle closes as solved and pays nothing twice.
    case solvedBefore(attempt: RiddleAttempt, riddle: Riddle)
    /// A place they have already found: nothing more to earn here.
    case alreadyVisited
    /// A genuine place, but not where any of their riddles leads: nothing is recorded unless
    /// they register the check-in.
    case wrongPlace
    /// No riddle held at all: exploring earns a little, and the place's riddle is shown for fun.
    case explored(xp: Int, riddle: Riddle?)
    /// The place of a challenge's riddle the player races a friend to: solved like a held
    /// riddle (no hints are given in a race).
    case raced(challenge: Challenge, riddle: Riddle, xp: Int)
}

/// Decides a scan's outcome. Pure: the caller loads the state and applies the verdict in one
/// transaction.
public enum ScanJudge {
    /// `racing` are the player's challenges racing now: their riddles count as held.
    public static func verdict(
        at checkpointID: String, active: [RiddleAttempt], racing: [Challenge] = [], events: [GameEvent], content: CampusContent
    ) -> ScanVerdict {
        let counted = events.counted
        if let attempt = active.first(where: { $0.checkpointID == checkpointID }),
           let riddle = content.riddles.first(where: { $0.id == attempt.riddleID }) {
            // A place pays its solver once, whoever's riddle it was: solved since with the crew
            // or in a race, the player's own riddle there closes without paying again.
            if counted.contains(where: { $0.kind == .solved && $0.checkpointID == checkpointID }) {
                return .solvedBefore(attempt: attempt, riddle: riddle)
            }
            return .solved(attempt: attempt, riddle: riddle, xp: content.rules.reward(for: riddle.difficulty, hintsUsed: attempt.hintsUsed))
        }
        // A place solved since the challenge was drawn pays nothing twice.
        if !counted.contains(where: { $0.kind == .solved && $0.checkpointID == checkpointID }),
           let race = racing.first(where: { $0.checkpointID == checkpointID }),
           let riddle = content.riddles.first(where: { $0.id == race.riddleID }) {
            return .raced(challenge: race, riddle: riddle, xp: content.rules.reward(for: riddle.difficulty, hintsUsed: 0))
        }
        if counted.contains(where: { $0.checkpointID == checkpointID }) {
            return .alreadyVisited
        }
        if !active.isEmpty || !racing.isEmpty {
            return .wrongPlace
        }
        return .explored(xp: content.rules.exploreXP, riddle: content.riddles.first { $0.checkpointID == checkpointID })
    }
}
