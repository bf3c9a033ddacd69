import Foundation
import GRDB
import PostgresNIO
import PuzzleMapCore
import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// A slow database: another session holds the write lock (an organiser's `sqlite3` shell left
/// in a transaction, a long migration by hand, a `LOCK TABLE`). Every operation then ends
/// within a bound the deadline sets, as a 503 condition, instead of waiting for the lock; at
/// most `waiting` operations queue; reads go on; nothing refused is half-written.
@Suite struct SlowDatabaseTests {
    static let limits = StorageLimits(deadline: .milliseconds(800), waiting: 3)
    /// The longest an operation may take under `limits`: a wait for its turn up to the
    /// deadline, then a statement up to the deadline, and some slack for a busy machine.
    static let bound: Duration = .milliseconds(2 * 800 + 700)

    @Test(arguments: StorageBackend.allCases)
    func writesBehindAHeldLockFailWithinTheDeadlineAndTheQueueIsBounded(backend: StorageBackend) async throws {
        try await Self.withRepository(backend) { repository, holdWrites in
            _ = try await repository.signUp("ada")
            let holding = Task { try await holdWrites(.seconds(4)) }
            try await Task.sleep(for: .milliseconds(400))

            let clock = ContinuousClock()
            let outcomes = try await concurrently(16) { index in
                let began = clock.now
                do {
                    _ = try await repository.signUp("fresher\(index)")
                    return (error: nil as (any Error)?, took: began.duration(to: clock.now))
                } catch {
                    return (error: error, took: began.duration(to: clock.now))
                }
            }
            for outcome in outcomes {
                let condition = (outcome.error as? any StorageConditionError)?.storageCondition
                #expect(condition == .unavailable, "\(outcome.error.map { String(reflecting: $0) } ?? "no error")")
                #expect(outcome.took < Self.bound, "an operation took \(outcome.took)")
            }
            // More than the connections and the queue asked at once: the rest were refused at once.
            let refusedAtOnce = outcomes.filter { ($0.error as? StorageTooSlow).map { if case .queueFull = $0 { true } else { false } } ?? false }
            #expect(!refusedAtOnce.isEmpty)
            #expect(refusedAtOnce.allSatisfy { $0.took < .milliseconds(300) })

            // Reads go on while the lock is still held.
            let began = clock.now
            #expect(try await repository.account(login: "ada") != nil)
            #expect(began.duration(to: clock.now) < Self.bound)

            // The lock let go: writes succeed again, and nothing refused was kept.
            try await holding.value
            for index in 0..<16 {
                #expect(try await repository.account(login: "fresher\(index)") == nil)
            }
            _ = try await repository.signUp("fresher0")
            #expect(try await repository.account(login: "fresher0") != nil)
            #expect(try await repository.allMail(limit: 100).count == 2)
        }
    }

    @Test func anOperationWhoseTurnComesPastTheDeadlineIsGivenUpAndTheQueueHasRoomAgain() async throws {
        let activity = StorageActivity(maximumConnections: 1, limits: StorageLimits(deadline: .milliseconds(50), waiting: 1))
        let (released, release) = AsyncStream<Void>.makeStream()
        let holder = Task {
            try await activity.measuring(writing: true) { _ in
                for await _ in released { break }
            }
        }
        let waiter = Task {
            try await activity.measuring(writing: false) { askedAt in
                try await Task.sleep(for: .milliseconds(120))
                try activity.checkTurn(askedAt: askedAt)
            }
        }
        try await Task.sleep(for: .milliseconds(30))
        await #expect(throws: StorageTooSlow.queueFull(waiting: 1)) {
            try await activity.measuring(writing: false) { _ in }
        }
        await #expect(throws: StorageTooSlow.self) { try await waiter.value }
        release.yield()
        try await holder.value
        #expect(activity.snapshot.readsInFlight == 0 && activity.snapshot.writesInFlight == 0)
        try await activity.measuring(writing: false) { askedAt in try activity.checkTurn(askedAt: askedAt) }
    }

    /// A fresh repository held to `limits`, and a way to hold its write lock from another
    /// session for a while: SQLite's `BEGIN IMMEDIATE`, PostgreSQL's `LOCK TABLE player IN
    /// EXCLUSIVE MODE` (plain reads go on beside both).
    static func withRepository(_ backend: StorageBackend,
                               _ body: (any HuntRepository, _ holdWrites: @escaping @Sendable (Duration) async throws -> Void) async throws -> Void)
        async throws {
        switch backend {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-slow-\(UUID().uuidString).sqlite").path
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            try await body(try SQLiteHuntRepository.open(path: path, limits: limits)) { duration in
                try await DatabaseQueue(path: path).writeWithoutTransaction { db in
                    try db.execute(sql: "BEGIN IMMEDIATE")
                    Thread.sleep(forTimeInterval: Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
                    try db.execute(sql: "ROLLBACK")
                }
            }
        case .postgres:
            let url = try StorageBackend.postgresURL
            let schema = StorageBackend.freshSchema()
            let repository = try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: 4, limits: limits,
                                                                      logger: StorageBackend.logger)
            var failure: (any Error)?
            do {
                try await body(repository) { duration in
                    let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                    // One connection runs them in turn (the admin pool holds one).
                    try await PostgresAdmin.execute([
                        "BEGIN", PostgresQuery(unsafeSQL: "LOCK TABLE \"\(schema)\".player IN EXCLUSIVE MODE"),
                        PostgresQuery(unsafeSQL: "SELECT pg_sleep(\(seconds))"), "ROLLBACK",
                    ], url: url)
                }
            } catch {
                failure = error
            }
            await repository.close()
            try await PostgresAdmin.dropSchema(schema, url: url)
            if let failure { throw failure }
        }
    }
}
