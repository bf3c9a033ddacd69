import PuzzleMapContent
import PuzzleMapCore
import Testing

/// The sample campus the repository ships: valid, and as large as the design asks.
@Suite struct ShippedContentTests {
    let content: CampusContent

    init() throws {
        content = try ContentFixture.shipped.load().get()
    }

    @Test func hasAtLeastEightCheckpointsPerCategoryAndTwentyFourInAll() {
        #expect(content.checkpoints.count >= 24)
        for category in Category.allCases {
            #expect(content.checkpoints.filter { $0.category == category }.count >= 8, "\(category)")
        }
    }

    @Test func everyCheckpointHasARiddleWithThreeHints() {
        for checkpoint in content.checkpoints {
            let riddles = content.riddles.filter { $0.checkpointID == checkpoint.id }
            #expect(!riddles.isEmpty, "\(checkpoint.id)")
            #expect(riddles.allSatisfy { $0.hints.count == 3 })
        }
    }

    @Test func quizBadgesAndOffersAreLargeEnough() {
        #expect((6...10).contains(content.quiz.count))
        #expect(content.badges.count >= 10)
        #expect(content.offers.count >= 5)
        #expect(Set(content.offers.map(\.partnerID)).count >= 3)
    }
}
