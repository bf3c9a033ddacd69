import NIOCore
import PostgresNIO

/// A statement run on a hot path (every first open, every board), prepared by each pooled
/// connection the first time it runs it: its text is fixed (`sql`, with `$1`, `$2`... for its
/// values), its values' types are declared so that PostgreSQL plans it once for any values,
/// and its rows are read as the store's other statements' are.
///
/// PostgresNIO keeps a prepared statement by its type's `name`, so each hot statement is a type
/// of its own with a short name of its own (PostgreSQL tells names apart by their first 63 bytes).
protocol HotStatement: PostgresPreparedStatement where Row == PostgresRow {
    /// The values, in the order of `sql`'s placeholders and `bindingDataTypes`.
    var bindings: PostgresBindings { get }
}

extension HotStatement {
    func makeBindings() -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

extension PostgresBindings {
    /// Bindings of `values`, in order.
    init(_ values: any PostgresNonThrowingEncodable...) {
        self.init(capacity: values.count)
        for value in values {
            append(value)
        }
    }
}

/// An event loop as a task's preferred executor: a task that prefers it runs its
/// nonisolated code on the loop's thread.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The text of a hot statement about one player: its name, its SQL and its values' types.
protocol PlayerStatementTextBase {
    static var name: String { get }
    static var sql: String { get }
    static var bindingDataTypes: [PostgresDataType] { get }
}

/// The text of a hot statement whose one value, `$1`, is a player's id.
protocol PlayerStatementText: PlayerStatementTextBase {}

extension PlayerStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.int8] }
}

/// The text of a hot statement whose values are a player's id (`$1`) and the id of one of
/// their events (`$2`).
protocol PlayerEventStatementText: PlayerStatementTextBase {}

extension PlayerEventStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.int8, .int8] }
}

/// The text of a hot statement whose values are a player's id (`$1`) and a text of theirs
/// (`$2`), such as the key a scan was sent under.
protocol PlayerTextStatementText: PlayerStatementTextBase {}

extension PlayerTextStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.int8, .text] }
}

/// A hot statement about one player, about one player's ledger from one of their events, or
/// about a text of a player's: its text says which values it takes, and only those make one.
struct PlayerStatement<Text: PlayerStatementTextBase>: HotStatement {
    static var name: String { Text.name }
    static var sql: String { Text.sql }
    static var bindingDataTypes: [PostgresDataType] { Text.bindingDataTypes }
    let bindings: PostgresBindings
}

extension PlayerStatement where Text: PlayerStatementText {
    init(_ playerID: Int64) {
        bindings = PostgresBindings(playerID)
    }
}

extension PlayerStatement where Text: PlayerEventStatementText {
    init(_ playerID: Int64, _ eventID: Int64) {
        bindings = PostgresBindings(playerID, eventID)
    }
}

extension PlayerStatement where Text: PlayerTextStatementText {
    init(_ playerID: Int64, _ text: String) {
        bindings = PostgresBindings(playerID, text)
    }
}
