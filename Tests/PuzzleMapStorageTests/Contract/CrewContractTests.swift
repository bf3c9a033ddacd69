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
            guard case .started = try await repository.startCrewRiddle(crewID: crew.id, category: category, at: start, decide: { _ in .start(riddle) })
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
                            Self.share(of: ada.id, in: riddle, at: start + 60), Self.share(of: bob.id, in: riddle, at: start + 60),
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

    /// A member's share of a crew solve of `riddle`: its 100 XP and the 50 XP bonus.
    static func share(of member: Int64, in riddle: Riddle, at date: Date) -> CrewSolve.Award {
        CrewSolve.Award(playerID: member, events: [.solved(by: member, riddleID: riddle.id, at: riddle.checkpointID, xp: 100, hintsUsed: 0, on: date),
                                                   .crewBonus(by: member, riddleID: riddle.id, at: riddle.checkpointID, xp: 50, on: date)], grants: [])
    }

    /// Solves `riddle` for the crew at `date`, as a member's scan that the game found solving does.
    private func solve(_ riddle: Riddle, crew: Crew, by member: Player, at date: Date, _ repository: any HuntRepository) async throws {
        let category = try #require(try await repository.imported().checkpoint(id: riddle.checkpointID)?.category)
        guard case .started = try await repository.startCrewRiddle(crewID: crew.id, category: category, at: date, decide: { _ in .start(riddle) })
        else { Issue.record("no crew riddle started"); return }
        _ = try await repository.performScan(playerID: member.id, checkpointID: riddle.checkpointID, idempotencyKey: nil, requestDigest: "\(date)",
                                             photo: nil, location: nil, photoWindow: 600, at: date) { state in
            let play = try #require(state.crew)
            var effect = ScanEffect(outcome: "crew", flag: nil) { _ in Data() }
            effect.crewScan = play.riddle.id
            effect.crewSolve = CrewSolve(crewRiddleID: play.riddle.id, riddleID: riddle.id, hintsUsed: 0,
                                         awards: [Self.share(of: member.id, in: riddle, at: date)])
            return effect
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func crewsRankByRiddlesSolvedTogetherInTheCampusWeekOrAllTime(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let players = try await [repository.signUp("ada"), repository.signUp("bob"), repository.signUp("cat")]
            let week = CampusWeek.utc.interval(of: start)
            var crews: [Crew] = []
            for (index, player) in players.enumerated() {
                crews.append(try await repository.createCrew(name: "Crew \(index)", leaderID: player.id, at: week.start + Double(index)) { _ in })
            }
            // Crew 0: one solve the week before and one this week; crew 1: one this week, at the
            // very start of it; crew 2: none.
            try await solve(content.riddles[0], crew: crews[0], by: players[0], at: week.start - 1, repository)
            try await solve(content.riddles[1], crew: crews[0], by: players[0], at: week.start + 60, repository)
            try await solve(content.riddles[2], crew: crews[1], by: players[1], at: week.start, repository)

            let thisWeek = try await repository.crewScores(period: .week, limit: 10, at: start)
            #expect(thisWeek.map(\.name) == ["Crew 0", "Crew 1"], "ties in the order the crews were made")
            #expect(thisWeek.map(\.solved) == [1, 1])
            #expect(thisWeek.map(\.members) == [1, 1])
            #expect(CrewBoardEntry.ranking(thisWeek).map(\.rank) == [1, 1])
            let allTime = try await repository.crewScores(period: .all, limit: 10, at: start)
            #expect(allTime.map(\.solved) == [2, 1])
            #expect(try await repository.crewScores(period: .all, limit: 1, at: start).count == 1)
            #expect(try await repository.crewScore(crewID: crews[1].id, period: .all, at: start)! == (1, 1))
            #expect(try await repository.crewScore(crewID: crews[0].id, period: .week, at: start)! == (1, 0))
            #expect(try await repository.crewScore(crewID: crews[2].id, period: .all, at: start) == nil)
            // Next week, the weekly board is empty again.
            #expect(try await repository.crewScores(period: .week, limit: 10, at: week.end).isEmpty)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func anInvitationWaitsUntilAnsweredOrTheInviteeJoinsACrew(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let crew = try await repository.createCrew(name: "Owls", leaderID: ada.id, at: start) { _ in }
            let invitation = try await repository.inviteToCrew(memberID: ada.id, playerID: bob.id, at: start + 1, decide: { #expect($0.id == crew.id) },
                                                               announce: { [LiveEvent(playerID: bob.id, kind: .crewInvited, values: [:], subjectID: $0.id)] })
            #expect(invitation.crewName == "Owls")
            #expect(invitation.invitedBy == ada)
            #expect(invitation.crewMembers == 1)
            let again = try await repository.inviteToCrew(memberID: ada.id, playerID: bob.id, at: start + 2, decide: { _ in },
                                                          announce: { _ in Issue.record("announced twice"); return [] })
            #expect(again == invitation)
            #expect(try await repository.crewInvitations(playerID: bob.id) == [invitation])
            #expect(try await repository.liveEvents(playerID: bob.id, after: 0, limit: 10).map(\.event.kind) == [.crewInvited])
            #expect(try await repository.declineCrewInvitation(id: invitation.id, playerID: ada.id) == false, "only the invitee answers")
            #expect(try await repository.declineCrewInvitation(id: invitation.id, playerID: bob.id))
            #expect(try await repository.crewInvitations(playerID: bob.id).isEmpty)
            // Invited again, Bob makes a crew of his own: the invitation goes.
            _ = try await repository.inviteToCrew(memberID: ada.id, playerID: bob.id, at: start + 3, decide: { _ in }, announce: { _ in [] })
            _ = try await repository.createCrew(name: "Larks", leaderID: bob.id, at: start + 4) { _ in }
            #expect(try await repository.crewInvitations(playerID: bob.id).isEmpty)
            // A renewed code: one version up.
            let renewed = try await repository.renewCrewCode(memberID: ada.id) { _ in }
            #expect(renewed.codeVersion == crew.codeVersion + 1)
        }
    }
}
