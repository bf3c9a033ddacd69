import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// The organisers' figures, read alike from every store.
@Suite struct StatsContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func statisticsCountPlayersScansRiddlesAndOffersExactly(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            var content = ContractFixture.content
            content.offers[0].stock = 5
            _ = try await repository.imported(content)
            let ada = try await repository.verifiedPlayer("ada")
            let bob = try await repository.signUp("bob")
            let staff = try await repository.signUp("quinn")
            _ = try await repository.setRole(email: "quinn@student.gla.ac.uk", role: .staff, partnerID: content.offers[0].partnerID)
            let gone = try await repository.signUp("gone")
            try await repository.eraseAccount(id: gone.id, at: start)
            // Bob played eight days ago: not active this week.
            _ = try await repository.appendEvent(playerID: bob.id, kind: .explored, checkpointID: content.checkpoints[0].id, riddleID: nil, xp: 5,
                                                 at: start - 8 * 86_400)

            // Ada solves one riddle in 10 minutes and another in 20, with hints, and gives up a third.
            let riddles = Array(content.riddles.prefix(3))
            for (index, minutes) in [10.0, 20.0].enumerated() {
                let riddle = riddles[index]
                guard case .started(let attempt) = try await repository.ask(for: riddle, playerID: ada.id, category: Category.allCases[index], at: start)
                else { Issue.record("no riddle"); return }
                _ = try await repository.takeHint(attemptID: attempt.id, playerID: ada.id, maxHints: 3, at: start)
                _ = try await repository.performScan(playerID: ada.id, checkpointID: riddle.checkpointID, idempotencyKey: nil, requestDigest: "request", photo: nil,
                                                     location: nil, photoWindow: 0, at: start + minutes * 60) { _ in
                    ScanEffect(solvedAttemptID: attempt.id, event: .solved(by: ada.id, riddleID: riddle.id, at: riddle.checkpointID, xp: 100, hintsUsed: 1, on: start + minutes * 60), outcome: "solved", flag: index == 1 ? .tooFast : nil) { _ in
                        Data()
                    }
                }
            }
            guard case .started(let third) = try await repository.ask(for: riddles[2], playerID: ada.id, category: .social, at: start + 1300)
            else { Issue.record("no riddle"); return }
            _ = try await repository.giveUp(attemptID: third.id, playerID: ada.id, at: start + 1400)
            _ = try await repository.performScan(playerID: ada.id, checkpointID: riddles[0].checkpointID, idempotencyKey: nil, requestDigest: "request", photo: nil,
                                                 location: nil, photoWindow: 0, at: start + 1500) { _ in
                ScanEffect(outcome: "already_found", flag: .tooFast) { _ in Data() }
            }
            _ = try await VoucherContractTests.unlock(content.offers[0].id, for: ada.id, at: content.checkpoints[0].id, repository)
            _ = try await VoucherContractTests.unlock(content.offers[0].id, for: bob.id, at: content.checkpoints[0].id, repository,
                                                      at: start - 8 * 86_400)
            let voucher = try #require(try await repository.vouchers(playerID: ada.id).first)
            _ = try await repository.redeem(voucherID: voucher.id, partnerID: content.offers[0].partnerID, staffID: staff.id, at: start + 1600)

            let stats = try await repository.statistics(at: start + 1700)
            #expect(stats.players == 2)
            #expect(stats.activePlayers == 1)
            let firstPlace = riddles[0].checkpointID
            let expectedScans = Dictionary(grouping: [
                (firstPlace, "solved", false), (riddles[1].checkpointID, "solved", true), (firstPlace, "already_found", true),
                (content.checkpoints[0].id, "explored", false), (content.checkpoints[0].id, "explored", false),
            ], by: \.0).map { place, scans in
                HuntStatistics.CheckpointScans(checkpoint: place, outcomes: Dictionary(grouping: scans, by: \.1).mapValues(\.count),
                                               flagged: scans.filter(\.2).count)
            }.sorted { $0.checkpoint < $1.checkpoint }
            #expect(stats.scansByCheckpoint.map(\.checkpoint) == expectedScans.map(\.checkpoint))
            #expect(stats.scansByCheckpoint.map(\.outcomes) == expectedScans.map(\.outcomes))
            #expect(stats.scansByCheckpoint.map(\.flagged) == expectedScans.map(\.flagged))
            let byRiddle = Dictionary(uniqueKeysWithValues: stats.riddles.map { ($0.riddle, $0) })
            #expect(stats.riddles.map(\.riddle) == riddles.map(\.id).sorted())
            #expect(byRiddle[riddles[0].id].map { [$0.solved, $0.givenUp, $0.hintsUsed] } as [Int]? == [1, 0, 1])
            #expect(byRiddle[riddles[0].id]?.medianMinutesToSolve == 10)
            #expect(byRiddle[riddles[1].id]?.medianMinutesToSolve == 20)
            #expect(byRiddle[riddles[2].id].map { [$0.solved, $0.givenUp, $0.hintsUsed] } as [Int]? == [0, 1, 0])
            #expect(byRiddle[riddles[2].id]?.medianMinutesToSolve == nil)
            let offer = try #require(stats.offers.first { $0.offer == content.offers[0].id })
            #expect([offer.issued, offer.redeemed, offer.left] as [Int] == [2, 1, 3])
            #expect(stats.offers.map(\.offer) == content.offers.map(\.id).sorted())
            #expect(stats.offers.filter { $0.offer != content.offers[0].id }.allSatisfy { $0.issued == 0 && $0.redeemed == 0 })
            #expect(stats.flaggedScans == 2)
            #expect(stats.decodeFailuresByCheckpoint.isEmpty)
        }
    }
}
