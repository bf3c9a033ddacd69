import Foundation
import PuzzleMapContent
import PuzzleMapCore
import Testing

/// The content written back as files: the files read back to the same content, with the same
/// fingerprint, and `check` accepts them.
@Suite struct ContentWriterTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-written-\(UUID().uuidString)")

    func reader(of folder: URL) -> ContentReader {
        ContentReader(campusDirectory: folder.appendingPathComponent("Campus").path, riddlesDirectory: folder.appendingPathComponent("Riddles").path)
    }

    func roundTrip(_ content: CampusContent) throws -> CampusContent {
        try ContentWriter().write(content, into: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try reader(of: folder).load().get()
    }

    @Test func theShippedFilesReadBackAsTheSameGame() throws {
        let shipped = try ContentFixture.shipped.load().get()
        let again = try roundTrip(shipped)
        #expect(again == shipped)
        #expect(again.fingerprint == shipped.fingerprint)
    }

    @Test func theFilesAreTheOnesTheRepositoryShips() throws {
        let paths = try ContentWriter().files(of: try ContentFixture.shipped.load().get()).map(\.path)
        #expect(paths == ["Campus/campus.yaml", "Campus/checkpoints.geojson", "Campus/quiz.yaml", "Campus/game.yaml", "Campus/badges.yaml",
                          "Campus/offers.yaml", "Riddles/lab.yaml", "Riddles/lecture.yaml", "Riddles/social.yaml"])
    }

    /// Words YAML would read as something else, a day left out of a timetable, a dated
    /// opening with hours and one without a note, every kind of badge rule, an offer of no
    /// partner and a riddle whose translations are empty.
    @Test func awkwardValuesSurviveTheTrip() throws {
        var content = try ContentFixture.shipped.load().get()
        content.info.title = "yes"
        content.checkpoints[0].name = "null"
        content.checkpoints[1].name = "  Café — 学生会, \"the Union\": 'open' #1"
        content.checkpoints[2].building = "12:30"
        content.checkpoints[3].facts = ["~", "true", "0x1F", "- a dash first", "a fact\nover two lines"]
        content.checkpoints[4].hours.weekly[.sun] = nil
        content.checkpoints[4].hours.exceptions = [
            HoursException(date: LocalDate(parsing: "2026-12-31")!, ranges: [TimeRange(parsing: "10:00-12:00")!, TimeRange(parsing: "13:00-24:00")!]),
            HoursException(date: LocalDate(parsing: "2027-01-01")!, ranges: [], note: nil),
        ]
        content.checkpoints[5].coordinate = Coordinate(latitude: 55.871_234_567_891_23, longitude: -4.288_765_432_1)
        content.riddles[0].text = String(repeating: "A long riddle that wraps across several lines when written; ", count: 4) + "trailing words."
        content.riddles[1].translations = [:]
        content.quiz[0].effects[.agree] = ["quiet": -0.125, "music": 0.1 + 0.2]
        content.rules.traitStrength = 0.1 + 0.2
        content.badges += [
            Badge(id: "b-solve", name: "Solver", description: "no", rule: .solve(count: 2, category: .lab, tag: "history")),
            Badge(id: "b-hintless", name: "Hintless", description: "off", rule: .hintless(count: 3)),
            Badge(id: "b-every", name: "Every", description: "on", rule: .everyCategory(count: 1)),
            Badge(id: "b-level", name: "Level", description: "level", rule: .level(4)),
            Badge(id: "b-crew", name: "Crew", description: "crew", rule: .crew(count: 2)),
        ]
        content.offers[0].partnerID = content.partners[0].id
        let again = try roundTrip(content)
        #expect(again == content)
        #expect(again.fingerprint == content.fingerprint)
    }

    @Test func aCategoryWithNoRiddleLeftLosesItsFile() throws {
        var content = try ContentFixture.shipped.load().get()
        try ContentWriter().write(content, into: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let social = Set(content.checkpoints.filter { $0.category == .social }.map(\.id))
        content.riddles.removeAll { social.contains($0.checkpointID) }
        try ContentWriter().write(content, into: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Riddles/social.yaml").path))
        let draft = reader(of: folder).read()
        #expect(draft.riddles.map(\.value) == content.riddles)
    }
}
