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

    public init(id: Int64, playerID: Int64, kind: Kind, checkpointID: String?, riddleID: String?, xp: Int, hintsUsed: Int = 0, occurredAt: Date) {
        self.id = id
        self.playerID = playerID
        self.kind = kind
        self.checkpointID = checkpointID
        self.riddleID = riddleID
        self.xp = xp
        self.hintsUsed = hintsUsed
        self.occurredAt = occurredAt
    }
}
