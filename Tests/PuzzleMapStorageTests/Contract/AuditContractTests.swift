import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// The organisers' audit log: kept alike on every store, newest first, and never changed.
@Suite struct AuditContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func linesAreListedNewestFirstAndTheDatabaseRefusesToChangeOrRemoveThem(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository, sql in
            let hidden = AuditRecord(actorID: 7, actorName: "olive", action: .checkpointHidden, subject: "checkpoint:library",
                                     detail: "Closed for exams — “back Monday”")
            let reload = AuditRecord.byService(.contentReloaded, subject: "content", detail: "12 checkpoints")
            let first = try await repository.appendAudit(hidden, at: start)
            let second = try await repository.appendAudit(reload, at: start + 60)
            #expect(try await repository.auditLog(limit: 10) == [
                AuditEntry(id: second.id, record: reload, at: start + 60),
                AuditEntry(id: first.id, record: hidden, at: start),
            ])
            #expect(try await repository.auditLog(limit: 1).map(\.id) == [second.id])

            await #expect(throws: (any Error).self) { try await sql("UPDATE auditLog SET detail = 'nothing happened'") }
            await #expect(throws: (any Error).self) { try await sql("DELETE FROM auditLog") }
            #expect(try await repository.auditLog(limit: 10).map(\.record) == [reload, hidden])
        }
    }
}
