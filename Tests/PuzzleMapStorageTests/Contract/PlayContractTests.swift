import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// The ledger, the quiz, riddles held and hints taken, alike on every store.
@Suite struct PlayContractTests {
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func theLedgerKeepsEventsInOrderAndRefusesUnknownPlaces(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let place = content.checkpoints[2].id
            let first = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 25, at: start)
            #expect(first == GameEvent(id: first.id, playerID: ada.id, kind: .explored, checkpointID: place, riddleID: nil, xp: 25, hintsUsed: 0,
                                       occurredAt: start))
            let second = try await repository.appendEvent(playerID: ada.id, kind: .checkedIn, checkpointID: nil, riddleID: nil, xp: 10,
                                                          at: start + 1)
            #expect(second.id > first.id)
            #expect(try await repository.events(playerID: ada.id) == [first, second])
            #expect(try await repository.events(playerID: ada.id + 1).isEmpty)
            await #expect(throws: StorageError.self) {
                _ = try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: "nowhere", riddleID: nil, xp: 25, at: start)
            }
            await #expect(throws: StorageError.self) {
                _ = try await repository.appendEvent(playerID: ada.id + 99, kind: .explored, checkpointID: place, riddleID: nil, xp: 25, at: start)
            }
            #expect(try await repository.events(playerID: ada.id).count == 2)
            #expect(try await repository.standing(playerID: ada.id, period: .all, at: start) == (1, 35))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousEventsAllReachTheScores(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            _ = try await concurrently(40) { index in
                try await repository.appendEvent(playerID: ada.id, kind: .explored, checkpointID: content.checkpoints[index % 5].id, riddleID: nil,
                                                 xp: 5, at: start + Double(index))
            }
            #expect(try await repository.events(playerID: ada.id).count == 40)
            #expect(try await repository.standing(playerID: ada.id, period: .all, at: start) == (1, 200))
            #expect(try await repository.standing(playerID: ada.id, period: .week, at: start) == (1, 200))
        }
    }

    // MARK: Quiz

    @Test(arguments: StorageBackend.allCases)
    func aQuizIsSavedAndRetakingItReplacesIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let ada = try await repository.signUp("ada")
            #expect(try await repository.quiz(playerID: ada.id) == nil)
            let first = QuizResult(answers: ["q1": .agree, "q2": .stronglyDisagree], profile: TraitProfile(scores: ["curious": 0.75, "social": -0.5]),
                                   takenAt: start)
            try await repository.saveQuiz(playerID: ada.id, result: first)
            #expect(try await repository.quiz(playerID: ada.id) == first)
            let second = QuizResult(answers: ["q1": .disagree], profile: TraitProfile(scores: ["curious": 0.1]), takenAt: start + 60)
            try await repository.saveQuiz(playerID: ada.id, result: second)
            #expect(try await repository.quiz(playerID: ada.id) == second)
        }
    }

    // MARK: Riddles

    /// A publish that commits while a player asks: the riddles it retired reach the decision in
    /// the ask's own transaction, whatever content the deciding instance had loaded.
    @Test(arguments: StorageBackend.allCases)
    func askingForARiddleReadsWhatTheStoredContentRetired(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let gone = content.checkpoints[0]
            var next = content
            next.checkpoints.removeAll { $0.id == gone.id }
            next.riddles.removeAll { $0.checkpointID == gone.id }
            _ = try await repository.importContent(next, at: start + 60)
            let retired = Set(content.riddles.filter { $0.checkpointID == gone.id }.map(\.id))
            #expect(!retired.isEmpty)
            _ = try await repository.startRiddle(playerID: ada.id, category: .lab, at: start + 120) { holdings in
                #expect(holdings.retiredRiddles == retired)
                return RiddleRequestDecision(.refuse(.nothingOpen(.lab)))
            }
            _ = try await repository.importContent(content, at: start + 180)
            _ = try await repository.startRiddle(playerID: ada.id, category: .lab, at: start + 240) { holdings in
                #expect(holdings.retiredRiddles.isEmpty, "restored riddles are played again")
                return RiddleRequestDecision(.refuse(.nothingOpen(.lab)))
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func askingForARiddleReadsTheHoldingsUnderTheLockAndWritesWhatTheGameDecided(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let lab = try #require(content.riddles.first { riddle in content.checkpoint(id: riddle.checkpointID)?.category == .lab })
            let outcome = try await repository.startRiddle(playerID: ada.id, category: .lab, at: start) { holdings in
                #expect(holdings == RiddleHoldings(active: [], givenUp: [:], ledger: []))
                return RiddleRequestDecision(.start(lab))
            }
            guard case .started(let attempt) = outcome else {
                Issue.record("expected a new riddle, got \(String(describing: outcome))")
                return
            }
            #expect(attempt == RiddleAttempt(id: attempt.id, playerID: ada.id, riddleID: lab.id, checkpointID: lab.checkpointID, category: .lab,
                                             hintsUsed: 0, startedAt: start, closedAt: nil, outcome: nil))
            let again = try await repository.startRiddle(playerID: ada.id, category: .lab, at: start + 1) { holdings in
                #expect(holdings.active == [attempt])
                return RiddleRequestDecision(.keep(attempt))
            }
            #expect(again == .existing(attempt))
            #expect(try await repository.activeAttempts(playerID: ada.id) == [attempt])
            #expect(try await repository.attempt(id: attempt.id, playerID: ada.id) == attempt)
            #expect(try await repository.attempt(id: attempt.id, playerID: ada.id + 1) == nil)
            #expect(try await repository.startRiddle(playerID: ada.id, category: .social, at: start) { _ in
                RiddleRequestDecision(.refuse(.nothingOpen(.social)))
            } == .refused(.nothingOpen(.social)))

            let givenUp = try #require(try await repository.giveUp(attemptID: attempt.id, playerID: ada.id, at: start + 120))
            #expect(givenUp.closedAt == start + 120)
            #expect(givenUp.outcome == .givenUp)
            #expect(try await repository.giveUp(attemptID: attempt.id, playerID: ada.id, at: start + 121) == nil)
            #expect(try await repository.activeAttempts(playerID: ada.id).isEmpty)

            _ = try await repository.appendEvent(playerID: ada.id, kind: .solved, checkpointID: content.checkpoints[4].id, riddleID: nil, xp: 100,
                                                 at: start + 130)
            let ledger = try await repository.events(playerID: ada.id)
            #expect(ledger.map(\.checkpointID) == [content.checkpoints[4].id])
            // Given up again later: the holdings name the last time.
            guard case .started(let second) = try await repository.ask(for: lab, playerID: ada.id, category: .lab, at: start + 200) else {
                Issue.record("no riddle")
                return
            }
            _ = try await repository.giveUp(attemptID: second.id, playerID: ada.id, at: start + 300)
            _ = try await repository.startRiddle(playerID: ada.id, category: .lab, at: start + 3000) { holdings in
                #expect(holdings == RiddleHoldings(active: [], givenUp: [lab.id: start + 300], ledger: ledger))
                return RiddleRequestDecision(.refuse(.categoryExhausted(.lab, remaining: [])))
            }
            #expect(try await repository.latestAttempts(playerID: ada.id).map(\.id) == [second.id])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aReleaseTheGameDecidesClosesTheHeldRiddleAndTellsItsHolderBeforeTheNewOneIsHeld(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let labs = content.riddles.filter { content.checkpoint(id: $0.checkpointID)?.category == .lab }
            guard case .started(let first) = try await repository.ask(for: labs[0], playerID: ada.id, category: .lab, at: start) else {
                Issue.record("no riddle")
                return
            }
            let news = LiveEvent(playerID: ada.id, kind: .riddleReleased, values: ["category": "lab"], subjectID: first.id)
            guard case .started(let second) = try await repository.startRiddle(playerID: ada.id, category: .lab, at: start + 60, decide: { _ in
                RiddleRequestDecision(.start(labs[1]), releases: [RiddleRelease(attempt: first, news: news)])
            }) else {
                Issue.record("no new riddle")
                return
            }
            #expect(try await repository.activeAttempts(playerID: ada.id) == [second])
            var released = first
            (released.closedAt, released.outcome) = (start + 60, .released)
            #expect(try await repository.attempt(id: first.id, playerID: ada.id) == released)
            #expect(try await repository.liveEvents(playerID: ada.id, after: 0, limit: 10).map(\.event) == [news])
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousRequestsForACategoryOneStartsAndTheOthersGetTheSameRiddle(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let riddles = content.riddles.filter { content.checkpoint(id: $0.checkpointID)?.category == .lecture }
            let outcomes = try await concurrently(12) { index in
                try await repository.ask(for: riddles[index % riddles.count], playerID: ada.id, category: .lecture, at: start)
            }
            var started: [RiddleAttempt] = []
            var existing: [RiddleAttempt] = []
            for outcome in outcomes {
                switch outcome {
                case .started(let attempt): started.append(attempt)
                case .existing(let attempt): existing.append(attempt)
                case .refused: Issue.record("no riddle")
                }
            }
            #expect(started.count == 1)
            #expect(existing.count == 11)
            #expect(Set(existing.map(\.id)) == Set(started.map(\.id)))
            #expect(try await repository.activeAttempts(playerID: ada.id).map(\.id) == started.map(\.id))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func hintsAreSpentOneByOneUpToTheLimitEvenWhenAskedForAtOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let riddle = content.riddles[0]
            guard case .started(let attempt) = try await repository.ask(for: riddle, playerID: ada.id, category: .lab, at: start)
            else {
                Issue.record("no riddle")
                return
            }
            #expect(try await repository.takeHint(attemptID: attempt.id, playerID: ada.id + 1, maxHints: 3, at: start) == nil)
            #expect(try await repository.takeHint(attemptID: attempt.id, playerID: ada.id, maxHints: 3, at: start)?.hintsUsed == 1)
            let spent = try await concurrently(10) { _ in
                try await repository.takeHint(attemptID: attempt.id, playerID: ada.id, maxHints: 3, at: start)?.hintsUsed
            }
            #expect(spent.compactMap { $0 }.sorted() == [2, 3])
            #expect(try await repository.attempt(id: attempt.id, playerID: ada.id)?.hintsUsed == 3)
            _ = try await repository.giveUp(attemptID: attempt.id, playerID: ada.id, at: start + 1)
            #expect(try await repository.takeHint(attemptID: attempt.id, playerID: ada.id, maxHints: 9, at: start) == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func theProgressStateIsTheLedgerTheRiddlesHeldAndTheVouchersInOneRead(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            let lab = try #require(content.riddles.first { riddle in content.checkpoint(id: riddle.checkpointID)?.category == .lab })
            _ = try await repository.ask(for: lab, playerID: ada.id, category: .lab, at: start)
            _ = try await VoucherContractTests.unlock(content.offers[0].id, for: ada.id, at: content.checkpoints[2].id, repository)
            _ = try await VoucherContractTests.unlock(content.offers[1].id, for: ada.id, at: content.checkpoints[3].id, repository)
            _ = try await VoucherContractTests.unlock(content.offers[0].id, for: bob.id, at: content.checkpoints[2].id, repository)

            let state = try await repository.progressState(playerID: ada.id)
            #expect(state.events.count == 2)
            #expect(state.activeAttempts.map(\.riddleID) == [lab.id])
            #expect(state.vouchers.map(\.offerID) == [content.offers[1].id, content.offers[0].id], "newest first")
            #expect(state == ProgressState(events: try await repository.events(playerID: ada.id),
                                           activeAttempts: try await repository.activeAttempts(playerID: ada.id),
                                           vouchers: try await repository.vouchers(playerID: ada.id), playVersion: state.playVersion))
            // A riddle, two events and two freebies: each raised ada's play version.
            #expect(state.playVersion >= 5)
        }
    }

    /// What carries a kept standing forward: the events after one, and how many there are up to
    /// it; the rest of the state as a whole read gives it.
    @Test(arguments: StorageBackend.allCases)
    func theProgressStateAfterAnEventHasTheEventsSinceAndCountsThoseUpToIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let content = try await repository.imported()
            let ada = try await repository.signUp("ada")
            let bob = try await repository.signUp("bob")
            for (index, checkpoint) in content.checkpoints.prefix(3).enumerated() {
                _ = try await VoucherContractTests.unlock(content.offers[index % 2].id, for: ada.id, at: checkpoint.id, repository)
                _ = try await VoucherContractTests.unlock(content.offers[0].id, for: bob.id, at: checkpoint.id, repository)
            }
            let whole = try await repository.progressState(playerID: ada.id)
            #expect(whole.events.count == 3 && whole.eventsUpTo == nil)
            for (index, event) in whole.events.enumerated() {
                let later = try await repository.progressState(playerID: ada.id, eventsAfter: event.id)
                #expect(later.events == Array(whole.events[(index + 1)...]), "after event \(index)")
                #expect(later.eventsUpTo == index + 1)
                #expect(later.activeAttempts == whole.activeAttempts && later.vouchers == whole.vouchers && later.playVersion == whole.playVersion)
            }
            let fromTheStart = try await repository.progressState(playerID: ada.id, eventsAfter: 0)
            #expect(fromTheStart.events == whole.events && fromTheStart.eventsUpTo == 0)
        }
    }
}
