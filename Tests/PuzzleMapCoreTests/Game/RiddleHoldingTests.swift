import Foundation
import PuzzleMapCore
import Testing

/// The rules of holding riddles, decided from the holdings a store read: one per category, the
/// give-up cooldown, the reasons for none, and taking back what the content no longer plays.
@Suite struct RiddleHoldingTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let labs = Array(GameFixtures.checkpoints.prefix(2))

    func riddle(_ id: String, at checkpoint: Checkpoint) -> Riddle {
        Riddle(id: id, checkpointID: checkpoint.id, difficulty: .easy, text: "Where?", hints: ["a", "b", "c"], insider: "fact")
    }

    var content: CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: labs, riddles: [riddle("r1", at: labs[0]), riddle("r2", at: labs[1])], quiz: [], rules: GameFixtures.rules,
                      badges: [], partners: [], offers: [])
    }

    func rules(_ content: CampusContent, cooldown: TimeInterval = 3600) -> RiddleHolding {
        RiddleHolding(selection: RiddleSelection(content: content, timeZone: content.timeZone, profile: TraitProfile(scores: [:])),
                      giveUpCooldown: cooldown)
    }

    func attempt(_ id: Int64, _ riddle: String, at checkpoint: String, _ category: Category = .lab) -> RiddleAttempt {
        RiddleAttempt(id: id, playerID: 1, riddleID: riddle, checkpointID: checkpoint, category: category, hintsUsed: 0, startedAt: now - 600,
                      closedAt: nil, outcome: nil)
    }

    func ask(_ holdings: RiddleHoldings, in content: CampusContent? = nil, category: Category = .lab) -> RiddleRequestDecision {
        var generator = SplitMix64(seed: 1)
        return rules(content ?? self.content).ask(in: category, holdings: holdings, at: now, using: &generator)
    }

    @Test func theRiddleHeldInACategoryIsKeptWhateverElseIsOpen() {
        let held = attempt(5, "r2", at: labs[1].id)
        #expect(ask(RiddleHoldings(active: [held], givenUp: [:], ledger: [])) == RiddleRequestDecision(.keep(held)))
    }

    @Test func aRiddleGivenUpWithinTheCooldownWaitsBehindTheOthersAndComesBackWhenAloneOrLater() {
        let justGivenUp = RiddleHoldings(active: [], givenUp: ["r1": now - 60], ledger: [])
        #expect(ask(justGivenUp) == RiddleRequestDecision(.start(riddle("r2", at: labs[1]))))
        let solvedOther = RiddleHoldings(active: [], givenUp: ["r1": now - 60],
                                         ledger: [.solved(by: 1, riddleID: "r2", at: labs[1].id, xp: 100, hintsUsed: 0, on: now - 30)])
        #expect(ask(solvedOther) == RiddleRequestDecision(.start(riddle("r1", at: labs[0]))), "offered again when nothing else is left")
        let longAgo = RiddleHoldings(active: [], givenUp: ["r2": now - 3601], ledger: [])
        var seen = Set<String>()
        for seed in 0..<20 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            if case .start(let drawn) = rules(content).ask(in: .lab, holdings: longAgo, at: now, using: &generator).outcome { seen.insert(drawn.id) }
        }
        #expect(seen == ["r1", "r2"], "past the cooldown a riddle given up is drawn like any other")
    }

    /// The crew's riddle's place is avoided while another will do (the crew's draw avoids
    /// members' own riddles likewise), and given when it is the only one left.
    @Test func theCrewsRiddlePlaceIsAvoidedWhileAnotherWillDo() {
        let empty = RiddleHoldings(active: [], givenUp: [:], ledger: [])
        for seed in 0..<20 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            #expect(rules(content).ask(in: .lab, holdings: empty, avoiding: [labs[0].id], at: now, using: &generator)
                == RiddleRequestDecision(.start(riddle("r2", at: labs[1]))), "seed \(seed)")
        }
        let onlyTheCrews = RiddleHoldings(active: [], givenUp: [:],
                                          ledger: [.solved(by: 1, riddleID: "r2", at: labs[1].id, xp: 100, hintsUsed: 0, on: now - 30)])
        var generator = SplitMix64(seed: 1)
        #expect(rules(content).ask(in: .lab, holdings: onlyTheCrews, avoiding: [labs[0].id], at: now, using: &generator)
            == RiddleRequestDecision(.start(riddle("r1", at: labs[0]))))
    }

    @Test func noneToOfferSaysWhetherTheCategoryIsDoneOrOnlyClosed() {
        let solvedBoth = RiddleHoldings(active: [], givenUp: [:], ledger: labs.enumerated().map { index, place in
            .solved(by: 1, riddleID: "r\(index + 1)", at: place.id, xp: 100, hintsUsed: 0, on: now - 60)
        })
        #expect(ask(solvedBoth) == RiddleRequestDecision(.refuse(.categoryExhausted(.lab, remaining: []))))
        var closed = content
        closed.checkpoints = closed.checkpoints.map { var place = $0; place.hours = OpeningHours(weekly: [:]); return place }
        #expect(ask(RiddleHoldings(active: [], givenUp: [:], ledger: []), in: closed) == RiddleRequestDecision(.refuse(.nothingOpen(.lab))))
    }

    @Test func aDifficultyAskedForDrawsOnlyThatDifficultyAndSaysWhichAreOpenWhenNoneIs() {
        var mixed = content
        mixed.riddles = [riddle("r1", at: labs[0]), Riddle(id: "r2", checkpointID: labs[1].id, difficulty: .hard, text: "Where?",
                                                         hints: ["a", "b", "c"], insider: "fact")]
        let nothing = RiddleHoldings(active: [], givenUp: [:], ledger: [])
        for seed in 0..<20 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            #expect(rules(mixed).ask(in: .lab, difficulty: .hard, holdings: nothing, at: now, using: &generator).outcome == .start(mixed.riddles[1]))
            #expect(rules(mixed).ask(in: .lab, difficulty: .easy, holdings: nothing, at: now, using: &generator).outcome == .start(mixed.riddles[0]))
        }
        var generator = SplitMix64(seed: 1)
        #expect(rules(mixed).ask(in: .lab, difficulty: .medium, holdings: nothing, at: now, using: &generator)
                == RiddleRequestDecision(.refuse(.difficultyUnavailable(.lab, .medium, available: [.easy, .hard]))))
        // The one held in the category is the answer, whatever difficulty is asked.
        let held = attempt(5, "r1", at: labs[0].id)
        #expect(rules(mixed).ask(in: .lab, difficulty: .hard, holdings: RiddleHoldings(active: [held], givenUp: [:], ledger: []), at: now,
                                 using: &generator) == RiddleRequestDecision(.keep(held)))
        // None of any difficulty left: the reasons of old, not a difficulty's.
        let solvedBoth = RiddleHoldings(active: [], givenUp: [:], ledger: labs.enumerated().map { index, place in
            .solved(by: 1, riddleID: "r\(index + 1)", at: place.id, xp: 100, hintsUsed: 0, on: now - 60)
        })
        #expect(rules(mixed).ask(in: .lab, difficulty: .hard, holdings: solvedBoth, at: now, using: &generator)
                == RiddleRequestDecision(.refuse(.categoryExhausted(.lab, remaining: []))))
    }

    @Test func aHeldRiddleTheContentNoLongerPlaysIsReleasedAndAnotherOfferedAtOnce() {
        let stranded = attempt(5, "gone", at: labs[0].id)
        let decision = ask(RiddleHoldings(active: [stranded], givenUp: [:], ledger: []))
        #expect(decision.releases == [RiddleRelease(attempt: stranded, news: LiveEvent(playerID: 1, kind: .riddleReleased, values: ["category": "lab"],
                                                                                      subjectID: 5))])
        guard case .start = decision.outcome else { Issue.record("expected a new riddle, got \(decision.outcome)"); return }
    }

    @Test func aRiddleTheStoreRetiredSinceTheContentWasLoadedIsNeitherOfferedNorKept() {
        // A publish committed while the player asked: this content still has r1, the store does not.
        let retired = RiddleHoldings(active: [], givenUp: [:], ledger: [], retiredRiddles: ["r1"])
        for seed in 0..<20 as Range<UInt64> {
            var generator = SplitMix64(seed: seed)
            #expect(rules(content).ask(in: .lab, holdings: retired, at: now, using: &generator) == RiddleRequestDecision(.start(riddle("r2", at: labs[1]))))
        }
        let held = attempt(5, "r1", at: labs[0].id)
        let decision = ask(RiddleHoldings(active: [held], givenUp: [:], ledger: [], retiredRiddles: ["r1"]))
        #expect(decision.releases.map(\.attempt) == [held])
        #expect(decision.outcome == .start(riddle("r2", at: labs[1])))
        #expect(ask(RiddleHoldings(active: [], givenUp: [:], ledger: [], retiredRiddles: ["r1", "r2"]))
                == RiddleRequestDecision(.refuse(.categoryExhausted(.lab, remaining: []))))
    }

    @Test func anImportReleasesHeldRiddlesWhoseRiddleLeftMovedOrWhosePlaceWasRetired() {
        let kept = attempt(1, "r1", at: labs[0].id)
        let removed = attempt(2, "r2", at: labs[1].id)
        let moved = attempt(3, "r1", at: labs[1].id)
        var next = content
        next.riddles = [riddle("r1", at: labs[0])]
        let stored = StoredContent(checkpoints: [], riddles: [], lastImport: nil, activeAttempts: [kept, removed, moved])
        let contentImport = ContentImport(importing: next, over: stored, at: now)
        #expect(contentImport.releases.map(\.attempt.id) == [2, 3])
        #expect(contentImport.releases.map(\.news.playerID) == [1, 1])
        var placeGone = content
        placeGone.checkpoints = [labs[1]]
        placeGone.riddles = [riddle("r2", at: labs[1])]
        #expect(ContentImport(importing: placeGone, over: stored, at: now).releases.map(\.attempt.id) == [1, 3])
    }

    @Test func anImportReleasesACrewsRiddleItNoLongerPlaysTellingEveryMember() {
        let crewHeld = [CrewHolding(crewRiddleID: 7, riddleID: "r2", checkpointID: labs[1].id, category: .lab, members: [1, 4]),
                        CrewHolding(crewRiddleID: 8, riddleID: "r1", checkpointID: labs[0].id, category: .lab, members: [2])]
        var next = content
        next.riddles = [riddle("r1", at: labs[0])]
        let contentImport = ContentImport(importing: next, over: StoredContent(checkpoints: [], riddles: [], lastImport: nil, crewHoldings: crewHeld),
                                          at: now)
        #expect(contentImport.crewReleases == [CrewRiddleRelease(crewRiddleID: 7, news: [1, 4].map {
            LiveEvent(playerID: $0, kind: .crewRiddleReleased, values: ["category": "lab"], subjectID: 7)
        })])
    }
}

/// A crew's riddles: one per category, at a place new to every member, or why there is none.
@Suite struct CrewRiddleHoldingTests {
    let base = RiddleHoldingTests()

    func crewRiddle(_ id: Int64, _ riddle: String, at checkpoint: String) -> CrewRiddle {
        CrewRiddle(id: id, crewID: 1, riddleID: riddle, checkpointID: checkpoint, category: .lab, hintsUsed: 0, startedAt: base.now, solvedAt: nil,
                   scans: [])
    }

    func ask(_ holdings: CrewRiddleHoldings, excluding excluded: Set<String> = []) -> CrewRiddleDecision {
        var generator = SplitMix64(seed: 1)
        return base.rules(base.content).askForCrew(in: .lab, holdings: holdings, excluding: excluded, at: base.now, using: &generator)
    }

    @Test func theCrewsRiddleInTheCategoryIsKept() {
        let held = crewRiddle(3, "r1", at: base.labs[0].id)
        #expect(ask(CrewRiddleHoldings(held: [held], ledgers: [:], solvedTogether: [])) == .keep(held))
    }

    @Test func aNewRiddleIsAtAPlaceNoMemberSolvedNorTheCrewNorAMembersOwnRiddleLeadsTo() {
        let bobSolvedOne = CrewRiddleHoldings(held: [], ledgers: [2: [.solved(by: 2, riddleID: "r1", at: base.labs[0].id, xp: 100, hintsUsed: 0,
                                                                             on: base.now - 60)]], solvedTogether: [])
        #expect(ask(bobSolvedOne) == .start(base.riddle("r2", at: base.labs[1])))
        #expect(ask(CrewRiddleHoldings(held: [], ledgers: [:], solvedTogether: [base.labs[1].id])) == .start(base.riddle("r1", at: base.labs[0])))
        #expect(ask(bobSolvedOne, excluding: [base.labs[1].id]) == .refuse(.categoryExhausted(.lab, remaining: [])))
    }
}
