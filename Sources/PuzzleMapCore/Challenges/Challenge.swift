import Foundation

/// A race between two friends to one riddle's place: the challenger names a category, the game
/// draws a riddle neither has solved, and once the friend accepts, the first of the two to scan
/// its checkpoint wins a bonus. The other is told who won and when.
public struct Challenge: Hashable, Sendable, Identifiable {
    /// How a challenge ended before its time ran out.
    public enum Closing: String, Codable, Sendable {
        /// One of the two scanned the place first.
        case won
        /// The challenged friend said no.
        case declined
        /// The challenger took it back before it was answered.
        case withdrawn
    }

    /// Where a challenge stands at a given moment. Time running out is never written down: it
    /// is read from the dates, so no job has to close anything.
    public enum State: Hashable, Sendable {
        /// Sent, waiting for the friend's answer until the date.
        case waiting(until: Date)
        /// Accepted: both race to the place until the date.
        case racing(until: Date)
        case won(by: Int64, at: Date)
        case declined(at: Date)
        case withdrawn(at: Date)
        /// Not answered, or not won, in time.
        case expired(at: Date)

        /// Still waiting or racing: it counts towards "one open challenge per pair of friends".
        public var isOpen: Bool {
            switch self {
            case .waiting, .racing: true
            case .won, .declined, .withdrawn, .expired: false
            }
        }
    }

    public var id: Int64
    public var challenger: Player
    public var challenged: Player
    public var riddleID: String
    public var checkpointID: String
    public var createdAt: Date
    public var acceptedAt: Date?
    public var closedAt: Date?
    public var closing: Closing?
    public var winnerID: Int64?

    public init(id: Int64, challenger: Player, challenged: Player, riddleID: String, checkpointID: String, createdAt: Date,
                acceptedAt: Date? = nil, closedAt: Date? = nil, closing: Closing? = nil, winnerID: Int64? = nil) {
        self.id = id
        self.challenger = challenger
        self.challenged = challenged
        self.riddleID = riddleID
        self.checkpointID = checkpointID
        self.createdAt = createdAt
        self.acceptedAt = acceptedAt
        self.closedAt = closedAt
        self.closing = closing
        self.winnerID = winnerID
    }

    /// The state at `now`, when an answer is awaited for `lifetime` after the challenge is sent
    /// and the race lasts `lifetime` after it is accepted.
    public func state(at now: Date, lifetime: TimeInterval) -> State {
        if let closedAt, let closing {
            switch closing {
            case .won: return .won(by: winnerID ?? 0, at: closedAt)
            case .declined: return .declined(at: closedAt)
            case .withdrawn: return .withdrawn(at: closedAt)
            }
        }
        if let acceptedAt {
            let end = acceptedAt + lifetime
            return now < end ? .racing(until: end) : .expired(at: end)
        }
        let end = createdAt + lifetime
        return now < end ? .waiting(until: end) : .expired(at: end)
    }

    public func involves(_ playerID: Int64) -> Bool {
        challenger.id == playerID || challenged.id == playerID
    }

    /// The other of the two, seen from `playerID`.
    public func opponent(of playerID: Int64) -> Player {
        challenger.id == playerID ? challenged : challenger
    }
}

/// What a new challenge is: the riddle the game drew for the two friends.
public struct ChallengeDraft: Hashable, Sendable {
    public var riddleID: String
    public var checkpointID: String

    public init(riddleID: String, checkpointID: String) {
        self.riddleID = riddleID
        self.checkpointID = checkpointID
    }
}

/// What one of the two does with a challenge that waits for an answer.
public enum ChallengeAnswer: String, Hashable, Sendable, CaseIterable {
    /// The challenged friend takes it on: the race starts.
    case accept
    /// The challenged friend says no.
    case decline
    /// The challenger takes it back.
    case withdraw
}
