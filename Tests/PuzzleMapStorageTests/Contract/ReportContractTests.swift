import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Problem reports, kept and listed alike on every store.
@Suite struct ReportContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func reportsAreListedNewestFirstAndOutliveTheirReportersAccount(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.imported(ContractFixture.content)
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let place = ContractFixture.content.checkpoints[0].id
            let sticker = ProblemReport(kind: .stickerMissing, checkpointID: place, text: "", context: nil)
            let bug = ProblemReport(kind: .bug, checkpointID: nil, text: "The map's “open” label is wrong ✓", context: "invalid_code on /scan")
            let first = try await repository.saveReport(sticker, playerID: ada.id, at: start)
            let second = try await repository.saveReport(bug, playerID: bob.id, at: start + 60)
            #expect(first.id != second.id)
            #expect(try await repository.reports(limit: 10) == [
                StoredReport(id: second.id, playerID: bob.id, report: bug, createdAt: start + 60, reporter: "bob"),
                StoredReport(id: first.id, playerID: ada.id, report: sticker, createdAt: start, reporter: "ada"),
            ])
            #expect(try await repository.reports(limit: 1).map(\.id) == [second.id])

            try await repository.eraseAccount(id: bob.id, at: start + 120)
            let kept = try await repository.reports(limit: 10)
            #expect(kept.map(\.playerID) == [nil, ada.id])
            #expect(kept.map(\.reporter) == [nil, "ada"])
            #expect(kept.first?.report == bug)
        }
    }
}
