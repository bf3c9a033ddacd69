import Foundation
import PuzzleMapCore
import Testing

@Suite struct CrewRulesTests {
    let rules = CrewRules()
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func riddle(_ scans: [(Int64, TimeInterval)]) -> CrewRiddle {
        CrewRiddle(id: 1, crewID: 1, riddleID: "r", checkpointID: "c", category: .lab, hintsUsed: 0, startedAt: start,
                   scans: scans.map { CrewScan(playerID: $0.0, at: start + $0.1) })
    }

    @Test func twoDifferentMembersWithinTheWindowSolveItAndOneMemberTwiceDoesNot() {
        let members: Set<Int64> = [1, 2, 3]
        #expect(rules.participants(in: riddle([(1, 0)]), scanBy: 1, at: start + 60, members: members) == nil)
        #expect(rules.participants(in: riddle([(1, 0)]), scanBy: 2, at: start + 599, members: members) == [1, 2])
        #expect(rules.participants(in: riddle([(1, 0)]), scanBy: 2, at: start + 600, members: members) == [1, 2], "the window's edge counts")
        #expect(rules.participants(in: riddle([(1, 0)]), scanBy: 2, at: start + 601, members: members) == nil)
        #expect(rules.participants(in: riddle([(1, 0), (3, 300)]), scanBy: 2, at: start + 700, members: members) == [2, 3])
    }

    @Test func aScanBySomeoneNoLongerInTheCrewDoesNotCount() {
        #expect(rules.participants(in: riddle([(9, 0)]), scanBy: 2, at: start + 60, members: [1, 2]) == nil)
    }

    @Test func theCombinedProfileAddsTheMembersScores() {
        let combined = CrewRules.combined([TraitProfile(scores: ["art": 1, "science": -1]), TraitProfile(scores: ["art": 2])])
        #expect(combined == TraitProfile(scores: ["art": 3, "science": -1]))
    }
}
