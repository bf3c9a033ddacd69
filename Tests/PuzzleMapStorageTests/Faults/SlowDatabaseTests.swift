import Foundation
import PostgresNIO
import PuzzleMapCore
@testable import PuzzleMapPostgres
import PuzzleMapSQLite
import PuzzleMapStorage
import PuzzleMapTestFixtures
import Testing

/// A slow database: another session holds the write lock (an organiser's `sqlite3` shell left
/// in a transaction, a long migration by hand, a `LOCK TABLE`). Every write then fails as a 503
/// condition instead of waiting for the lock; at most `waiting` operations queue; reads go on;
/// nothing refused is half-written.
@Suite struct SlowDatabaseTests {
    static let limits = StorageLimits(deadline: .milliseconds(800), waiting: 3)

    @Test(arguments: StorageBackend.allCases)
    func writesBehindAHeldLockFailWithinTheDeadlineAndTheQueueIsBounded(backend: StorageBackend) async throws {
        try await Self.withRepository(backend) { repository, holdWrites in
            // Set up before the lock, however long a busy machine takes to open a connection.
            _ = try await eventually { try await repository.signUp("ada") }
            // Held until the test lets it go, however long a busy machine makes the steps below.
            let release = try await holdWrites()

            // While the lock is held, every write fails as the 503 condition: a statement past the
            // deadline, a turn that came too late, or no room in the queue. (How long they take is
            // timed by the service itself, in `SlowDatabaseServiceTests`: here the rest of the
            // suite shares this process's threads.)
            let outcomes = try await concurrently(16) { index in
                do {
                    _ = try await repository.signUp("fresher\(index)")
                    return nil as (any Error)?
                } catch {
                    return error
                }
            }
            for error in outcomes {
                let condition = (error as? any StorageConditionError)?.storageCondition
                #expect(condition == .unavailable, "\(error.map { String(reflecting: $0) } ?? "no error")")
            }
            // More than the connections and the queue asked at once: the rest were refused at once.
            #expect(outcomes.contains { ($0 as? StorageTooSlow).map { if case .queueFull = $0 { true } else { false } } ?? false })

            // Reads go on while the lock is held.
            #expect(try await repository.account(login: "ada") != nil)

            // The lock let go: writes succeed again, and nothing refused was kept.
            try await release()
            for index in 0..<16 {
                #expect(try await repository.account(login: "fresher\(index)") == nil)
            }
            _ = try await eventually { try await repository.signUp("fresher0") }
            #expect(try await repository.account(login: "fresher0") != nil)
            #expect(try await repository.allMail(limit: 100).count == 2)
        }
    }

    /// A statement on a hot path is prepared by a connection the first time it runs there; a
    /// preparation that waited on the lock past the deadline must not stay failed on that
    /// connection (as PostgresNIO keeps it) once the lock is let go. With one connection in the
    /// pool, the write after the lock is let go is asked on the connection it failed on, or on
    /// the one that replaced it.
    @Test func aStatementFirstPreparedBehindTheLockIsAnsweredOnceTheLockIsLetGo() async throws {
        try await Self.withRepository(.postgres, connections: 1) { repository, holdWrites in
            let ada = try await eventually { try await repository.signUp("ada") }
            let release = try await holdWrites()
            // Every write of a player's play locks their row first: its preparation waits on the
            // lock past the deadline, the 503 condition.
            do {
                _ = try await repository.giveUp(attemptID: 1, playerID: ada.id, at: ContractFixture.start)
                Issue.record("a write behind the lock was answered")
            } catch {
                #expect((error as? any StorageConditionError)?.storageCondition == .unavailable, "\(String(reflecting: error))")
            }
            try await release()
            // The failed connection was closed: the first write waits for its replacement, which a
            // busy machine can open past the deadline. Only that wait is tried again; the
            // statement's own failure, kept on the connection, would fail every try.
            var tries = 0
            while true {
                do {
                    #expect(try await repository.giveUp(attemptID: 1, playerID: ada.id, at: ContractFixture.start) == nil)
                    break
                } catch StorageTooSlow.waitedTooLong where tries < 20 {
                    tries += 1
                    try await Task.sleep(for: .milliseconds(250))
                }
            }
            for _ in 0..<3 {
                #expect(try await repository.giveUp(attemptID: 1, playerID: ada.id, at: ContractFixture.start) == nil)
            }
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
        // Both in flight (however long a busy machine takes to start them), the queue is full.
        while activity.snapshot.readsInFlight + activity.snapshot.writesInFlight < 2 { await Task.yield() }
        await #expect(throws: StorageTooSlow.queueFull(waiting: 1)) {
            try await activity.measuring(writing: false) { _ in }
        }
        await #expect(throws: StorageTooSlow.self) { try await waiter.value }
        release.yield()
        try await holder.value
        #expect(activity.snapshot.readsInFlight == 0 && activity.snapshot.writesInFlight == 0)
        try await activity.measuring(writing: false) { askedAt in try activity.checkTurn(askedAt: askedAt) }
    }

    /// SQLite's one writer and its readers: with the writer taken and its queue full, a write
    /// more is refused at once, and a read goes straight to an idle reader. On a pool whose
    /// connections take both, the same crowd of writes fills the one queue that reads wait in.
    @Test func writesQueuedForTheirOwnWriterLeaveTheReadersFree() async throws {
        let limits = StorageLimits(deadline: .seconds(60), waiting: 1)
        for (activity, readIsAnswered) in [(StorageActivity(maximumConnections: 3, writers: 1, limits: limits), true),
                                           (StorageActivity(maximumConnections: 3, limits: limits), false)] {
            // Four writes asked at once, each held until let go: on the pool, three hold its
            // connections and one waits.
            let gates = (0..<4).map { _ in AsyncStream<Void>.makeStream() }
            let writes = gates.map { gate in
                Task {
                    try await activity.measuring(writing: true) { _ in
                        for await _ in gate.stream { break }
                    }
                }
            }
            let admitted = readIsAnswered ? 2 : 4
            while activity.snapshot.writesInFlight < admitted { await Task.yield() }
            // However long a busy machine takes to start the rest, none of them gets in.
            try await Task.sleep(for: .milliseconds(50))
            #expect(activity.snapshot.writesInFlight == admitted)
            var asked: ContinuousClock.Instant??
            do {
                try await activity.measuring(writing: false) { askedAt in asked = askedAt }
            } catch {
                #expect(error as? StorageTooSlow == .queueFull(waiting: 1))
            }
            // Answered at once, not queued behind the writes.
            #expect(asked == (readIsAnswered ? .some(nil) : nil))
            for gate in gates { gate.continuation.finish() }
            var refused = 0
            for write in writes {
                do { try await write.value } catch { refused += 1 }
            }
            #expect(refused == 4 - admitted)
        }
    }

    /// Lets go of a lock ``withRepository(_:_:)`` took.
    typealias Release = @Sendable () async throws -> Void

    /// A fresh repository held to `limits` (on PostgreSQL, with `connections` in its pool), and a
    /// way to take its write lock from another session and hold it until released: SQLite's
    /// `BEGIN IMMEDIATE`, PostgreSQL's `LOCK TABLE player IN EXCLUSIVE MODE` (plain reads go on
    /// beside both).
    static func withRepository(_ backend: StorageBackend, connections: Int = 4,
                               _ body: (any HuntRepository, _ holdWrites: @escaping @Sendable () async throws -> Release) async throws -> Void)
        async throws {
        switch backend {
        case .sqlite:
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-slow-\(UUID().uuidString).sqlite").path
            defer {
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            }
            try await body(try SQLiteHuntRepository.open(path: path, limits: limits)) {
                let lock = try await HeldSQLiteWriteLock(path: path)
                return { try await lock.release() }
            }
        case .postgres:
            let url = try StorageBackend.postgresURL
            let schema = StorageBackend.freshSchema()
            let repository = try await PostgresHuntRepository.connect(url: url, schema: schema, maximumConnections: connections, limits: limits,
                                                                      logger: StorageBackend.logger)
            var failure: (any Error)?
            do {
                try await body(repository) {
                    let connection = try await PostgresConnection.connect(configuration: try PostgresConnectionURL(url).connectionConfiguration(),
                                                                          id: 1, logger: StorageBackend.logger)
                    _ = try await connection.query("BEGIN", logger: StorageBackend.logger)
                    _ = try await connection.query(PostgresQuery(unsafeSQL: "LOCK TABLE \"\(schema)\".player IN EXCLUSIVE MODE"),
                                                   logger: StorageBackend.logger)
                    return {
                        _ = try await connection.query("ROLLBACK", logger: StorageBackend.logger)
                        try await connection.close()
                    }
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
