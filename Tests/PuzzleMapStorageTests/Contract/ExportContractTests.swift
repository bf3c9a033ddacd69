import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// A player's own export reads all that is theirs, alike on every store, and nobody else's.
@Suite struct ExportContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func aPlayersOwnDataIsReadWholeAndNoOneElsesWithIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let start = start
            let places = content.checkpoints.map(\.id)
            let (offer, otherOffer) = (content.offers[0].id, content.offers[1].id)
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let cy = try await repository.signUp("cy")
            let dee = try await repository.signUp("dee")
            let eve = try await repository.signUp("eve")
            let fay = try await repository.signUp("fay")
            let gus = try await repository.signUp("gus")

            // Friends, requests either way and blocks either way.
            #expect(try await repository.requestFriend(from: ada.id, to: bob.id, mutual: true, at: start + 1) == .befriended)
            guard case .requested(let sent) = try await repository.requestFriend(from: ada.id, to: cy.id, mutual: false, at: start + 2),
                  case .requested(let received) = try await repository.requestFriend(from: dee.id, to: ada.id, mutual: false, at: start + 3)
            else { Issue.record("the friend requests were not left waiting"); return }
            _ = try await repository.requestFriend(from: bob.id, to: cy.id, mutual: false, at: start + 3)
            try await repository.block(blocker: ada.id, blocked: eve.id, at: start + 4)
            try await repository.block(blocker: gus.id, blocked: ada.id, at: start + 4)

            // The quiz and a riddle held.
            let quiz = QuizResult(answers: ["q1": .agree, "q2": .stronglyDisagree], profile: TraitProfile(scores: ["coffee": 2, "history": -1]),
                                  takenAt: start + 5)
            try await repository.saveQuiz(playerID: ada.id, result: quiz)
            try await repository.saveQuiz(playerID: bob.id, result: QuizResult(answers: [:], profile: .neutral, takenAt: start + 5))
            let riddle = content.riddles[0]
            let category = try #require(content.checkpoint(id: riddle.checkpointID)?.category)
            guard case .started(let attempt) = try await repository.ask(for: riddle, playerID: ada.id, category: category, at: start + 6)
            else { Issue.record("no riddle held"); return }

            // Vouchers: one unlocked, one given to a friend, one given by a friend.
            #expect(try await VoucherContractTests.unlock(offer, for: ada.id, at: places[0], repository, at: start + 30) == 1)
            let given = try #require(try await repository.vouchers(playerID: ada.id).first)
            guard case .success(let givenNow) = try await repository.giftVoucher(id: given.id, from: ada.id, to: bob.id, dailyLimit: 3,
                                                                                  dayStart: start, at: start + 31)
            else { Issue.record("ada's gift was refused"); return }
            #expect(try await VoucherContractTests.unlock(offer, for: bob.id, at: places[2], repository, at: start + 32) == 1)
            let bobs = try #require(try await repository.vouchers(playerID: bob.id).first { $0.giftedBy == nil })
            guard case .success(let gift) = try await repository.giftVoucher(id: bobs.id, from: bob.id, to: ada.id, dailyLimit: 3,
                                                                              dayStart: start, at: start + 33)
            else { Issue.record("bob's gift was refused"); return }
            #expect(try await VoucherContractTests.unlock(otherOffer, for: ada.id, at: places[1], repository, at: start + 34) == 1)
            let own = try #require(try await repository.vouchers(playerID: ada.id).first { $0.offerID == otherOffer })

            // A crew, an invitation into another, challenges either way and a report.
            let owls = try await repository.createCrew(name: "Owls", leaderID: ada.id, at: start + 10) { _ in }
            let crew = try await repository.joinCrew(id: owls.id, playerID: bob.id, at: start + 11, decide: { _, _ in }, announce: { _ in [] })
            let kestrels = try await repository.createCrew(name: "Kestrels", leaderID: fay.id, at: start + 12) { _ in }
            let invitation = try await repository.inviteToCrew(memberID: fay.id, playerID: ada.id, at: start + 13, decide: { _ in },
                                                               announce: { _ in [] })
            let challenged = try await repository.createChallenge(challengerID: ada.id, challengedID: bob.id, since: start, at: start + 20) { _ in
                ChallengeDraft(riddleID: content.riddles[1].id, checkpointID: content.riddles[1].checkpointID)
            }
            let accepted = try #require(try await repository.answerChallenge(id: challenged.id, answer: .accept, at: start + 21) { _ in })
            let challenge = try await repository.createChallenge(challengerID: gus.id, challengedID: ada.id, since: start, at: start + 22) { _ in
                ChallengeDraft(riddleID: content.riddles[2].id, checkpointID: content.riddles[2].checkpointID)
            }
            _ = try await repository.createChallenge(challengerID: bob.id, challengedID: cy.id, since: start, at: start + 23) { _ in
                ChallengeDraft(riddleID: content.riddles[3].id, checkpointID: content.riddles[3].checkpointID)
            }
            let report = try await repository.saveReport(ProblemReport(kind: .stickerDamaged, checkpointID: places[3], text: "Torn", context: nil),
                                                         playerID: ada.id, at: start + 40)
            _ = try await repository.saveReport(ProblemReport(kind: .bug, checkpointID: nil, text: "Bob's", context: nil), playerID: bob.id, at: start + 41)

            let data = try await repository.personalData(playerID: ada.id)
            #expect(data.events.map(\.kind) == [.explored, .explored])
            #expect(data.events.map(\.checkpointID) == [places[0], places[1]])
            #expect(data.events.allSatisfy { $0.playerID == ada.id })
            #expect(data.quiz == quiz)
            #expect(data.riddleAttempts == [attempt])
            #expect(data.vouchers == [PersonalData.HeldVoucher(voucher: own, giver: nil), PersonalData.HeldVoucher(voucher: gift, giver: bob)])
            #expect(data.vouchersGiven == [PersonalData.GivenVoucher(voucher: givenNow, recipient: bob, givenAt: start + 31)])
            #expect(data.friends == [PersonalData.Link(player: bob, since: start + 1)])
            #expect(data.friendRequestsSent == [FriendRequest(id: sent, from: ada, to: cy, createdAt: start + 2)])
            #expect(data.friendRequestsReceived == [FriendRequest(id: received, from: dee, to: ada, createdAt: start + 3)])
            #expect(data.blocked == [PersonalData.Link(player: eve, since: start + 4)], "who blocks ada is not hers")
            #expect(data.crew == crew)
            #expect(data.crewInvitations == [invitation] && invitation.crewID == kestrels.id)
            #expect(data.challenges == [accepted, challenge])
            #expect(data.reports == [report])

            // Another player's export has only what is theirs: cy sent nothing and holds nothing.
            let cys = try await repository.personalData(playerID: cy.id)
            #expect(cys.events.isEmpty && cys.quiz == nil && cys.riddleAttempts.isEmpty && cys.vouchers.isEmpty && cys.vouchersGiven.isEmpty)
            #expect(cys.friends.isEmpty && cys.blocked.isEmpty && cys.crew == nil && cys.crewInvitations.isEmpty && cys.reports.isEmpty)
            #expect(cys.friendRequestsSent.isEmpty && cys.friendRequestsReceived.map(\.from) == [ada, bob])
            #expect(cys.challenges.map(\.challenger) == [bob])
        }
    }
}
