import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// One solved riddle as the journal keeps it: the riddle, the place it led to and the insider
/// fact learned there.
public struct JournalEntry: Sendable, Equatable {
    public var riddle: Riddle
    public var checkpoint: Checkpoint
    public var solvedAt: Date
    public var xp: Int
    public var hintsUsed: Int
}

extension Hunt {
    /// The player's solved riddles, newest first, from their ledger. A riddle or place the
    /// organisers have since removed from the content leaves the journal with it.
    public func journal(playerID: Int64) async throws -> [JournalEntry] {
        let riddles = Dictionary(content.riddles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let places = Dictionary(content.checkpoints.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return try await repository.events(playerID: playerID).counted
            .filter { $0.kind == .solved }
            .sorted { ($0.occurredAt, $0.id) > ($1.occurredAt, $1.id) }
            .compactMap { event in
                guard let riddle = event.riddleID.flatMap({ riddles[$0] }), let place = places[riddle.checkpointID] else { return nil }
                return JournalEntry(riddle: riddle, checkpoint: place, solvedAt: event.occurredAt, xp: event.xp, hintsUsed: event.hintsUsed)
            }
    }
}
