import PostgresNIO
import PuzzleMapStorage

/// A pooled connection waited for no longer than the deadline lets an operation wait.
///
/// `PostgresClient` sets no limit of its own on that wait: while it cannot connect (the server
/// restarting) it keeps a request queued and retries, for up to a minute, and that includes a
/// request that reached the pool in the moment before the listening connection noticed the
/// server had gone. So the connection is borrowed by a task of the loan's own, which holds it
/// until it is given back; giving up the wait is cancelling that task, which takes its request
/// out of the pool's queue.
struct PostgresConnectionLoan: Sendable {
    let connection: PostgresConnection
    private let holder: Task<Void, Never>
    private let giveBackSignal: AsyncStream<Void>.Continuation

    /// Borrows a connection from `client`, waiting at most `deadline`.
    ///
    /// - Throws: ``StorageTooSlow/waitedTooLong(_:)`` when none was lent in time; the pool's
    ///   own error when it refused (it could not connect for a minute, or it is shutting down);
    ///   `CancellationError` when the caller was cancelled while waiting.
    static func borrow(from client: PostgresClient, within deadline: Duration) async throws -> PostgresConnectionLoan {
        let (lent, lending) = AsyncThrowingStream.makeStream(of: PostgresConnection.self, bufferingPolicy: .bufferingNewest(1))
        let (givenBack, giveBack) = AsyncStream.makeStream(of: Void.self)
        let holder = Task {
            do {
                try await client.withConnection { connection in
                    lending.yield(connection)
                    lending.finish()
                    // Held until given back, or until the borrower gave up waiting (cancelled).
                    for await _ in givenBack {}
                }
            } catch {
                lending.finish(throwing: error)
            }
        }
        do {
            let connection = try await withThrowingTaskGroup(of: PostgresConnection?.self) { group in
                group.addTask {
                    for try await connection in lent { return connection }
                    return nil
                }
                group.addTask {
                    try await Task.sleep(for: deadline)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
            guard let connection else { throw StorageTooSlow.waitedTooLong(deadline) }
            return PostgresConnectionLoan(connection: connection, holder: holder, giveBackSignal: giveBack)
        } catch {
            // Out of the pool's queue, or, lent in the same moment, straight back to the pool.
            holder.cancel()
            await holder.value
            throw error
        }
    }

    /// Returns the connection to the pool, once the borrower is done with it.
    func giveBack() async {
        giveBackSignal.finish()
        await holder.value
    }
}
