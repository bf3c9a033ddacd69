import Synchronization

/// Reads from the store under way, by what they read: a request for the same key joins the
/// read under way instead of reading again, and is answered what it reads.
final class SharedReads<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Flight {
        var id: UInt64
        var task: Task<Value, any Error>
    }

    private let flights = Mutex<(next: UInt64, byKey: [Key: Flight])>((0, [:]))

    /// What `read` reads for `key`, or what the read of it under way does.
    func value(for key: Key, reading read: @escaping @Sendable () async throws -> Value) async throws -> Value {
        let task = flights.withLock { flights -> Task<Value, any Error> in
            if let flight = flights.byKey[key] { return flight.task }
            flights.next += 1
            let id = flights.next
            let task = Task {
                defer { self.flights.withLock { if $0.byKey[key]?.id == id { $0.byKey[key] = nil } } }
                return try await read()
            }
            flights.byKey[key] = Flight(id: id, task: task)
            return task
        }
        return try await task.value
    }
}
