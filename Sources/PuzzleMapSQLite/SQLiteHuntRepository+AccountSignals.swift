import Foundation
import GRDB
import PuzzleMapStorage

/// Hears, in the writer's transactions, every change to a session or a player row but the
/// play version alone (the account's own changes, a friendship or block touching it, a
/// deletion) and passes each on once the transaction commits; nothing of a transaction rolled
/// back. The play version alone is ``PlayerChangeObserver/playVersions(relay:)``'s.
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
        case .update("player", let columns): !PlayerChangeObserver.movesThePlayVersionAlone(columns)
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

/// Collects the players whose rows the statements it picks changed, and once the transaction
/// commits passes on what `signals` makes of them (reading, if it must, on the writer's
/// connection); nothing of a transaction rolled back.
final class PlayerChangeObserver: TransactionObserver {
    private let relay: SignalRelay<AccountSignal>
    /// The table whose rowids are the players' ids.
    private let table: String
    private let picks: (DatabaseEventKind) -> Bool
    private let signals: (_ players: [Int64], Database) -> [AccountSignal]
    /// The players the transaction in progress changed.
    private var players: Set<Int64> = []

    init(relay: SignalRelay<AccountSignal>, table: String, picks: @escaping (DatabaseEventKind) -> Bool,
         signals: @escaping (_ players: [Int64], Database) -> [AccountSignal]) {
        self.relay = relay
        self.table = table
        self.picks = picks
        self.signals = signals
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool {
        picks(eventKind)
    }

    func databaseDidChange(with event: DatabaseEvent) {
        // Events of other tables the statement changed may reach every observer that picked it.
        if event.tableName == table { players.insert(event.rowID) }
    }

    func databaseDidCommit(_ db: Database) {
        let players = players.sorted()
        self.players = []
        guard !players.isEmpty else { return }
        for signal in signals(players, db) { relay.send(signal) }
    }

    func databaseDidRollback(_ db: Database) {
        players = []
    }
}

extension PlayerChangeObserver {
    /// Whether an update of the player table sets the play version and nothing else.
    static func movesThePlayVersionAlone(_ columns: Set<String>) -> Bool {
        columns.count == 1 && columns.first?.lowercased() == "playversion"
    }

    /// The statements that move players' play versions and nothing else of their rows (the
    /// triggers of migration v19, after a write to a ledger, riddles or freebies), each player
    /// passed on with their version as committed: what is kept of their account stays,
    /// following the version. One whose version cannot be read (gone since) is heard as changed
    /// altogether.
    static func playVersions(relay: SignalRelay<AccountSignal>) -> PlayerChangeObserver {
        PlayerChangeObserver(relay: relay, table: "player") { kind in
            if case .update("player", let columns) = kind { movesThePlayVersionAlone(columns) } else { false }
        } signals: { players, db in
            var versions: [Int64: Int64] = [:]
            if let rows = try? Row.fetchCursor(db, sql: "SELECT id, playVersion FROM player WHERE id IN (\(players.map(String.init).joined(separator: ",")))") {
                while let row = try? rows.next() { versions[row[0]] = row[1] }
            }
            return players.map { player in versions[player].map { .played(player, version: $0) } ?? .player(player) }
        }
    }

    /// Every change of a player's all-time total (the row `append` adds each ledger event to,
    /// together with the week's; its rowid is the player's id), for what is kept of the boards.
    static func scores(relay: SignalRelay<AccountSignal>) -> PlayerChangeObserver {
        PlayerChangeObserver(relay: relay, table: "score") { $0.tableName == "score" } signals: { players, _ in players.map { .scored($0) } }
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
