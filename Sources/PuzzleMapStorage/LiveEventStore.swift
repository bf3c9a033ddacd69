import Foundation
import PuzzleMapCore

/// What was committed that a listening instance should pass on: on any instance sharing the
/// database (PostgreSQL's `LISTEN`/`NOTIFY`), or in this process (SQLite).
public enum LiveSignal: Hashable, Sendable {
    /// New events for this player.
    case player(Int64)
    /// An organisers' message was sent.
    case broadcast
    /// The signals may have had a gap (the listening connection was lost and is back):
    /// every stream should read what is new.
    case resume
}

/// Players' live events: written by the stores' other methods inside the transactions of
/// what caused them, read here.
public protocol LiveEventStore: Sendable {
    /// The player's events numbered after `sequence`, oldest first, at most `limit`.
    func liveEvents(playerID: Int64, after sequence: Int64, limit: Int) async throws -> [StoredLiveEvent]
    /// Where a stream that starts now begins: the player's last event and the last message.
    func liveCursor(playerID: Int64) async throws -> LiveCursor
    /// Organisers' messages sent after `id` and since `date`, oldest first.
    func broadcasts(after id: Int64, since date: Date) async throws -> [Broadcast]
    /// Forgets events older than `date` (kept at least a day, so a reconnecting client finds them).
    func pruneLiveEvents(before date: Date) async throws
    /// A sequence of signals for one listener, until it stops iterating.
    func liveSignals() -> AsyncStream<LiveSignal>
}
