import Foundation
import PuzzleMapCore
import PuzzleMapGame
import Testing

/// The journal: the solved riddles, newest first, with their places and insider facts.
@Suite struct JournalTests {
    @Test func theJournalKeepsSolvedRiddlesNewestFirstWithTheirInsiderFactsAndNothingElse() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        #expect(try await world.hunt.journal(playerID: ada).isEmpty)

        let (first, _) = try await world.hunt.askForRiddle(playerID: ada, category: .social)
        _ = try await world.scan(ada, at: first.riddle.checkpointID)
        world.clock.advance(by: 3600)
        let (second, _) = try await world.hunt.askForRiddle(playerID: ada, category: .lab)
        _ = try await world.hunt.takeHint(playerID: ada, attemptID: second.attempt.id)
        _ = try await world.scan(ada, at: second.riddle.checkpointID)
        // A place found without a riddle is not a solved riddle.
        let elsewhere = try #require(world.hunt.content.checkpoints.first {
            ![first.riddle.checkpointID, second.riddle.checkpointID].contains($0.id)
        })
        world.clock.advance(by: 3600)
        _ = try await world.scan(ada, at: elsewhere.id)

        let journal = try await world.hunt.journal(playerID: ada)
        #expect(journal.map(\.riddle.id) == [second.riddle.id, first.riddle.id])
        #expect(journal.map(\.riddle.insider) == [second.riddle.insider, first.riddle.insider])
        #expect(journal.map(\.checkpoint.id) == [second.riddle.checkpointID, first.riddle.checkpointID])
        #expect(journal.map(\.hintsUsed) == [1, 0])
        #expect(journal[1].solvedAt == journal[0].solvedAt - 3600)
        // The seeded draws, and what game.yaml pays for them: the second after one hint (-20 XP).
        #expect([second.riddle.difficulty, first.riddle.difficulty] == [.easy, .easy])
        #expect(journal.map(\.xp) == [80, 100])
    }
}

/// Reports to the organisers: what a report must say, and how many a player may send.
@Suite struct ReportTests {
    @Test func aStickerReportNamesAPlaceInPlayAndOtherReportsSayWhatIsWrong() async throws {
        let world = try await GameWorld()
        let ada = try await world.player("ada")
        let place = world.hunt.content.checkpoints[0].id
        let sticker = try await world.hunt.report(kind: .stickerDamaged, checkpointID: place, text: "  ", context: nil, playerID: ada)
        #expect(sticker.report == ProblemReport(kind: .stickerDamaged, checkpointID: place, text: "", context: nil))
        await #expect(throws: ReportRefusal.unknownPlace) {
            _ = try await world.hunt.report(kind: .stickerMissing, checkpointID: nil, text: "gone", context: nil, playerID: ada)
        }
        await #expect(throws: ReportRefusal.unknownPlace) {
            _ = try await world.hunt.report(kind: .other, checkpointID: "no-such-place", text: "x", context: nil, playerID: ada)
        }
        await #expect(throws: ReportRefusal.emptyReport) {
            _ = try await world.hunt.report(kind: .bug, checkpointID: nil, text: "\n", context: nil, playerID: ada)
        }
        await #expect(throws: ReportRefusal.textTooLong(max: ProblemReport.maxTextLength)) {
            _ = try await world.hunt.report(kind: .bug, checkpointID: nil, text: String(repeating: "a", count: ProblemReport.maxTextLength + 1),
                                            context: nil, playerID: ada)
        }
        let bug = try await world.hunt.report(kind: .bug, checkpointID: nil, text: " The button is hidden ", context: "internal_error on /map",
                                              playerID: ada)
        #expect(bug.report.text == "The button is hidden" && bug.report.context == "internal_error on /map")
        #expect(try await world.hunt.reports().map(\.id) == [bug.id, sticker.id])
    }

    @Test func aPlayerSendsAtMostTheDaysLimitOfReports() async throws {
        let world = try await GameWorld { $0.reportsPerDay = 2 }
        let ada = try await world.player("ada")
        let bob = try await world.player("bob")
        for _ in 0..<2 { _ = try await world.hunt.report(kind: .bug, checkpointID: nil, text: "x", context: nil, playerID: ada) }
        await #expect(throws: ReportRefusal.tooManyReports(perDay: 2)) {
            _ = try await world.hunt.report(kind: .bug, checkpointID: nil, text: "x", context: nil, playerID: ada)
        }
        _ = try await world.hunt.report(kind: .bug, checkpointID: nil, text: "x", context: nil, playerID: bob)
        world.clock.advance(by: 86_401)
        _ = try await world.hunt.report(kind: .bug, checkpointID: nil, text: "x", context: nil, playerID: ada)
        #expect(try await world.hunt.reports().count == 4)
    }
}
