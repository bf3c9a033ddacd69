import Foundation
import PuzzleMapContent
import PuzzleMapCore
import Testing

/// Riddles may carry their words in other languages; a reader of one gets it, anyone else the
/// organiser's, and a translation is checked as strictly as the riddle.
@Suite struct RiddleTranslationTests {
    static let translated = [
        "    insider: The first catalogue was handwritten.",
        "    translations:",
        "      zh:",
        "        text: 古老的骨头和更古老的钱币在塔下沉睡的地方。",
        "        hints:",
        "          - 它比收藏它的建筑更古老。",
        "          - 它的创立者是一位解剖学家。",
        "          - 跟着指示牌去博物馆。",
        "        insider: 第一本目录是手写的。",
    ].joined(separator: "\n")

    @Test func aTranslatedRiddleIsReadInItsLanguageAndAsWrittenInAnyOther() throws {
        let fixture = try ContentFixture()
        try fixture.replace("    insider: The first catalogue was handwritten.", with: Self.translated, in: "Riddles/riddles.yaml")
        let content = try fixture.reader.load().get()
        let riddle = try #require(content.riddles.first { $0.id == "museum-1" })
        let chinese = riddle.reading(in: "zh")
        #expect(chinese.text == "古老的骨头和更古老的钱币在塔下沉睡的地方。")
        #expect(chinese.hints == ["它比收藏它的建筑更古老。", "它的创立者是一位解剖学家。", "跟着指示牌去博物馆。"])
        #expect(chinese.insider == "第一本目录是手写的。")
        #expect(chinese.id == riddle.id && chinese.checkpointID == riddle.checkpointID && chinese.difficulty == riddle.difficulty)
        #expect(riddle.reading(in: "fr") == riddle)
        #expect(riddle.reading(in: "en") == riddle)
        // A riddle without translations keeps the fingerprint it had before translations existed.
        let untranslated = try ContentFixture().reader.load().get()
        #expect(untranslated.riddles.allSatisfy { $0.translations == nil })
        #expect(content.fingerprint != untranslated.fingerprint)
    }

    @Test func aTranslationWithTwoHintsAnEmptyTextOrAnOddLanguageCodeIsReported() throws {
        let fixture = try ContentFixture()
        let broken = Self.translated.replacingOccurrences(of: "          - 跟着指示牌去博物馆。\n", with: "")
            .replacingOccurrences(of: "text: 古老的骨头和更古老的钱币在塔下沉睡的地方。", with: #"text: """#)
            .replacingOccurrences(of: "zh:", with: "Chinese:")
        try fixture.replace("    insider: The first catalogue was handwritten.", with: broken, in: "Riddles/riddles.yaml")
        let problems = try #require(fixture.reader.load().failure).problems
        #expect(Set(problems.map(\.rule)) == [.hintCount, .emptyText, .invalidValue])
        #expect(problems.allSatisfy { $0.location.file == fixture.path("Riddles/riddles.yaml") })
        #expect(problems.contains { $0.message == "the 'Chinese' translation of riddle 'museum-1' has 2 hint(s)" })
    }

    @Test func theShippedRiddlesTranslatedIntoChineseAreComplete() throws {
        let content = try ContentFixture.shipped.load().get()
        let translated = content.riddles.filter { $0.translations?["zh"] != nil }
        #expect(translated.count >= 4)
        #expect(translated.allSatisfy { $0.reading(in: "zh").hints.count == Riddle.hintCount && $0.reading(in: "zh").text != $0.text })
    }
}
