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

/// The text of a hot statement: its name, its SQL and its values' types. The protocols below
/// say which values it takes, and only those make one (``Prepared``).
protocol StatementText {
    static var name: String { get }
    static var sql: String { get }
    static var bindingDataTypes: [PostgresDataType] { get }
}

/// The text of a hot statement whose one value, `$1`, is a player's id.
protocol PlayerStatementText: StatementText {}

extension PlayerStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.int8] }
}

/// The text of a hot statement whose values are a player's id (`$1`) and the id of one of
/// their events (`$2`).
protocol PlayerEventStatementText: StatementText {}

extension PlayerEventStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.int8, .int8] }
}

/// The text of a hot statement whose values are a player's id (`$1`) and a text of theirs
/// (`$2`), such as the key a scan was sent under.
protocol PlayerTextStatementText: StatementText {}

extension PlayerTextStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.int8, .text] }
}

/// The text of a hot statement whose one value, `$1`, is a key: a token's hash, a rate
/// counter's name.
protocol KeyStatementText: StatementText {}

extension KeyStatementText {
    static var bindingDataTypes: [PostgresDataType] { [.text] }
}

/// A hot statement made of its text and the values it takes: about one player, one player's
/// ledger from one of their events, a text of a player's, or a key.
struct Prepared<Text: StatementText>: HotStatement {
    static var name: String { Text.name }
    static var sql: String { Text.sql }
    static var bindingDataTypes: [PostgresDataType] { Text.bindingDataTypes }
    let bindings: PostgresBindings
}

extension Prepared where Text: PlayerStatementText {
    init(_ playerID: Int64) {
        bindings = PostgresBindings(playerID)
    }
}

extension Prepared where Text: PlayerEventStatementText {
    init(_ playerID: Int64, _ eventID: Int64) {
        bindings = PostgresBindings(playerID, eventID)
    }
}

extension Prepared where Text: PlayerTextStatementText {
    init(_ playerID: Int64, _ text: String) {
        bindings = PostgresBindings(playerID, text)
    }
}

extension Prepared where Text: KeyStatementText {
    init(key: String) {
        bindings = PostgresBindings(key)
    }
}
