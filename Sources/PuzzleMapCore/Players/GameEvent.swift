import Foundation

/// What happened in a player's game. Events are appended, never edited: a player's XP and
/// badges are always what their ledger adds up to.
public struct GameEvent: Hashable, Codable, Sendable, Identifiable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Found the checkpoint of an active riddle.
        case solved
        /// Found a checkpoint with no riddle active.
        case explored
        /// Registered a wrong-place check-in.
        case checkedIn = "checked_in"
        /// An organiser voided a scan: `xp` takes back what the scan's events earned, and the
        /// scan's events stop counting towards badges and places (`scanID` names the scan).
        case voided
        /// An organiser added or took away XP, for `reason`.
        case adjusted
        /// Scanned a challenge's place before the friend did: the bonus (`riddleID` names the
        /// challenge's riddle, `scanID` the winning scan, so voiding the scan takes it back).
        case challengeWon = "challenge_won"
        /// Took part in solving a crew riddle: the crew bonus, on top of the riddle's `solved`.
        case crewBonus = "crew_bonus"
    }

    public var id: Int64
    public var playerID: Int64
    public var kind: Kind
    public var checkpointID: String?
    public var riddleID: String?
    public var xp: Int
    /// Hints taken before a solve (0 for other kinds).
    public var hintsUsed: Int
    public var occurredAt: Date
    /// The scan the event came from (solved, explored), or the scan it voids (voided).
    public var scanID: Int64?
    /// Why an organiser voided or adjusted, shown to the player.
    public var reason: String?

    public init(id: Int64, playerID: Int64, kind: Kind, checkpointID: String?, riddleID: String?, xp: Int, hintsUsed: Int = 0, occurredAt: Date,
                scanID: Int64? = nil, reason: String? = nil) {
        self.id = id
        self.playerID = playerID
        self.kind = kind
        self.checkpointID = checkpointID
        self.riddleID = riddleID
        self.xp = xp
        self.hintsUsed = hintsUsed
        self.occurredAt = occurredAt
        self.scanID = scanID
        self.reason = reason
    }
}

extension Array where Element == GameEvent {
    /// The events that count towards badges, places and riddles: every event but the voids and
    /// the events of the scans they void. Their XP adds up to the whole ledger's, since a void
    /// takes back exactly what its scan earned.
    public var counted: [GameEvent] {
        let voided = Set(compactMap { $0.kind == .voided ? $0.scanID : nil })
        guard !voided.isEmpty else { return self }
        return filter { $0.kind != .voided && !($0.scanID.map(voided.contains) ?? false) }
    }
}
