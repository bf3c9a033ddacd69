import Foundation

/// What changed of sessions and accounts, heard by every instance sharing the store whichever
/// instance or process changed it, for what an instance keeps of them (``AccountStore/accountSignals()``).
public enum AccountSignal: Hashable, Sendable {
    /// The player's row changed or went: their account (a role, a suspension, an erasure, a
    /// new address, a friendship or block touching it), or anything of it with their play version.
    case player(Int64)
    /// The player's play version alone moved, to `version` (a write to their ledger, riddles or
    /// freebies, by the triggers that bump it): their account is as it was, so what is kept of
    /// it may follow the version instead of being read again; what was read under the play
    /// version is old.
    case played(Int64, version: Int64)
    /// The player's total on a board among everyone is now `xp` (0: they left it): the board of
    /// the campus week starting `week` (as ``CampusWeek/start(of:)`` names it), or the all-time
    /// one when `week` is nil. A ledger event appended (a solve, a place explored, a void, an
    /// adjustment) or an erasure; heard beside the play version's move.
    case scored(Int64, week: String?, xp: Int)
    /// How many players hold `xp` on a board among everyone (`week` as in ``scored(_:week:xp:)``)
    /// is now `players`.
    case tallied(week: String?, xp: Int, players: Int)
    /// The session changed or went (revoked, refreshed).
    case session(Int64)
    /// Something changed that no signal names (another process wrote to the file): forget
    /// everything kept.
    case anything
    /// Signals may be missed from now on (the connection that brings them is lost): forget
    /// everything, and keep nothing until ``listening``.
    case lost
    /// Signals are heard (again): what is read from now on may be kept.
    case listening
}
