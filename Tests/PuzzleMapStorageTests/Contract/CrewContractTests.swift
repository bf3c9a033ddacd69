import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// Crews, alike on every store: one crew a player, and a crew riddle's scans decided one after
/// the other so that two members scanning at once solve it exactly once.
@Suite struct CrewContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func aPlayerIsInOneCrewAndTheEldestMemberLeadsWhenTheLeaderLeaves(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let crew = try await repository.createCrew(name: "Owls", leaderID: ada.id, at: start) { #expect($0 == nil) }
            #expect(crew.members.map(\.player) == [ada])
            let joined = try await repository.joinCrew(id: crew.id, playerID: bob.id, at: start + 1, decide: { crew, current in
                #expect(crew?.members.count == 1)
                #expect(current == nil)
            }, announce: { _ in [] })
            #expect(joined.members.map(\.player) == [ada, bob])
            #expect(try await repository.crew(ofPlayer: bob.id)?.id == crew.id)
            let left = try await repository.leaveCrew(memberID: ada.id, at: start + 2) { _ in }
            #expect(left?.leaderID == bob.id)
            #expect(try await repository.crew(ofPlayer: ada.id) == nil)
            #expect(try await repository.leaveCrew(memberID: bob.id, at: start + 3) { _ in } == nil)
            #expect(try await repository.crew(id: crew.id) == nil, "the last one out ends the crew")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func twoMembersScanningTheCrewRiddlesPlaceAtOnceSolveItOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let riddle = content.riddles[0]
            let category = try #require(content.checkpoint(id: riddle.checkpointID)?.category)
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let crew = try await repository.createCrew(name: "Owls", leaderID: ada.id, at: start) { _ in }
            _ = try await repository.joinCrew(id: crew.id, playerID: bob.id, at: start, decide: { _, _ in }, announce: { _ in [] })
            guard case .started = try await repository.startCrewRiddle(crewID: crew.id, category: category, at: start, choose: { _, _ in riddle })
            else { Issue.record("no crew riddle started"); return }
            let start = start
            // Each scan solves the riddle if it sees the other member's scan: the store must show
            // the second scan the first one, never both an empty list.
            let answers = try await concurrently(2) { index in
                let player = index == 0 ? ada : bob
                return try await repository.performScan(playerID: player.id, checkpointID: riddle.checkpointID, idempotencyKey: nil, requestDigest: "r",
                                                        photo: nil, location: nil, photoWindow: 600, at: start + 60) { state in
                    let play = try #require(state.crew)
                    var effect = ScanEffect(outcome: "crew", flag: nil) { _ in Data((play.riddle.scans.isEmpty ? "waiting" : "solved").utf8) }
                    effect.crewScan = play.riddle.id
                    if !play.riddle.scans.isEmpty {
                        effect.crewSolve = CrewSolve(crewRiddleID: play.riddle.id, riddleID: riddle.id, hintsUsed: 0, awards: [
                            .init(playerID: ada.id, solvedXP: 100, bonusXP: 50, grants: []), .init(playerID: bob.id, solvedXP: 100, bonusXP: 50, grants: []),
                        ])
                    }
                    return effect
                }
            }
            #expect(answers.map { String(decoding: $0.answer, as: UTF8.self) }.sorted() == ["solved", "waiting"])
            for player in [ada, bob] {
                #expect(try await repository.events(playerID: player.id).map(\.xp) == [100, 50])
            }
            #expect(try await repository.crewRiddles(crewID: crew.id).isEmpty, "solved, the riddle is no longer held")
        }
    }
}
