import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    /// Writes `events` in the caller's transaction, each numbered after its player's last, and
    /// signals this process's streams once the transaction commits (never if it rolls back).
    func announce(_ events: [LiveEvent], at date: Date, _ db: Database) throws {
        guard !events.isEmpty else { return }
        for event in events {
            try db.cachedStatement(sql: """
                INSERT INTO liveEventCounter (playerId, last) VALUES (?, 1) ON CONFLICT(playerId) DO UPDATE SET last = last + 1
                """).execute(arguments: [event.playerID])
            let sequence = try Int64.fetchOne(db.cachedStatement(sql: "SELECT last FROM liveEventCounter WHERE playerId = ?"),
                                              arguments: [event.playerID]) ?? 1
            try db.cachedStatement(sql: """
                INSERT INTO liveEvent (playerId, sequence, kind, payload, subjectId, createdAt) VALUES (?, ?, ?, ?, ?, ?)
                """).execute(arguments: [event.playerID, sequence, event.kind.rawValue, try LiveEventPayload.encode(event.values), event.subjectID, date])
        }
        let players = Set(events.map(\.playerID))
        let relay = liveSignalRelay
        db.afterNextTransaction(onCommit: { _ in
            for player in players { relay.send(.player(player)) }
        })
    }

    /// Signals this process's streams of a new organisers' message once the transaction commits.
    func announceBroadcast(_ db: Database) {
        let relay = liveSignalRelay
        db.afterNextTransaction(onCommit: { _ in relay.send(.broadcast) })
    }

    public func liveEvents(playerID: Int64, after sequence: Int64, limit: Int) async throws -> [StoredLiveEvent] {
        try await database.read { db in try Self.liveEvents(playerID: playerID, after: sequence, limit: limit, db) }
    }

    static func liveEvents(playerID: Int64, after sequence: Int64, limit: Int, _ db: Database) throws -> [StoredLiveEvent] {
        try Row.fetchAll(db, sql: """
            SELECT sequence, kind, payload, subjectId, createdAt FROM liveEvent WHERE playerId = ? AND sequence > ?
            ORDER BY sequence LIMIT ?
            """, arguments: [playerID, sequence, limit]).map { row in
            let kind: String = row["kind"]
            guard let known = LiveEvent.Kind(rawValue: kind) else { throw StorageError.unknownValue("liveEvent.kind \(kind)") }
            return StoredLiveEvent(sequence: row["sequence"], event: LiveEvent(playerID: playerID, kind: known,
                                                                                values: try LiveEventPayload.decode(row["payload"]),
                                                                                subjectID: row["subjectId"]),
                                   createdAt: row["createdAt"])
        }
    }

    public func liveCursor(playerID: Int64) async throws -> LiveCursor {
        try await database.read { db in
            LiveCursor(events: try Int64.fetchOne(db, sql: "SELECT last FROM liveEventCounter WHERE playerId = ?", arguments: [playerID]) ?? 0,
                       broadcasts: try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM broadcast") ?? 0)
        }
    }

    public func broadcasts(after id: Int64, since date: Date) async throws -> [Broadcast] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, text, sentAt, sentBy FROM broadcast WHERE id > ? AND sentAt >= ? ORDER BY id",
                             arguments: [id, date]).map { Broadcast(id: $0["id"], text: $0["text"], sentAt: $0["sentAt"], sentBy: $0["sentBy"]) }
        }
    }

    public func pruneLiveEvents(before date: Date) async throws {
        try await database.write { db in try db.execute(sql: "DELETE FROM liveEvent WHERE createdAt < ?", arguments: [date]) }
    }

    public func liveSignals() -> AsyncStream<LiveSignal> {
        liveSignalRelay.listen()
    }
}
