import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PuzzleMapCore
import Testing

/// A reader of Chinese reads a translated riddle, its hints and its insider fact in Chinese;
/// the API and a reader of English keep the organiser's words.
@Suite struct TranslatedRiddlePagesTests {
    @Test func theRiddlePageHintAndInsiderFactAreInTheReadersLanguageWhereTheContentTranslatesThem() async throws {
        let service = try await TestService()
        try await service.test { client in
            let token = try await client.playerWithQuiz("ada", quiz: service.services.content.quiz.map(\.id))
            // Every easy riddle of the social spots has a Chinese translation in the sample.
            let asked = try await client.call(.post, "/v1/riddles", json: ["category": "social", "difficulty": "easy"], token: token)
            #expect(asked.status == .created)
            let held = try #require(asked.json["riddle"] as? [String: Any])
            let id = try #require(held["id"] as? Int)
            let riddle = try #require(service.services.content.riddles.first { $0.text == held["text"] as? String })
            let chinese = riddle.reading(in: "zh")
            #expect(chinese.text != riddle.text, "the API keeps the organiser's words; the riddle is translated")

            func page(_ path: String, language: String) async throws -> String {
                try await client.execute(uri: path, method: .get, headers: [.cookie: "pm_session=\(token); pm_lang=\(language)"]) { response in
                    String(buffer: response.body)
                }
            }
            let inChinese = try await page("/riddles/\(id)", language: "zh")
            #expect(inChinese.contains(chinese.text))
            #expect(!inChinese.contains(riddle.text))
            let inEnglish = try await page("/riddles/\(id)", language: "en")
            #expect(inEnglish.contains(riddle.text.replacingOccurrences(of: "'", with: "&#39;")))

            // The first hint, taken through the API, shows translated on the page.
            #expect(try await client.call(.post, "/v1/riddles/\(id)/hints", json: ["confirm": true], token: token).status == .ok)
            #expect(try await page("/riddles/\(id)", language: "zh").contains(chinese.hints[0]))

            // Solved: the insider fact on the answer's page and in the journal.
            let code = try await service.qrText(for: riddle.checkpointID)
            let csrf = try await client.formToken(session: token, path: "/scan", language: "zh")
            let form = MultipartScanTests().multipart([("_csrf", Array(csrf.utf8)), ("key", Array("translated-1".utf8)), ("code", Array(code.utf8))],
                                                      boundary: "translated")
            let solved = try await client.execute(uri: "/scan", method: .post, headers: [
                .cookie: "pm_csrf=browser; pm_session=\(token); pm_lang=zh", .contentType: "multipart/form-data; boundary=translated",
            ], body: form) { response in
                (response.headers[.location], String(buffer: response.body))
            }
            var outcome = solved.1
            if let location = solved.0 { outcome = try await page(location, language: "zh") }
            #expect(outcome.contains(chinese.insider))
            #expect(try await page("/journal", language: "zh").contains(chinese.insider))
            #expect(try await page("/journal", language: "en").contains(riddle.insider.replacingOccurrences(of: "'", with: "&#39;")))
            // The place found: its facts in Chinese on the map and in the journal (every social spot's are translated).
            let place = try #require(service.services.content.checkpoint(id: riddle.checkpointID))
            let facts = try #require(place.translations?["zh"]?.facts)
            let map = try await page("/map", language: "zh")
            #expect(facts.allSatisfy { map.contains($0) } && !map.contains(place.facts[0].replacingOccurrences(of: "'", with: "&#39;")))
            #expect(try await page("/journal", language: "zh").contains(facts[0]))
            #expect(try await page("/map", language: "en").contains(place.facts[0].replacingOccurrences(of: "'", with: "&#39;")))
        }
    }
}

extension TestClientProtocol {
    /// The anti-forgery token of a page's form, for a browser whose CSRF cookie is `browser`.
    func formToken(session: String, path: String, language: String) async throws -> String {
        let html = try await execute(uri: path, method: .get, headers: [.cookie: "pm_csrf=browser; pm_session=\(session); pm_lang=\(language)"]) {
            String(buffer: $0.body)
        }
        return String(try #require(html.firstMatch(of: /name="_csrf" value="([^"]+)"/)?.1))
    }
}
