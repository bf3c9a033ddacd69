import Foundation
import PuzzleMapContent
import PuzzleMapCore
import Testing

/// A place's facts may carry their words in other languages, as riddles do: a reader of one
/// gets them, anyone else the organiser's; a translation is checked, and written back out.
@Suite struct PlaceTranslationTests {
    @Test func theShippedSocialSpotsTellTheirFactsInChineseAndInEnglishAsWritten() throws {
        let content = try ContentFixture.shipped.load().get()
        let translated = content.checkpoints.filter { $0.translations?["zh"] != nil }
        #expect(translated.count >= 9)
        for place in translated {
            let chinese = place.reading(in: "zh")
            #expect(chinese.facts.count == place.facts.count && chinese.facts != place.facts)
            #expect(chinese.withoutTranslations == place.withoutTranslations.with(facts: chinese.facts))
            #expect(place.reading(in: "fr") == place && place.reading(in: "en") == place)
        }
    }

    @Test func anEmptyTranslatedFactOrAnOddLanguageCodeIsReported() throws {
        let fixture = try ContentFixture()
        let file = try String(contentsOf: URL(fileURLWithPath: fixture.path("Campus/checkpoints.geojson")), encoding: .utf8)
        let facts = try #require(file.range(of: #""facts": \[[^\]]*\]"#, options: .regularExpression))
        let broken = file.replacingCharacters(in: facts, with: String(file[facts]) + #", "translations": {"Chinese": {"facts": [" "]}}"#)
        try broken.write(toFile: fixture.path("Campus/checkpoints.geojson"), atomically: true, encoding: .utf8)
        let problems = try #require(fixture.reader.load().failure).problems
        #expect(Set(problems.map(\.rule)) == [.emptyText, .invalidValue])
        #expect(problems.contains { $0.message.hasPrefix("the 'Chinese' translation of checkpoint") && $0.message.hasSuffix("has an empty fact") })
    }
}

private extension Checkpoint {
    func with(facts: [String]) -> Checkpoint {
        var place = self
        place.facts = facts
        return place
    }
}
