import Foundation
import PuzzleMapContent
import PuzzleMapCore
import Testing

/// One mistake planted in an otherwise valid campus, and where `check` must report it.
struct PlantedMistake: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var find: String
    var replace: String
    var rule: ContentRule
    /// The file and a marker on the line the report must point at.
    var reportedIn: String
    var marker: String
    var occurrence = 0
    /// Rules that follow from the same mistake and may be reported beside it.
    var consequences: Set<ContentRule> = []

    var testDescription: String { name }
}

let checkpoints = "Campus/checkpoints.geojson"
let riddles = "Riddles/riddles.yaml"
let badges = "Campus/badges.yaml"

let plantedMistakes: [PlantedMistake] = [
    .init(name: "unknown category", file: checkpoints, find: #""category": "lecture""#, replace: #""category": "library""#,
          rule: .unknownCategory, reportedIn: checkpoints, marker: #""category": "library""#,
          consequences: [.riddleForMissingCheckpoint, .unknownReference]),
    .init(name: "duplicate id", file: riddles, find: "id: cafe-1", replace: "id: hall-1",
          rule: .duplicateID, reportedIn: riddles, marker: "id: hall-1"),
    .init(name: "riddle for a missing checkpoint", file: riddles, find: "checkpoint: cafe", replace: "checkpoint: canteen",
          rule: .riddleForMissingCheckpoint, reportedIn: riddles, marker: "checkpoint: canteen",
          consequences: [.checkpointWithoutRiddle]),
    .init(name: "checkpoint without riddle", file: riddles, find: "checkpoint: cafe", replace: "checkpoint: hall",
          rule: .checkpointWithoutRiddle, reportedIn: checkpoints, marker: #""id": "cafe""#),
    .init(name: "two hints instead of three", file: riddles, find: "      - It is in the union.\n", replace: "",
          rule: .hintCount, reportedIn: riddles, marker: "hints:"),
    .init(name: "empty riddle text", file: riddles, find: "text: Where the queue at nine is longer than any lecture.", replace: #"text: """#,
          rule: .emptyText, reportedIn: riddles, marker: #"text: """#),
    .init(name: "coordinates out of range", file: checkpoints, find: "[-4.2900, 55.8730]", replace: "[-4.2900, 95.8730]",
          rule: .coordinatesOutOfRange, reportedIn: checkpoints, marker: "95.8730"),
    .init(name: "unparseable opening hours", file: checkpoints, find: #""tue": ["08:00-18:00"]"#, replace: #""tue": ["8am-6pm"]"#,
          rule: .unparseableHours, reportedIn: checkpoints, marker: "8am-6pm"),
    .init(name: "overlapping opening hours", file: checkpoints, find: #""08:00-12:00", "13:00-18:00""#, replace: #""08:00-12:00", "11:00-18:00""#,
          rule: .overlappingHours, reportedIn: checkpoints, marker: #""hours": {"#, occurrence: 2),
    .init(name: "badge rule naming an unknown category", file: badges, find: "category: social", replace: "category: pub",
          rule: .unknownCategory, reportedIn: badges, marker: "category: pub"),
    .init(name: "badge rule naming an unknown tag", file: badges, find: "tag: coffee", replace: "tag: beer",
          rule: .unknownReference, reportedIn: badges, marker: "tag: beer"),
    .init(name: "badge rule naming an unknown checkpoint", file: badges, find: "[museum, hall]", replace: "[museum, gym]",
          rule: .unknownReference, reportedIn: badges, marker: "[museum, gym]"),
    .init(name: "offer with no partner", file: "Campus/offers.yaml", find: "    partner: cafe\n", replace: "",
          rule: .offerWithoutPartner, reportedIn: "Campus/offers.yaml", marker: "- id: free-coffee"),
    .init(name: "offer naming an unknown partner", file: "Campus/offers.yaml", find: "    partner: cafe\n", replace: "    partner: pub\n",
          rule: .offerWithoutPartner, reportedIn: "Campus/offers.yaml", marker: "partner: pub"),
    .init(name: "quiz answer outside the scale", file: "Campus/quiz.yaml", find: "disagree: {}", replace: "neutral: {}",
          rule: .quizAnswerOutsideScale, reportedIn: "Campus/quiz.yaml", marker: "neutral: {}",
          consequences: [.quizAnswerMissing]),
    .init(name: "tag outside the trait list", file: checkpoints, find: #""tags": ["coffee"]"#, replace: #""tags": ["tea"]"#,
          rule: .unknownTrait, reportedIn: checkpoints, marker: #""tags": ["tea"]"#),
    .init(name: "missing field", file: riddles, find: "    insider: It sells a thousand cups a day.\n", replace: "",
          rule: .missingField, reportedIn: riddles, marker: "- id: cafe-1"),
    .init(name: "yaml syntax error", file: badges, find: "description: Solve your first riddle.", replace: "description: [Solve your first riddle.",
          rule: .syntax, reportedIn: badges, marker: "description: [Solve"),
    .init(name: "a limit below 1", file: "Campus/game.yaml", find: "  maxSpeedMetresPerSecond: 7\n",
          replace: "  maxSpeedMetresPerSecond: 7\nlimits:\n  scansPerMinute: 0\n",
          rule: .invalidValue, reportedIn: "Campus/game.yaml", marker: "scansPerMinute: 0"),
]

@Suite("puzzlemap check: each rule, planted in a broken fixture")
struct CheckRulesTests {
    @Test func minimalFixtureIsValid() throws {
        let fixture = try ContentFixture()
        let content = try fixture.reader.load().get()
        #expect(content.checkpoints.map(\.id) == ["museum", "hall", "cafe"])
        #expect(content.riddles.count == 3)
    }

    @Test func limitsAreReadFromTheGameFileAndUnknownOnesAreRefused() throws {
        let fixture = try ContentFixture()
        #expect(try fixture.reader.load().get().rules.limits == GameLimits())
        let game = fixture.root.appendingPathComponent("Campus/game.yaml")
        let original = try String(contentsOf: game, encoding: .utf8)
        try (original + "limits:\n  scansPerMinute: 3\n  checkInMinutes: 5\n").write(to: game, atomically: true, encoding: .utf8)
        let limits = try fixture.reader.load().get().rules.limits
        #expect(limits.scansPerMinute == 3)
        #expect(limits.checkInLifetime == 300)
        #expect(limits.giftsPerDay == GameLimits().giftsPerDay)

        try (original + "limits:\n  scansPerHour: 3\n").write(to: game, atomically: true, encoding: .utf8)
        guard case .failure(let error) = fixture.reader.load() else { Issue.record("an unknown limit was accepted"); return }
        #expect(error.problems.contains { $0.rule == .invalidValue && $0.message.contains("scansPerHour") })
    }

    @Test(arguments: plantedMistakes)
    func plantedMistakeIsReportedWithFileAndLine(_ mistake: PlantedMistake) throws {
        let fixture = try ContentFixture()
        try fixture.replace(mistake.find, with: mistake.replace, in: mistake.file)

        let problems = try #require(fixture.reader.load().failure).problems

        let expectedLine = try fixture.line(of: mistake.marker, in: mistake.reportedIn, occurrence: mistake.occurrence)
        let reported = problems.filter { $0.rule == mistake.rule }
        #expect(reported.count == 1, "\(problems)")
        #expect(reported.first?.location.file == fixture.path(mistake.reportedIn))
        #expect(reported.first?.location.line == expectedLine, "\(problems)")
        #expect(reported.first?.fix.isEmpty == false)
        #expect(Set(problems.map(\.rule)).isSubset(of: mistake.consequences.union([mistake.rule])), "\(problems)")
    }

    @Test func checkpointProblemsNameTheFeatureIndex() throws {
        let fixture = try ContentFixture()
        try fixture.replace("[-4.2900, 55.8730]", with: "[-4.2900, 95.8730]", in: checkpoints)
        let problem = try #require(fixture.reader.load().failure?.problems.first)
        #expect(problem.location.featureIndex == 2)
        #expect(problem.description.contains("checkpoints.geojson:\(problem.location.line!) (feature 2)"))
    }

    @Test func everyPlantedMistakeIsReportedInOneRun() throws {
        let fixture = try ContentFixture()
        for mistake in plantedMistakes where mistake.rule != .syntax && mistake.rule != .checkpointWithoutRiddle
            && mistake.name != "offer naming an unknown partner" && mistake.name != "duplicate id"
            && mistake.name != "unknown category" {
            try fixture.replace(mistake.find, with: mistake.replace, in: mistake.file)
        }
        let rules = Set(try #require(fixture.reader.load().failure).problems.map(\.rule))
        #expect(rules.isSuperset(of: [
            .unknownCategory, .riddleForMissingCheckpoint, .hintCount, .emptyText, .coordinatesOutOfRange,
            .unparseableHours, .overlappingHours, .unknownReference, .offerWithoutPartner, .quizAnswerOutsideScale,
            .unknownTrait, .missingField,
        ]))
    }

    @Test func missingFileIsReported() throws {
        let fixture = try ContentFixture()
        try fixture.remove("Campus/offers.yaml")
        let problems = try #require(fixture.reader.load().failure).problems
        #expect(problems.map(\.rule) == [.unreadableFile])
        #expect(problems.first?.location.file == fixture.path("Campus/offers.yaml"))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
