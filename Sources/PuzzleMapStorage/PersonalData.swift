import Foundation
import PuzzleMapCore

/// Everything the hunt keeps about one player that is theirs to take away, read in one
/// snapshot for their own export (``ExportStore/personalData(playerID:)``). Other players come
/// as the store keeps them; the game decides how little of them an export shows.
public struct PersonalData: Sendable, Equatable {
    /// Another player linked to this one (a friend, someone they block), and since when.
    public struct Link: Sendable, Equatable {
        public var player: Player
        public var since: Date

        public init(player: Player, since: Date) {
            self.player = player
            self.since = since
        }
    }

    /// A voucher the player holds, with who gave it.
    public struct HeldVoucher: Sendable, Equatable {
        public var voucher: Voucher
        /// The giver's account, for a gift from someone who has not erased theirs.
        public var giver: Player?

        public init(voucher: Voucher, giver: Player?) {
            self.voucher = voucher
            self.giver = giver
        }
    }

    /// A voucher the player gave a friend, as it is now.
    public struct GivenVoucher: Sendable, Equatable {
        public var voucher: Voucher
        public var recipient: Player
        public var givenAt: Date

        public init(voucher: Voucher, recipient: Player, givenAt: Date) {
            self.voucher = voucher
            self.recipient = recipient
            self.givenAt = givenAt
        }
    }

    /// The ledger, oldest first.
    public var events: [GameEvent]
    public var quiz: QuizResult?
    /// Every riddle the player has held, held now or closed, oldest first.
    public var riddleAttempts: [RiddleAttempt]
    /// Newest first.
    public var vouchers: [HeldVoucher]
    /// Oldest gift first.
    public var vouchersGiven: [GivenVoucher]
    /// By username, ignoring case; erased accounts left out.
    public var friends: [Link]
    /// Waiting requests to the player and from them, oldest first; erased accounts left out.
    public var friendRequestsReceived: [FriendRequest]
    public var friendRequestsSent: [FriendRequest]
    /// Those the player blocks (not who blocks them), oldest first; erased accounts left out.
    public var blocked: [Link]
    public var crew: Crew?
    /// Crew invitations waiting for the player, newest first.
    public var crewInvitations: [CrewInvitation]
    /// Sent and received, oldest first.
    public var challenges: [Challenge]
    /// The problem reports the player sent, oldest first.
    public var reports: [StoredReport]

    public init(events: [GameEvent], quiz: QuizResult?, riddleAttempts: [RiddleAttempt], vouchers: [HeldVoucher], vouchersGiven: [GivenVoucher],
                friends: [Link], friendRequestsReceived: [FriendRequest], friendRequestsSent: [FriendRequest], blocked: [Link], crew: Crew?,
                crewInvitations: [CrewInvitation], challenges: [Challenge], reports: [StoredReport]) {
        self.events = events
        self.quiz = quiz
        self.riddleAttempts = riddleAttempts
        self.vouchers = vouchers
        self.vouchersGiven = vouchersGiven
        self.friends = friends
        self.friendRequestsReceived = friendRequestsReceived
        self.friendRequestsSent = friendRequestsSent
        self.blocked = blocked
        self.crew = crew
        self.crewInvitations = crewInvitations
        self.challenges = challenges
        self.reports = reports
    }
}
