import Foundation

/// The rules of challenges between friends, written once: the use cases and the scan decision
/// both ask here.
public struct ChallengeRules: Sendable {
    /// How long a challenge waits for its answer, and how long the race lasts once accepted.
    public let lifetime: TimeInterval

    public init(lifetime: TimeInterval) {
        self.lifetime = lifetime
    }

    public init(limits: GameLimits) {
        self.init(lifetime: limits.challengeLifetime)
    }

    /// Refuses a new challenge while the two have one waiting or racing (either way round).
    public func checkNoneOpen(between challenges: [Challenge], at now: Date) throws(ChallengeRefusal) {
        if challenges.contains(where: { $0.state(at: now, lifetime: lifetime).isOpen }) { throw .alreadyChallenged }
    }

    /// What `playerID` answering `challenge` with `answer` at `now` does, or why it may not.
    public func check(_ answer: ChallengeAnswer, to challenge: Challenge, by playerID: Int64, at now: Date) throws(ChallengeRefusal) {
        guard challenge.involves(playerID) else { throw .challengeNotFound }
        let allowed = answer == .withdraw ? challenge.challenger.id == playerID : challenge.challenged.id == playerID
        guard allowed else { throw .notYoursToAnswer }
        guard case .waiting = challenge.state(at: now, lifetime: lifetime) else { throw .challengeNotWaiting }
    }

    /// The challenges racing at `now` among `challenges`: their riddles count as held by both.
    public func racing(_ challenges: [Challenge], at now: Date) -> [Challenge] {
        challenges.filter { if case .racing = $0.state(at: now, lifetime: lifetime) { true } else { false } }
    }

    /// The racing challenge a scan of `checkpointID` wins, if there is one (the oldest first,
    /// should two friends' races lead to one place).
    public func won(at checkpointID: String, among challenges: [Challenge], at now: Date) -> Challenge? {
        racing(challenges, at: now).filter { $0.checkpointID == checkpointID }.min { $0.id < $1.id }
    }
}

extension ChallengeRules {
    /// How far back a new challenge's checks look: every challenge still open was sent within
    /// two lifetimes (an answer's wait, then the race), and the daily limit counts one day.
    public func lookBack(from now: Date) -> Date {
        now - max(2 * lifetime, 86_400)
    }

    /// Refuses a challenge from `challengerID` to `challengedID` while the two have one open,
    /// or once the challenger sent `perDay` in the last day. `recent` holds every challenge
    /// either of them sent or received since `lookBack(from:)`.
    public func checkNew(from challengerID: Int64, to challengedID: Int64, recent: [Challenge], perDay: Int,
                         at now: Date) throws(ChallengeRefusal) {
        let between = recent.filter { $0.involves(challengerID) && $0.involves(challengedID) }
        try checkNoneOpen(between: between, at: now)
        let sentToday = recent.filter { $0.challenger.id == challengerID && $0.createdAt > now - 86_400 }.count
        if sentToday >= perDay { throw .challengeLimitReached(perDay: perDay) }
    }
}
