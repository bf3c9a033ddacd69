import PuzzleMapCore
import Testing

@Suite struct BadgeEvaluatorTests {
    let checkpoints = GameFixtures.checkpoints

    func place(_ id: String) -> Checkpoint { checkpoints.first { $0.id == id }! }

    func solves(_ ids: [String], hintsUsed: Int = 0) -> [PlayHistory.Solve] {
        ids.map { PlayHistory.Solve(at: place($0), hintsUsed: hintsUsed) }
    }

    // MARK: Earned or not, at the boundary

    @Test func solveCountsRiddlesOfTheRuleCategory() {
        let rule = BadgeRule.solve(count: 3, category: .lab, tag: nil)
        let two = PlayHistory(solves: solves(["kelvin-building", "rankine-building", "memorial-chapel", "university-library"]))
        #expect(!BadgeEvaluator.isEarned(rule, history: two, level: 1))
        let three = PlayHistory(solves: two.solves + solves(["zoology-museum"]))
        #expect(BadgeEvaluator.isEarned(rule, history: three, level: 1))
    }

    @Test func solveCountsRiddlesAtPlacesWithTheRuleTag() {
        let rule = BadgeRule.solve(count: 2, category: nil, tag: "coffee")
        let one = PlayHistory(solves: solves(["university-library", "kelvin-building"]))
        #expect(!BadgeEvaluator.isEarned(rule, history: one, level: 1))
        let two = PlayHistory(solves: one.solves + solves(["queen-margaret-union"]))
        #expect(BadgeEvaluator.isEarned(rule, history: two, level: 1))
    }

    @Test func solveWithCategoryAndTagNeedsBoth() {
        let rule = BadgeRule.solve(count: 1, category: .lecture, tag: "science")
        #expect(!BadgeEvaluator.isEarned(rule, history: PlayHistory(solves: solves(["kelvin-building"])), level: 1))
        #expect(BadgeEvaluator.isEarned(rule, history: PlayHistory(solves: solves(["boyd-orr-building"])), level: 1))
    }

    @Test func solveWithoutFiltersCountsEverySolve() {
        let rule = BadgeRule.solve(count: 1, category: nil, tag: nil)
        #expect(!BadgeEvaluator.isEarned(rule, history: PlayHistory(), level: 1))
        #expect(BadgeEvaluator.isEarned(rule, history: PlayHistory(solves: solves(["memorial-chapel"])), level: 1))
    }

    @Test func visitNeedsEveryPlaceSolvedOrExplored() {
        let rule = BadgeRule.visit(checkpointIDs: ["gilbert-scott-cloisters", "memorial-chapel", "hunterian-museum"])
        let twoOfThree = PlayHistory(
            solves: solves(["memorial-chapel"]), visitedCheckpointIDs: ["memorial-chapel", "hunterian-museum", "kelvin-building"]
        )
        #expect(!BadgeEvaluator.isEarned(rule, history: twoOfThree, level: 1))
        var all = twoOfThree
        all.visitedCheckpointIDs.insert("gilbert-scott-cloisters")
        #expect(BadgeEvaluator.isEarned(rule, history: all, level: 1))
    }

    @Test func aSolvedPlaceCountsAsVisitedEvenIfVisitsOmitIt() {
        let rule = BadgeRule.visit(checkpointIDs: ["memorial-chapel", "hunterian-museum"])
        let history = PlayHistory(solves: solves(["memorial-chapel"]), visitedCheckpointIDs: ["hunterian-museum"])
        #expect(BadgeEvaluator.isEarned(rule, history: history, level: 1))
    }

    @Test func hintlessIgnoresSolvesThatTookAHint() {
        let rule = BadgeRule.hintless(count: 2)
        let oneClean = PlayHistory(solves: solves(["kelvin-building"]) + solves(["rankine-building", "zoology-museum"], hintsUsed: 1))
        #expect(!BadgeEvaluator.isEarned(rule, history: oneClean, level: 1))
        let twoClean = PlayHistory(solves: oneClean.solves + solves(["memorial-chapel"]))
        #expect(BadgeEvaluator.isEarned(rule, history: twoClean, level: 1))
    }

    @Test func everyCategoryNeedsTheCountInEachCategory() {
        let rule = BadgeRule.everyCategory(count: 2)
        let socialShort = PlayHistory(solves: solves([
            "kelvin-building", "rankine-building", "hunterian-museum",
            "memorial-chapel", "university-library", "queen-margaret-union",
        ]))
        #expect(!BadgeEvaluator.isEarned(rule, history: socialShort, level: 1))
        let complete = PlayHistory(solves: socialShort.solves + solves(["gilbert-scott-cloisters"]))
        #expect(BadgeEvaluator.isEarned(rule, history: complete, level: 1))
    }

    @Test func levelRuleNeedsTheLevelReached() {
        #expect(!BadgeEvaluator.isEarned(.level(5), history: PlayHistory(), level: 4))
        #expect(BadgeEvaluator.isEarned(.level(5), history: PlayHistory(), level: 5))
        #expect(BadgeEvaluator.isEarned(.level(5), history: PlayHistory(), level: 6))
    }

    @Test func earnedBadgesKeepTheirOrder() {
        let badges = [
            Badge(id: "first-steps", name: "First Steps", description: "Solve your first riddle.", rule: .solve(count: 1, category: nil, tag: nil)),
            Badge(id: "level-five", name: "Seasoned Explorer", description: "Reach level 5.", rule: .level(5)),
            Badge(id: "no-peeking", name: "No Peeking", description: "Solve five riddles without a single hint.", rule: .hintless(count: 5)),
        ]
        let history = PlayHistory(solves: solves(["kelvin-building"]))
        #expect(BadgeEvaluator.earned(badges, history: history, level: 5).map(\.id) == ["first-steps", "level-five"])
        #expect(BadgeEvaluator.earned(badges, history: PlayHistory(), level: 1).isEmpty)
    }

    @Test func progressCountsStepsTowardsTheBadge() {
        let history = PlayHistory(solves: solves(["kelvin-building", "memorial-chapel"]) + solves(["rankine-building"], hintsUsed: 2))
        #expect(BadgeEvaluator.progress(toward: .solve(count: 3, category: .lab, tag: nil), history: history, level: 1)
            == BadgeProgress(current: 2, target: 3))
        #expect(BadgeEvaluator.progress(toward: .hintless(count: 1), history: history, level: 1)
            == BadgeProgress(current: 1, target: 1))
        #expect(BadgeEvaluator.progress(toward: .everyCategory(count: 2), history: history, level: 1)
            == BadgeProgress(current: 3, target: 6))
    }

    // MARK: How to earn

    func badge(_ rule: BadgeRule) -> Badge {
        Badge(id: "b", name: "B", description: "Written by hand, possibly out of date.", rule: rule)
    }

    @Test func howToEarnIsWrittenFromTheRule() {
        let sentences = [
            BadgeRule.solve(count: 1, category: nil, tag: nil): "Solve 1 riddle.",
            .solve(count: 3, category: .lab, tag: nil): "Solve 3 lab riddles.",
            .solve(count: 2, category: nil, tag: "coffee"): "Solve 2 riddles at places tagged coffee.",
            .solve(count: 2, category: .lecture, tag: "quiet"): "Solve 2 lecture riddles at places tagged quiet.",
            .visit(checkpointIDs: ["gilbert-scott-cloisters", "memorial-chapel", "hunterian-museum"]):
                "Visit Hunterian Museum, Memorial Chapel and The Cloisters.",
            .visit(checkpointIDs: ["queen-margaret-union"]): "Visit Queen Margaret Union.",
            .hintless(count: 5): "Solve 5 riddles without taking a hint.",
            .everyCategory(count: 2): "Solve 2 lab, 2 lecture and 2 social riddles.",
            .level(5): "Reach level 5.",
        ]
        for (rule, sentence) in sentences {
            #expect(BadgeEvaluator.howToEarn(badge(rule), checkpoints: checkpoints) == sentence)
        }
    }

    @Test func howToEarnNamesAPlaceMissingFromTheCampusByItsID() {
        let rule = BadgeRule.visit(checkpointIDs: ["kelvin-hall", "kelvin-building"])
        #expect(BadgeEvaluator.howToEarn(badge(rule), checkpoints: checkpoints) == "Visit Kelvin Building and kelvin-hall.")
    }

    @Test func howToEarnCanSayHowFarThePlayerIs() {
        let history = PlayHistory(solves: solves(["kelvin-building"]), visitedCheckpointIDs: ["kelvin-building", "memorial-chapel"])
        func text(_ rule: BadgeRule, level: Int = 3) -> String {
            BadgeEvaluator.howToEarn(badge(rule), checkpoints: checkpoints, history: history, level: level)
        }
        #expect(text(.solve(count: 3, category: .lab, tag: nil)) == "Solve 3 lab riddles (1 of 3 so far).")
        #expect(text(.solve(count: 1, category: nil, tag: nil)) == "Solve 1 riddle (done).")
        #expect(text(.visit(checkpointIDs: ["gilbert-scott-cloisters", "memorial-chapel", "hunterian-museum"]))
            == "Visit Hunterian Museum, Memorial Chapel and The Cloisters (1 of 3 so far).")
        #expect(text(.hintless(count: 5)) == "Solve 5 riddles without taking a hint (1 of 5 so far).")
        #expect(text(.everyCategory(count: 2)) == "Solve 2 lab, 2 lecture and 2 social riddles (1 of 6 so far).")
        #expect(text(.level(5)) == "Reach level 5 (you are level 3).")
        #expect(text(.level(5), level: 5) == "Reach level 5 (done).")
    }
}
