import Foundation

/// Something a player should hear of at once, on whatever page they have open: a gift, a
/// friend's request or answer, the barista redeeming the voucher on their screen, a badge or
/// level, a challenge's news. The game decides which happen; a store writes them in the same
/// transaction as what caused them, so a crash loses none and invents none.
///
/// The words are the web app's (`live.<kind>` in its texts, filled from `values`); the event
/// keeps only the facts.
///
/// To announce something new: add a kind (and its `live.<kind>` text), build the event where
/// the game decides the change (beside the effect a store is given: `ScanEffect.liveEvents`,
/// or an `announce` closure of the store method), and the store's transaction writes it.
public struct LiveEvent: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A friend gave the player a voucher (`from`, `offer`; `subjectID` the voucher).
        case giftReceived = "gift_received"
        /// Someone asks to be friends (`from`).
        case friendRequest = "friend_request"
        /// A player the player asked accepted (`from`).
        case friendAccepted = "friend_accepted"
        /// Shop staff redeemed the player's voucher (`offer`, `partner`; `subjectID` the voucher).
        case voucherRedeemed = "voucher_redeemed"
        /// A badge earned (`badge`).
        case badgeEarned = "badge_earned"
        /// A level reached (`level`).
        case levelReached = "level_reached"
        /// A friend's challenge waits for an answer (`from`; `subjectID` the challenge).
        case challengeReceived = "challenge_received"
        /// The friend challenged accepted (`from`; `subjectID` the challenge).
        case challengeAccepted = "challenge_accepted"
        /// The friend challenged declined (`from`; `subjectID` the challenge).
        case challengeDeclined = "challenge_declined"
        /// The friend got to the race's place first (`from`; `subjectID` the challenge).
        case challengeLost = "challenge_lost"
        /// Someone joined the player's crew (`from`, `crew`).
        case crewJoined = "crew_joined"
        /// A crew member scanned the crew riddle's place (`from`, `minutes` left to join them).
        case crewScanned = "crew_scanned"
        /// A crew member took a hint on the crew riddle (`from`, `hint`: its number).
        case crewHint = "crew_hint"
        /// The crew solved its riddle with the player taking part (`place`, `xp`).
        case crewSolved = "crew_solved"
        /// A friend invited the player into their crew (`from`, `crew`; `subjectID` the invitation).
        case crewInvited = "crew_invited"
        /// A riddle the player held left the game (`category`; `subjectID` the attempt): they may
        /// ask for another in the category at once.
        case riddleReleased = "riddle_released"
        /// The crew's riddle left the game (`category`; `subjectID` the crew riddle): the crew
        /// may ask for another in the category at once.
        case crewRiddleReleased = "crew_riddle_released"
        /// A freebie the player holds lapses soon (`offer`, `hours` left; `subjectID` the voucher).
        case freebieLapsing = "freebie_lapsing"
    }

    /// Who hears of it.
    public var playerID: Int64
    public var kind: Kind
    /// The facts the words are filled from, by name.
    public var values: [String: String]
    /// What it is about (a voucher, a challenge), for the page that shows it.
    public var subjectID: Int64?

    public init(playerID: Int64, kind: Kind, values: [String: String] = [:], subjectID: Int64? = nil) {
        self.playerID = playerID
        self.kind = kind
        self.values = values
        self.subjectID = subjectID
    }
}

/// A live event as kept: numbered in the order its player's events were committed.
public struct StoredLiveEvent: Hashable, Sendable {
    /// 1, 2, 3, ... per player, in commit order: a client that saw number `n` has seen every
    /// event of theirs numbered up to `n`.
    public var sequence: Int64
    public var event: LiveEvent
    public var createdAt: Date

    public init(sequence: Int64, event: LiveEvent, createdAt: Date) {
        self.sequence = sequence
        self.event = event
        self.createdAt = createdAt
    }
}

/// Where a player's stream stands: the last of their own events and the last organisers'
/// message it has passed on. It is the stream's `Last-Event-ID`, written `events.broadcasts`.
public struct LiveCursor: Hashable, Sendable, CustomStringConvertible {
    public var events: Int64
    public var broadcasts: Int64

    public init(events: Int64, broadcasts: Int64) {
        self.events = events
        self.broadcasts = broadcasts
    }

    /// Reads a `Last-Event-ID` this service wrote; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let events = Int64(parts[0]), let broadcasts = Int64(parts[1]), events >= 0, broadcasts >= 0 else { return nil }
        self.init(events: events, broadcasts: broadcasts)
    }

    public var description: String { "\(events).\(broadcasts)" }
}
