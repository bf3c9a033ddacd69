import Foundation

/// The one place each kind of ledger event is made. The game decides an event with one of
/// these; a store writes it as given, numbering it (`id`) and, for the events a scan earns,
/// naming that scan (`scanID`), which exists only once the store has written it. Two copies of
/// "what a check-in event is" would disagree; `LedgerEventsTests` keeps every other file from
/// writing a kind out by hand.
extension GameEvent {
    /// The riddle's place found while the riddle was held (the player's own, their crew's, or a
    /// race's): the riddle's reward after `hintsUsed` hints.
    public static func solved(by playerID: Int64, riddleID: String, at checkpointID: String, xp: Int, hintsUsed: Int, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .solved, checkpointID: checkpointID, riddleID: riddleID, xp: xp, hintsUsed: hintsUsed,
                  occurredAt: date)
    }

    /// A place found with no riddle for it held: the exploration reward.
    public static func explored(by playerID: Int64, at checkpointID: String, xp: Int, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .explored, checkpointID: checkpointID, riddleID: nil, xp: xp, occurredAt: date)
    }

    /// A wrong-place check-in the player chose to register.
    public static func checkedIn(by playerID: Int64, at checkpointID: String, xp: Int, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .checkedIn, checkpointID: checkpointID, riddleID: nil, xp: xp, occurredAt: date)
    }

    /// The bonus for reaching a challenge's place before the friend; `riddleID` is the challenge's riddle.
    public static func challengeWon(by playerID: Int64, riddleID: String?, at checkpointID: String, xp: Int, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .challengeWon, checkpointID: checkpointID, riddleID: riddleID, xp: xp, occurredAt: date)
    }

    /// A member's crew bonus for a crew riddle solved with them taking part.
    public static func crewBonus(by playerID: Int64, riddleID: String, at checkpointID: String, xp: Int, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .crewBonus, checkpointID: checkpointID, riddleID: riddleID, xp: xp, occurredAt: date)
    }

    /// An organiser's void of scan `scanID`: `xp` takes back what the scan's events earned.
    public static func voided(scan scanID: Int64, of playerID: Int64, at checkpointID: String, xp: Int, reason: String, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .voided, checkpointID: checkpointID, riddleID: nil, xp: xp, occurredAt: date, scanID: scanID,
                  reason: reason)
    }

    /// The event as earned by scan `scanID`, once the store has written the scan (`nil`: no scan
    /// earned it, as a crew mate's share of another member's scan): voiding the scan takes it back.
    public func naming(scan scanID: Int64?) -> GameEvent {
        var event = self
        event.scanID = scanID
        return event
    }

    /// An organiser's adjustment of the player's XP, up or down, for `reason`.
    public static func adjusted(_ playerID: Int64, xp: Int, reason: String, on date: Date) -> GameEvent {
        GameEvent(id: 0, playerID: playerID, kind: .adjusted, checkpointID: nil, riddleID: nil, xp: xp, occurredAt: date, reason: reason)
    }
}
