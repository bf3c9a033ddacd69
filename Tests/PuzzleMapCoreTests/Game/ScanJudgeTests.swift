import Foundation
import PuzzleMapCore
import Testing

/// A place pays its solver once, whoever's riddle it was: the judge's side of it.
@Suite struct ScanJudgeTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let place = GameFixtures.checkpoints[0]

    var content: CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: [place], riddles: [Riddle(id: "r1", checkpointID: place.id, difficulty: .easy, text: "Where?", hints: ["a", "b", "c"],
                                                              insider: "fact")],
                      quiz: [], rules: GameFixtures.rules, badges: [], partners: [], offers: [])
    }

    var held: RiddleAttempt {
        RiddleAttempt(id: 7, playerID: 1, riddleID: "r1", checkpointID: place.id, category: place.category, hintsUsed: 0, startedAt: now - 600,
                      closedAt: nil, outcome: nil)
    }

    @Test func theHeldRiddlesPlacePaysItsReward() {
        let verdict = ScanJudge.verdict(at: place.id, active: [held], events: [], content: content)
        #expect(verdict == .solved(attempt: held, riddle: content.riddles[0], xp: content.rules.reward(for: .easy, hintsUsed: 0)))
    }

    /// Solved with the crew (or first in a race) after the riddle was drawn: found by the
    /// simulation, seed 100872, where the player's own riddle then paid a second time.
    @Test func aHeldRiddlesPlaceSolvedSinceClosesItWithoutPayingAgain() {
        let solvedWithTheCrew = GameEvent.solved(by: 1, riddleID: "crew-r1", at: place.id, xp: 150, hintsUsed: 0, on: now - 60)
        let verdict = ScanJudge.verdict(at: place.id, active: [held], events: [solvedWithTheCrew], content: content)
        #expect(verdict == .solvedBefore(attempt: held, riddle: content.riddles[0]))
        // Voided since, the solve no longer counts: the riddle pays again.
        let voided = GameEvent.voided(scan: 3, of: 1, at: place.id, xp: -150, reason: "shared photo", on: now - 30)
        let events = [GameEvent(id: 1, playerID: 1, kind: .solved, checkpointID: place.id, riddleID: "crew-r1", xp: 150, occurredAt: now - 60,
                                scanID: 3, reason: nil), voided]
        if case .solved = ScanJudge.verdict(at: place.id, active: [held], events: events, content: content) {} else {
            Issue.record("a voided solve should not stop the riddle paying")
        }
    }
}
