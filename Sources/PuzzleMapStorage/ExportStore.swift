import Foundation
import PuzzleMapCore

/// A player and their ledger, for the progress export.
public struct PlayerLedger: Sendable, Equatable {
    public var player: Player
    /// Oldest first.
    public var events: [GameEvent]

    public init(player: Player, events: [GameEvent]) {
        self.player = player
        self.events = events
    }
}

/// One line of the scan log, for the scans export.
public struct ScanLogEntry: Sendable, Equatable {
    public var id: Int64
    public var at: Date
    /// The player's username (an erased account's placeholder once erased).
    public var username: String
    public var checkpointID: String
    /// As the scan log records it: `solved`, `explored`, `already_visited`, `wrong_place`, `photo_already_used`.
    public var outcome: String
    public var flagged: Bool
    /// Where the phone said it was, if it did.
    public var location: ReportedLocation?

    public init(id: Int64, at: Date, username: String, checkpointID: String, outcome: String, flagged: Bool, location: ReportedLocation?) {
        self.id = id
        self.at = at
        self.username = username
        self.checkpointID = checkpointID
        self.outcome = outcome
        self.flagged = flagged
        self.location = location
    }
}

/// A redemption as a partner's accounting reads it.
public struct RedemptionLogEntry: Sendable, Equatable {
    public var voucher: Voucher
    public var partnerID: String
    /// The display name of the player who held it.
    public var playerDisplayName: String
    /// The username of the staff member who redeemed it (`nil` if that account is gone).
    public var staffUsername: String?

    public init(voucher: Voucher, partnerID: String, playerDisplayName: String, staffUsername: String?) {
        self.voucher = voucher
        self.partnerID = partnerID
        self.playerDisplayName = playerDisplayName
        self.staffUsername = staffUsername
    }
}

/// What the exports read, each a consistent snapshot: the organisers' CSV files and a player's
/// own data.
public protocol ExportStore: Sendable {
    /// Every live player account signed up before `end`, by id, with its ledger events before `end`.
    func ledgers(until end: Date) async throws -> [PlayerLedger]
    /// Scans made from `start` up to (not including) `end`, in the order made.
    func scanLog(from start: Date, to end: Date) async throws -> [ScanLogEntry]
    /// Vouchers redeemed from `start` up to `end`, at one partner or (`nil`) all, in the order redeemed.
    func redemptionLog(partnerID: String?, from start: Date, to end: Date) async throws -> [RedemptionLogEntry]
    /// Everything kept about the player that is theirs to take away, read in one transaction.
    func personalData(playerID: Int64) async throws -> PersonalData
}
