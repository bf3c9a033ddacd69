import Foundation
import GRDB
import PuzzleMapStorage
import Synchronization

/// Hears, in the writer's transactions, every change to a session or a player row but the
/// play version alone (the account's own changes, a friendship or block touching it, a
/// deletion) and passes each on once the transaction commits; nothing of a transaction rolled
/// back. The play version alone is ``PlayVersionObserver``'s.
final class AccountChangeObserver: TransactionObserver {
    private let relay: SignalRelay<AccountSignal>
    /// What the transaction in progress changed: touched only on the writer's connection.
    private var changed: [AccountSignal] = []

    init(relay: SignalRelay<AccountSignal>) {
        self.relay = relay
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        switch eventKind {
        case .insert: false
        case .update("player", let columns): !PlayVersionObserver.movesThePlayVersionAlone(columns)
        case .update(let table, _), .delete(let table): table == "player" || table == "session"
        }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        changed.append(event.tableName == "player" ? .player(event.rowID) : .session(event.rowID))
    }

    func databaseDidCommit(_ db: Database) {
        let signals = changed
        changed = []
        var sent: Set<AccountSignal> = []
        for signal in signals where sent.insert(signal).inserted { relay.send(signal) }
    }

    func databaseDidRollback(_ db: Database) {
        changed = []
    }
}

/// Hears the statements that move players' play versions and nothing else of their rows (the
/// triggers of migration v19, after a write to a ledger, riddles or freebies) and, once the
/// transaction commits, passes on each player with their version as committed, read on the
/// writer's connection: what is kept of their account stays, following the version. One whose
/// version cannot be read (gone since) is heard as changed altogether. Nothing of a
/// transaction rolled back.
final class PlayVersionObserver: TransactionObserver {
    private let relay: SignalRelay<AccountSignal>
    /// The players the transaction in progress changed.
    private var players: Set<Int64> = []

    init(relay: SignalRelay<AccountSignal>) {
        self.relay = relay
    }

    /// Whether an update of the player table sets the play version and nothing else.
    static func movesThePlayVersionAlone(_ columns: Set<String>) -> Bool {
        columns.count == 1 && columns.first?.lowercased() == "playversion"
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        if case .update("player", let columns) = eventKind { Self.movesThePlayVersionAlone(columns) } else { false }
    }

    func databaseDidChange(with event: DatabaseEvent) {
        // Events of other tables the statement changed may reach every observer that picked it.
        if event.tableName == "player" { players.insert(event.rowID) }
    }

    func databaseDidCommit(_ db: Database) {
        let players = players.sorted()
        self.players = []
        guard !players.isEmpty else { return }
        var versions: [Int64: Int64] = [:]
        if let rows = try? Row.fetchCursor(db, sql: "SELECT id, playVersion FROM player WHERE id IN (\(players.map(String.init).joined(separator: ",")))") {
            while let row = try? rows.next() { versions[row[0]] = row[1] }
        }
        for player in players { relay.send(versions[player].map { .played(player, version: $0) } ?? .player(player)) }
    }

    func databaseDidRollback(_ db: Database) {
        players = []
    }
}

/// Tells, once the transaction commits, each total on the boards among everyone that moved in
/// the writer's transactions, with its new value: a player's all-time or weekly total
/// (``AccountSignal/scored(_:week:xp:)``) and how many players hold a total
/// (``AccountSignal/tallied(week:xp:players:)``), in the order they moved; nothing of a
/// transaction rolled back. The values come from temporary triggers on the writer's connection
/// (``install(on:)``), which call a function of this process: another process writing the file
/// has neither, and is heard as ``AccountSignal/anything``.
final class TotalsObserver: TransactionObserver, Sendable {
    private let relay: SignalRelay<AccountSignal>
    /// What the transaction in progress moved; appended to by the triggers' function, on the
    /// writer's connection.
    private let moved = Mutex<[AccountSignal]>([])

    init(relay: SignalRelay<AccountSignal>) {
        self.relay = relay
    }

    /// The tables whose rows are totals: the campus week each row counts in (nil: all time), the
    /// player whose total it is or, for a tally, nil, and what else tells its rows apart.
    private static let tables: [(name: String, week: String?, player: String?, key: String)] = [
        ("score", nil, "playerId", "playerId"), ("weeklyScore", "weekStart", "playerId", "playerId"),
        ("scoreTally", nil, nil, "xp"), ("weeklyScoreTally", "weekStart", nil, "xp"),
    ]

    /// Adds the function and the temporary triggers that call it to the writer's connection.
    func install(on db: Database) throws {
        db.add(function: DatabaseFunction("puzzlemap_total_moved", argumentCount: 4) { [self] values in
            let week = String.fromDatabaseValue(values[1])
            let (xp, count) = (Int.fromDatabaseValue(values[2]) ?? 0, Int.fromDatabaseValue(values[3]) ?? 0)
            let signal: AccountSignal = Int64.fromDatabaseValue(values[0]).map { .scored($0, week: week, xp: xp) }
                ?? .tallied(week: week, xp: xp, players: count)
            self.moved.withLock { $0.append(signal) }
            return nil
        })
        for table in Self.tables {
            // What a row counts: a player's XP, or how many hold a total.
            let counted = table.player == nil ? "players" : "xp"
            // The function's arguments for a row as it is now, or as it went (a player's total at
            // 0, a tally held by none).
            func told(_ row: String, gone: Bool) -> String {
                let week = table.week.map { "\(row).\($0)" } ?? "NULL"
                return table.player.map { "\(row).\($0), \(week), \(gone ? "0" : "\(row).xp"), NULL" }
                    ?? "NULL, \(week), \(row).xp, \(gone ? "0" : "\(row).players")"
            }
            let keys = [table.key] + (table.week.map { [$0] } ?? [])
            let moved = keys.map { "NEW.\($0) IS NOT OLD.\($0)" }.joined(separator: " OR ")
            try db.execute(sql: """
                CREATE TEMP TRIGGER \(table.name)_inserted_signal AFTER INSERT ON main.\(table.name)
                BEGIN SELECT puzzlemap_total_moved(\(told("NEW", gone: false))); END;
                CREATE TEMP TRIGGER \(table.name)_updated_signal AFTER UPDATE ON main.\(table.name)
                WHEN NEW.\(counted) IS NOT OLD.\(counted) OR \(moved)
                BEGIN
                    SELECT puzzlemap_total_moved(\(told("OLD", gone: true))) WHERE \(moved);
                    SELECT puzzlemap_total_moved(\(told("NEW", gone: false)));
                END;
                CREATE TEMP TRIGGER \(table.name)_deleted_signal AFTER DELETE ON main.\(table.name)
                BEGIN SELECT puzzlemap_total_moved(\(told("OLD", gone: true))); END;
                """)
        }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        false
    }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {
        for signal in moved.withLock({ moved in defer { moved = [] }; return moved }) { relay.send(signal) }
    }

    func databaseDidRollback(_ db: Database) {
        moved.withLock { $0 = [] }
    }
}

extension SQLiteHuntRepository {
    /// This process's own changes as they commit, and, for another process writing to the same
    /// file (`puzzlemap admin`, a second `serve`), ``AccountSignal/anything`` within a tenth of a
    /// second: the data version of this process's writer connection, which only other
    /// connections' commits change, is read that often. While it cannot be read, the
    /// sequence says ``AccountSignal/lost``.
    public func accountSignals() -> AsyncStream<AccountSignal> {
        let (stream, continuation) = AsyncStream.makeStream(of: AccountSignal.self, bufferingPolicy: .unbounded)
        let relayed = accountSignalRelay.listen()
        let writer = writer
        let task = Task {
            await withDiscardingTaskGroup { group in
                group.addTask {
                    for await signal in relayed { continuation.yield(signal) }
                }
                group.addTask {
                    var version: Int?
                    while !Task.isCancelled {
                        do {
                            let now = try await writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") }
                            switch version {
                            case nil: continuation.yield(.listening)
                            case let before? where before != now: continuation.yield(.anything)
                            default: break
                            }
                            version = now
                        } catch {
                            if version != nil { continuation.yield(.lost) }
                            version = nil
                        }
                        try? await Task.sleep(for: Self.dataVersionInterval)
                    }
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// How often another process's writes are looked for.
    static let dataVersionInterval = Duration.milliseconds(100)
}
