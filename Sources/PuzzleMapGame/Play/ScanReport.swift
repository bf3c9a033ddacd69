import Foundation
import PuzzleMapCore

/// What a scan of a genuine checkpoint decided, as the game sees it: kept with the scan under
/// its idempotency key, so a retried upload is answered with exactly the same result.
public struct ScanReport: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable {
        /// The place one of the player's riddles leads to.
        case solved
        /// A place the player has found before: nothing more to earn.
        case alreadyVisited = "already_visited"
        /// A real checkpoint, but not where any riddle held leads: a check-in waits.
        case wrongPlace = "wrong_place"
        /// No riddle held: exploring earns a little, and the place's riddle is shown for fun.
        case explored
        /// The crew riddle's place: the scan counts, and a second member's scan within the
        /// window solves it.
        case crewWaiting = "crew_waiting"
    }

    /// A wrong-place check-in waiting for the player's decision.
    public struct CheckIn: Codable, Sendable, Equatable {
        public var id: String
        public var expiresAt: Date
    }

    public var kind: Kind
    /// The place scanned, as the content described it when the scan was decided.
    public var checkpoint: Checkpoint
    /// XP, level, badges and vouchers the scan brought.
    public var standing: StandingChange
    /// The riddle's insider fact, for a solve.
    public var insider: String?
    /// The place's riddle, shown for fun to an explorer.
    public var funRiddle: String?
    /// The pending check-in of a wrong-place scan.
    public var checkIn: CheckIn?
    /// Flagged for organisers (implausibly fast since the previous scan).
    public var flagged: Bool
    /// When it was decided, and whether the owner's email was verified then: what the vouchers'
    /// statuses were read at.
    public var decidedAt: Date
    public var ownerVerified: Bool
    /// The challenge the scan won: the friend beaten and the bonus (included in `standing`).
    public var challengeWon: ChallengeWin?
    /// The crew riddle the scan counted for: solved with whom, or waiting for a second member.
    public var crew: CrewOutcome?

    public struct CrewOutcome: Codable, Sendable, Equatable {
        public var crewName: String
        public var solved: Bool
        /// The other members who took part, by display name.
        public var with: [String]
        public var windowMinutes: Int
    }

    /// A race to a place won by a scan.
    public struct ChallengeWin: Codable, Sendable, Equatable {
        public var challengeID: Int64
        /// The friend beaten, by username and display name.
        public var opponentUsername: String
        public var opponentName: String
        public var bonusXP: Int
    }
}

/// A scan's outcome as kept for replays: a decision, or the one refusal decided inside the
/// scan's transaction.
public enum ScanOutcome: Codable, Sendable, Equatable {
    case decided(ScanReport)
    case photoAlreadyUsed

    /// The label organisers' metrics and scan log use.
    public var label: String {
        switch self {
        case .decided(let report): report.kind.rawValue
        case .photoAlreadyUsed: "photo_already_used"
        }
    }
}

/// A scan's answer: fresh, or replayed for a retried upload under the same key.
public struct ScanResult: Sendable, Equatable {
    public var outcome: ScanOutcome
    public var replayed: Bool

    public init(outcome: ScanOutcome, replayed: Bool) {
        self.outcome = outcome
        self.replayed = replayed
    }
}

/// What a photo or a typed code brought to a scan.
public struct ScanSubmission: Sendable {
    /// The texts of the codes read (a photo may hold several), or the one typed.
    public var texts: [String]
    public var photo: PhotoFingerprint?
    public var location: ReportedLocation?

    public init(texts: [String], photo: PhotoFingerprint? = nil, location: ReportedLocation? = nil) {
        self.texts = texts
        self.photo = photo
        self.location = location
    }
}
