import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PuzzleMapHTTP
import PuzzleMapCore
import Testing

/// The app in the reader's language: every catalogue complete, with the same placeholders as
/// English; the language chosen by the setting over the browser's; the page saying which it is.
@Suite struct LanguageTests {
    /// A place's timetable in the reader's words; the API keeps the English summary.
    @Test func theTimetableIsWrittenInTheReadersLanguage() throws {
        let nine = TimeRange(parsing: "09:00-17:00")!
        let hours = OpeningHours(weekly: [.mon: [nine], .tue: [nine], .wed: [nine], .thu: [nine], .fri: [nine], .sat: [TimeRange(parsing: "10:00-16:00")!]])
        #expect(CampusDates.timetable(hours) == "Mon-Fri 09:00-17:00; Sat 10:00-16:00; Sun closed")
        #expect(CampusDates.timetable(hours) == hours.summary)
        let chinese = try #require(Self.library.languages.first { $0.tag == "zh" })
        PageLibrary.$language.withValue(chinese) {
            #expect(CampusDates.timetable(hours) == "周一至周五 09:00-17:00；周六 10:00-16:00；周日 不开放")
        }
    }

    @Test func aDurationInARefusalIsSaidInTheReadersLanguage() throws {
        #expect(Self.library.duration(minutes: 90) == "90 minutes" && Self.library.duration(minutes: 60) == "1 hour")
        #expect(Self.library.duration(minutes: 3 * 1440) == "3 days")
        let chinese = try #require(Self.library.languages.first { $0.tag == "zh" })
        PageLibrary.$language.withValue(chinese) {
            #expect(Self.library.duration(minutes: 3 * 1440) == "3 天")
            let problem = Problem(AccountRefusal.invalidVerificationCode(lifetimeMinutes: 24 * 60))
            #expect(problem.hint.contains("24 小时") && !problem.hint.contains("hours"), "\(problem.hint)")
        }
    }

    @Test func everyAuditActionIsSaidOnTheAuditPage() {
        let missing = AuditAction.allCases.map { "console.audit.\($0.rawValue)" }.filter { Self.library.texts[$0] == nil }
        #expect(missing == [])
    }

    static let library = PageLibrary.shipped

    static func placeholders(_ text: String) -> [String] {
        text.matches(of: /\{[A-Za-z]+\}/).map { String($0.output) }.sorted()
    }

    @Test func moreThanEnglishIsShipped() {
        #expect(Self.library.languages.first == .english)
        #expect(Self.library.languages.count >= 2)
    }

    @Test(arguments: PageLibrary.shipped.languages.filter { $0 != .english }.map(\.tag))
    func everyCatalogueHasEveryKeyOfEnglishWithTheSamePlaceholdersAndNothingElse(_ tag: String) throws {
        let english = try #require(Self.library.catalogues[.english]).texts
        let other = try #require(Self.library.catalogues[PageLibrary.Language(tag: tag)]).texts
        let missing = Set(english.keys).subtracting(other.keys).sorted()
        let unknown = Set(other.keys).subtracting(english.keys).sorted()
        #expect(missing.isEmpty, "texts.\(tag).yaml lacks \(missing)")
        #expect(unknown.isEmpty, "texts.\(tag).yaml has keys English has not: \(unknown)")
        for (key, text) in english {
            guard let translated = other[key] else { continue }
            #expect(Self.placeholders(translated) == Self.placeholders(text),
                    "\(key) in \(tag) has \(Self.placeholders(translated)), English \(Self.placeholders(text))")
            #expect(!translated.isEmpty, "\(key) in \(tag) is empty")
        }
    }

    @Test func theSettingBeatsTheBrowserAndTheBrowserBeatsEnglishByItsPrimaryTag() throws {
        let other = try #require(Self.library.languages.last)
        #expect(Self.library.language(chosen: nil, accepted: nil) == .english)
        #expect(Self.library.language(chosen: nil, accepted: "\(other.tag)-XX,en;q=0.8") == other)
        #expect(Self.library.language(chosen: nil, accepted: "fr-FR, en;q=0.9, \(other.tag);q=0.5") == .english)
        #expect(Self.library.language(chosen: nil, accepted: "fr-FR, \(other.tag);q=0.5, en;q=0.4") == other)
        #expect(Self.library.language(chosen: nil, accepted: "\(other.tag);q=0") == .english)
        #expect(Self.library.language(chosen: "en", accepted: other.tag) == .english)
        #expect(Self.library.language(chosen: other.tag, accepted: "en") == other)
        #expect(Self.library.language(chosen: "xx", accepted: other.tag) == other, "a setting the app has no catalogue for is ignored")
    }

    @Test func aPageIsInTheBrowsersLanguageUntilTheSettingSaysOtherwise() async throws {
        let other = try #require(Self.library.languages.last)
        let translated = try #require(Self.library.catalogues[other]?.texts["join.title"])
        let service = try await TestService()
        try await service.test { client in
            let page = try await client.execute(uri: "/join", method: .get, headers: [.acceptLanguage: "\(other.tag)-CN,en;q=0.5"]) {
                String(buffer: $0.body)
            }
            #expect(page.contains("<html lang=\"\(other.tag)\""))
            #expect(page.contains("<h1>\(translated)</h1>"))
            // The setting: English, whatever the browser asks, until "as my phone is set".
            let chosen = try await client.execute(uri: "/join", method: .get,
                                                  headers: [.acceptLanguage: other.tag, .cookie: "pm_lang=en"]) { String(buffer: $0.body) }
            #expect(chosen.contains("<html lang=\"en\"") && chosen.contains("<h1>Join the hunt</h1>"))
            // The API stays in English: clients match on codes, and read the English words.
            let problem = try await client.execute(uri: "/v1/me", method: .get, headers: [.acceptLanguage: other.tag]) { String(buffer: $0.body) }
            #expect(problem.contains("\"code\":\"unauthenticated\""))
            #expect(problem.contains(try #require(Self.library.catalogues[.english]?.texts["problem.unauthenticated.detail"])))
        }
    }

    @Test func choosingALanguageInTheSettingsKeepsItInACookieAndAsMyPhoneForgetsIt() async throws {
        let other = try #require(Self.library.languages.last)
        let world = try await PageWorld()
        let chose = try await world.service.withClient { client in
            try await client.execute(
                uri: "/settings/language", method: .post,
                headers: [.cookie: "pm_csrf=\(world.secret)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(world.formToken)&language=\(other.tag)")) { ($0.status, $0.headers[values: .setCookie]) }
        }
        #expect(chose.0 == .seeOther)
        #expect(chose.1.contains { $0.hasPrefix("pm_lang=\(other.tag);") && $0.contains("Max-Age=31536000") })
        let forgot = try await world.service.withClient { client in
            try await client.execute(
                uri: "/settings/language", method: .post,
                headers: [.cookie: "pm_csrf=\(world.secret); pm_lang=\(other.tag)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "_csrf=\(world.formToken)&language=")) { $0.headers[values: .setCookie] }
        }
        #expect(forgot.contains { $0.hasPrefix("pm_lang=;") && $0.contains("Max-Age=0") })
    }
}
