import Foundation
import PuzzleMapCore
import Testing

/// What changed between two versions, item by item.
@Suite struct ContentChangesTests {
    let content = CampusContent(
        info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
        checkpoints: Array(GameFixtures.checkpoints.prefix(4)),
        riddles: GameFixtures.checkpoints.prefix(4).map { place in
            Riddle(id: place.id + "-1", checkpointID: place.id, difficulty: .easy, text: "Where?", hints: ["a", "b", "c"], insider: "fact")
        },
        quiz: GameFixtures.quiz, rules: GameFixtures.rules, badges: [],
        partners: [Partner(id: "qmu", name: "QMU", address: "here"), Partner(id: "guu", name: "GUU", address: "there")], offers: [])

    @Test func theSameContentChangesNothing() {
        #expect(ContentChanges(from: content, to: content).isEmpty)
    }

    @Test func eachKindSaysWhatWasAddedChangedAndRemoved() {
        var next = content
        next.checkpoints[1].name = "Renamed"
        let gone = next.checkpoints.remove(at: 0)
        var added = content.checkpoints[2]
        added.id = "new-place"
        next.checkpoints.append(added)
        next.riddles[0].hints[2] = "A plainer hint."
        next.partners.removeLast()
        next.rules.limits.giftsPerDay += 1
        let changes = ContentChanges(from: content, to: next)
        #expect(changes.checkpoints.added == ["new-place"])
        #expect(changes.checkpoints.changed == [content.checkpoints[1].id])
        #expect(changes.checkpoints.removed == [gone.id])
        #expect(changes.riddles.changed == [content.riddles[0].id] && changes.riddles.added.isEmpty)
        #expect(changes.partners.removed == ["guu"] && changes.offers.isEmpty)
        #expect(changes.rulesChanged && !changes.campusChanged && changes.quiz.isEmpty && changes.badges.isEmpty)
        #expect(!changes.isEmpty)
        #expect(ContentChanges(from: next, to: content).checkpoints.removed == ["new-place"])
    }
}
