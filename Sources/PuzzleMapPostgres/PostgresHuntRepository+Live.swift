import Crypto
import Foundation
import Logging
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    /// The channel every instance on a schema listens on: `p:<player id>` for a player's new
    /// events, `b` for an organisers' message. `puzzlemap_live`, with the schema's name after
    /// it when the store has one (hashed if the whole would pass PostgreSQL's 63 characters).
    static func liveChannel(schema: String?) -> String {
        guard let schema else { return "puzzlemap_live" }
        let named = "puzzlemap_live_\(schema.lowercased())"
        guard named.utf8.count > 63 else { return named }
        return "puzzlemap_live_" + SHA256.hash(data: Data(schema.utf8)).prefix(12).map { String(format: "%02x", $0) }.joined()
    }

    /// Writes `events` in the caller's transaction, each numbered after its player's last, and
    /// notifies every instance; PostgreSQL delivers the notifications when (and only if) the
    /// transaction commits. The counters are locked last and in player order, so two
    /// transactions announcing to the same players wait for each other and never deadlock.
    func announce(_ events: [LiveEvent], at date: Date, _ connection: PostgresConnection) async throws {
        guard !events.isEmpty else { return }
        for event in events.enumerated().sorted(by: { ($0.element.playerID, $0.offset) < ($1.element.playerID, $1.offset) }).map(\.element) {
            let sequence = try await connection.returned("""
                INSERT INTO liveEventCounter AS counter (playerId, last) VALUES (\(event.playerID), 1)
                ON CONFLICT (playerId) DO UPDATE SET last = counter.last + 1 RETURNING last
                """, as: Int64.self, from: "liveEventCounter", logger: logger)
            try await connection.run("""
                INSERT INTO liveEvent (playerId, sequence, kind, payload, subjectId, createdAt)
                VALUES (\(event.playerID), \(sequence), \(event.kind.rawValue), \(try LiveEventPayload.encode(event.values)), \(event.subjectID),
                        \(StoredDate(date)))
                """, logger: logger)
        }
        for player in Set(events.map(\.playerID)).sorted() {
            try await connection.run("SELECT pg_notify(\(liveChannel), \("p:\(player)"))", logger: logger)
        }
    }

    /// Notifies every instance of a new organisers' message when the transaction commits.
    func announceBroadcast(_ connection: PostgresConnection) async throws {
        try await connection.run("SELECT pg_notify(\(liveChannel), 'b')", logger: logger)
    }

    public func liveEvents(playerID: Int64, after sequence: Int64, limit: Int) async throws -> [StoredLiveEvent] {
        try await autocommit { connection in try await liveEvents(playerID: playerID, after: sequence, limit: limit, connection) }
    }

    func liveEvents(playerID: Int64, after sequence: Int64, limit: Int, _ connection: PostgresConnection) async throws -> [StoredLiveEvent] {
        try await connection.rows("""
            SELECT sequence, kind, payload, subjectId, createdAt FROM liveEvent WHERE playerId = \(playerID) AND sequence > \(sequence)
            ORDER BY sequence LIMIT \(limit)
            """, as: (Int64, String, String, Int64?, StoredDate).self, logger: logger).map { row in
            guard let kind = LiveEvent.Kind(rawValue: row.1) else { throw StorageError.unknownValue("liveEvent.kind \(row.1)") }
            return StoredLiveEvent(sequence: row.0, event: LiveEvent(playerID: playerID, kind: kind, values: try LiveEventPayload.decode(row.2),
                                                                     subjectID: row.3),
                                   createdAt: row.4.date)
        }
    }

    public func liveCursor(playerID: Int64) async throws -> LiveCursor {
        try await autocommit { connection in
            let row = try await connection.row("""
                SELECT (SELECT last FROM liveEventCounter WHERE playerId = \(playerID)), (SELECT MAX(id) FROM broadcast)
                """, as: (Int64?, Int64?).self, logger: logger)
            return LiveCursor(events: row?.0 ?? 0, broadcasts: row?.1 ?? 0)
        }
    }

    public func broadcasts(after id: Int64, since date: Date) async throws -> [Broadcast] {
        try await autocommit { connection in
            try await connection.rows("""
                SELECT id, text, sentAt, sentBy FROM broadcast WHERE id > \(id) AND sentAt >= \(StoredDate(date)) ORDER BY id
                """, as: (Int64, String, StoredDate, String).self, logger: logger)
                .map { Broadcast(id: $0.0, text: $0.1, sentAt: $0.2.date, sentBy: $0.3) }
        }
    }

    public func pruneLiveEvents(before date: Date) async throws {
        _ = try await autocommit { connection in
            try await connection.run("DELETE FROM liveEvent WHERE createdAt < \(StoredDate(date))", logger: logger)
        }
    }

    /// Listens on a connection of its own, outside the pool. When it is lost (the server
    /// restarted) the sequence says `resume`, so streams read what they may have missed, and
    /// it connects again, after a second and then every few seconds, until it is back; until
    /// then, requests are answered 503 at once.
    public func liveSignals() -> AsyncStream<LiveSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: LiveSignal.self, bufferingPolicy: .bufferingNewest(1024))
        let (reachability, logger, channel) = (reachability, logger, liveChannel)
        let listener = listen(for: "live events", on: { _ in channel }, listening: {
            if reachability.lostSince != nil { logger.notice("PostgreSQL answers again") }
            reachability.regained()
            // Anything committed while no one listened is read now.
            continuation.yield(.resume)
        }, heard: { payload in
            continuation.yield(payload == "b" ? .broadcast : Int64(payload.dropFirst(2)).map(LiveSignal.player) ?? .resume)
        }, lost: { reachability.lost() }, finished: { continuation.finish() })
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }

    /// The channel the triggers of migration v30 notify on, as the connection asking names it:
    /// from the schema it works in, as the writing connections' triggers name it.
    static let accountChannelQuery: PostgresQuery = "SELECT 'puzzlemap_accounts_' || md5(current_schema())"

    /// Every change to a session or a player row on this schema, by any instance or process,
    /// as it commits (the triggers of migration v30), on a connection of its own: `listening`
    /// once it listens, `lost` while the connection is lost (it connects again as the live
    /// signals' does).
    public func accountSignals() -> AsyncStream<AccountSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: AccountSignal.self, bufferingPolicy: .unbounded)
        let logger = logger
        let listener = listen(for: "account changes", on: { connection in
            guard let channel = try await connection.value(Self.accountChannelQuery, as: String.self, logger: logger) else {
                throw StorageError.unknownValue("no channel for account changes")
            }
            return channel
        }, listening: { continuation.yield(.listening) }, heard: { payload in
            continuation.yield(Self.accountSignal(payload))
        }, lost: { continuation.yield(.lost) }, finished: { continuation.finish() })
        continuation.onTermination = { _ in listener.cancel() }
        return stream
    }

    /// What a notification of `signal_account_change` or `signal_total_change` says:
    /// `p:<player>`, `s:<session>`, `v:<player>:<play version>`, `x:<player>:<week>:<xp>:<serial>`
    /// or `t:<week>:<xp>:<players>:<serial>` (the week empty on the all-time board); anything
    /// else is heard as a change of anything.
    static func accountSignal(_ payload: String) -> AccountSignal {
        let parts = payload.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let numbers = parts.map { Int64($0) }
        // The campus week of a total's board: nil for the all-time one.
        func week(_ index: Int) -> String? { parts[index].isEmpty ? nil : parts[index] }
        switch (parts.first, parts.count) {
        case ("p", 2): if let player = numbers[1] { return .player(player) }
        case ("s", 2): if let session = numbers[1] { return .session(session) }
        case ("v", 3): if let player = numbers[1], let version = numbers[2] { return .played(player, version: version) }
        case ("x", 5): if let player = numbers[1], let xp = numbers[3], numbers[4] != nil { return .scored(player, week: week(2), xp: Int(xp)) }
        case ("t", 5): if let xp = numbers[2], let players = numbers[3], numbers[4] != nil { return .tallied(week: week(1), xp: Int(xp), players: Int(players)) }
        default: break
        }
        return .anything
    }

    /// Listens, on a connection of its own outside the pool, on the channel `channel` names on
    /// that connection: `listening` once it does, `heard` with each notification's payload,
    /// `lost` when the connection is lost (not when cancelled). It connects again after a
    /// second, then every two, until cancelled; then `finished`.
    private func listen(for what: String, on channel: @escaping @Sendable (PostgresConnection) async throws -> String,
                        listening: @escaping @Sendable () -> Void, heard: @escaping @Sendable (String) -> Void,
                        lost: @escaping @Sendable () -> Void, finished: @escaping @Sendable () -> Void) -> Task<Void, Never> {
        let (configuration, logger) = (self.listening, logger)
        return Task {
            var pause = Duration.seconds(1)
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
                    pause = .seconds(1)
                    do {
                        try await connection.listen(on: try await channel(connection)) { notifications in
                            listening()
                            for try await notification in notifications { heard(notification.payload) }
                        }
                    } catch {
                        logger.warning("Lost the connection that listens for \(what); connecting again", metadata: ["error": "\(String(reflecting: error))"])
                    }
                    try? await connection.close()
                } catch {
                    logger.warning("Cannot connect to listen for \(what); trying again", metadata: ["error": "\(String(reflecting: error))"])
                }
                if !Task.isCancelled { lost() }
                try? await Task.sleep(for: pause)
                pause = min(pause * 2, .seconds(2))
            }
            finished()
        }
    }
}
