import Foundation
import Hummingbird
import HummingbirdTesting
@testable import PuzzleMapHTTP
import PuzzleMapCore
import Testing

/// A page tells a student what to do on the web app: never an API endpoint or a token header.
@Suite struct PageProblemHintsTests {
    @Test func noHintAPageShowsNamesAnAPIEndpoint() {
        let problems = ProblemTextsTests.samples + ProblemCode.allCases.map { Problem(.badRequest, code: $0) }
        for problem in problems {
            let hint = problem.onPage.hint
            #expect(!hint.contains("/v1") && !hint.contains("Bearer"), "\(problem.code.rawValue) shows on a page: \(hint)")
        }
    }

    @Test func everyPageHintNamesACodeAndIsFilledIn() {
        let codes = Set(ProblemCode.allCases.map(\.rawValue))
        let pageKeys = PageLibrary.shipped.texts.keys.filter { $0.hasPrefix("page.problem.") }
        #expect(pageKeys.contains("page.problem.quiz_incomplete.hint"))
        #expect(pageKeys.filter { !codes.contains($0.split(separator: ".")[2].description) } == [])
        let incomplete = Problem(AccountRefusal.quizIncomplete(missing: ["q1"], questions: 8))
        #expect(incomplete.onPage.hint == "Answer all 8 questions, then send the quiz again.")
        #expect(incomplete.hint == "Answer all 8 questions (GET /v1/quiz lists them).", "the API keeps its own hint")
    }

    @Test func aRiddleThatIsNotHeldPointsToThePlayPage() async throws {
        let service = try await TestService()
        try await service.test { client in
            let ada = PageBrowser(session: try await client.signedInPlayer("ada"))
            let page = try await ada.get("/riddles/999", client)
            #expect(page.status == .notFound)
            #expect(page.html.contains("Open Play to see the riddles you hold."))
            // No API address in what the student reads (the live region's script address is no text).
            let shown = page.html.replacingOccurrences(of: #"data-live-stream="[^"]*""#, with: "", options: .regularExpression)
            #expect(!shown.contains("/v1/"))
        }
    }
}
