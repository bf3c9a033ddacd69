import Foundation
import PuzzleMapCore

/// A player's own data, as they may take it away: everything the hunt keeps about them. Other
/// players appear only by their username and display name (never an email), and nothing in it
/// names a place the player has not found: a riddle held or given up, or a challenge's race,
/// comes with its text, not its place.
public struct AccountExport: Sendable {
    /// Another player, as an export names them.
    public struct Someone: Sendable, Hashable {
        public var username: String
        public var displayName: String

        init(_ player: Player) {
            username = player.username
            displayName = player.displayName
        }
    }

    /// A friend, or someone the player blocks, and since when.
    public struct Link: Sendable, Hashable {
        public var someone: Someone
        public var since: Date
    }

    /// A friend request waiting for an answer.
    public struct FriendRequest: Sendable, Hashable {
        public var id: Int64
        /// Who sent it (a request received) or who it is for (a request sent).
        public var someone: Someone
        public var sentAt: Date
    }

    /// A riddle the player held, holds now, solved or gave up.
    public struct RiddleHeld: Sendable, Hashable {
        public var id: Int64
        public var category: Category
        /// The riddle's text, as the player was shown it (`nil` if it is no longer in the game).
        public var riddle: String?
        /// The place's name, once the player solved it.
        public var place: String?
        public var hintsUsed: Int
        public var startedAt: Date
        public var closedAt: Date?
        public var outcome: RiddleAttempt.Outcome?
    }

    /// A voucher the player gave a friend.
    public struct VoucherGiven: Sendable, Hashable {
        public var voucherID: Int64
        public var offerID: String
        public var to: Someone
        public var givenAt: Date
    }

    /// The player's crew.
    public struct CrewMembership: Sendable, Hashable {
        public var id: Int64
        public var name: String
        public var createdAt: Date
        /// When the player joined it.
        public var joinedAt: Date
        public var isLeader: Bool
        /// Every member, the player too, in the order they joined.
        public var members: [Link]
    }

    /// An invitation into a crew, waiting for the player.
    public struct CrewInvitation: Sendable, Hashable {
        public var id: Int64
        public var crewName: String
        public var invitedBy: Someone
        public var invitedAt: Date
    }

    /// A challenge the player sent or received, and where it stands.
    public struct ChallengeTaken: Sendable, Hashable {
        public var id: Int64
        /// Whether the player sent it (rather than received it).
        public var sent: Bool
        public var opponent: Someone
        public var category: Category?
        /// The riddle of the race, once the challenge was accepted.
        public var riddle: String?
        public var state: Challenge.State
        public var createdAt: Date
    }

    public var account: Account
    /// The ledger, oldest first.
    public var events: [GameEvent]
    public var quiz: QuizResult?
    /// Oldest first.
    public var riddles: [RiddleHeld]
    /// Newest first.
    public var vouchers: [HeldVoucher]
    /// Oldest first.
    public var vouchersGiven: [VoucherGiven]
    /// By username.
    public var friends: [Link]
    /// Oldest first.
    public var friendRequestsReceived: [FriendRequest]
    public var friendRequestsSent: [FriendRequest]
    /// Those the player blocks, oldest first.
    public var blocked: [Link]
    public var crew: CrewMembership?
    /// Newest first.
    public var crewInvitations: [CrewInvitation]
    /// Oldest first.
    public var challenges: [ChallengeTaken]
    /// The problem reports the player sent, oldest first, with where each stands (not which
    /// organiser set it).
    public var reports: [StoredReport]
    /// The browsers with notices on (their push services' addresses and languages), and the
    /// topics turned off.
    public var notifications: Notifications = Notifications(phones: [], topicsOff: [])
    public var exportedAt: Date

    public struct Notifications: Sendable, Hashable {
        public var phones: [PushSubscription]
        /// In the order topics are listed.
        public var topicsOff: [PushTopic]

        public init(phones: [PushSubscription], topicsOff: [PushTopic]) {
            self.phones = phones
            self.topicsOff = topicsOff
        }
    }
}
