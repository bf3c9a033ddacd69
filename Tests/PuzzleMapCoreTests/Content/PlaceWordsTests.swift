import Foundation
import PuzzleMapCore
import Testing

/// A place as the console's form writes it: the words read into a place, or each problem
/// beside its field; read back, a place gives the words it was read from.
@Suite struct PlaceWordsTests {
    static let hunterian = Checkpoint(
        id: "hunterian-museum", name: "Hunterian Museum", category: .lab, building: "Gilbert Scott Building", floor: 1,
        coordinate: Coordinate(latitude: 55.8717, longitude: -4.2884),
        hours: OpeningHours(weekly: [.tue: [TimeRange(parsing: "10:00-13:00")!, TimeRange(parsing: "14:00-17:00")!], .sun: [TimeRange(parsing: "11:00-16:00")!]],
                            exceptions: [HoursException(date: LocalDate(year: 2026, month: 12, day: 25)!, ranges: [], note: "Christmas Day"),
                                         HoursException(date: LocalDate(year: 2026, month: 12, day: 24)!, ranges: [TimeRange(parsing: "10:00-13:00")!])]),
        tags: ["history", "science"], facts: ["Scotland's oldest public museum."])

    @Test func aPlaceReadsBackFromItsOwnWords() throws {
        let words = PlaceWords(Self.hunterian)
        #expect(words.hours["tue"] == "10:00-13:00, 14:00-17:00" && words.hours["mon"] == "")
        #expect(words.exceptions == "2026-12-25 closed Christmas Day\n2026-12-24 10:00-13:00")
        var expected = Self.hunterian
        expected.hours.weekly = Dictionary(uniqueKeysWithValues: Weekday.allCases.map { ($0, Self.hunterian.hours.weekly[$0] ?? []) })
        #expect(try words.edit(id: "hunterian-museum").checkpoint == expected)
    }

    @Test func wordsThatDoNotReadAreEachSaidBesideTheirField() {
        var words = PlaceWords(Self.hunterian)
        words.floor = "first"
        words.latitude = ""
        words.category = "gym"
        words.hours["wed"] = "10:00-17:00, 9-5"
        words.exceptions = "Christmas closed\n2026-12-31 closed 10:00-12:00\n2027-01-01 closed New Year"
        #expect(throws: OrganiserRefusal.self) { try words.edit(id: "x") }
        do {
            _ = try words.edit(id: "x")
        } catch .invalidEdit(let problems) {
            #expect(problems.map(\.field) == ["category", "floor", "coordinates", "hours.wed", "exceptions", "exceptions"])
            #expect(problems[3].message == "'9-5' is not an opening time")
            #expect(problems[4].message == "'Christmas closed' does not start with a date (2026-12-25)")
            #expect(problems[5].message == "2026-12-31 gives both closed and opening times")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aNewPlacesIdIsMadeFromItsNameAndNumberedWhenTaken() throws {
        let content = CampusContent(info: CampusInfo(title: "Hunt", university: "Glasgow", timeZoneIdentifier: "Europe/London", traits: []),
                                    checkpoints: [Self.hunterian], riddles: [], quiz: [], rules: GameFixtures.rules, badges: [], partners: [], offers: [])
        func newID(_ name: String) -> String {
            var place = Self.hunterian
            place.name = name
            return place.newID(in: content)
        }
        #expect(newID("Café Zürich & Co.") == "cafe-zurich-co")
        #expect(newID("Hunterian  Museum") == "hunterian-museum-2")
        #expect(newID("图书馆") == "place")
        #expect(newID("Sandbox Studio, the makers' basement under the Boyd Orr") == "sandbox-studio-the-makers-basement-under-the")
        #expect(Riddle(id: "", checkpointID: "hunterian-museum", difficulty: .easy, text: "", hints: [], insider: "").newID(in: content) == "hunterian-museum-1")
    }

    @Test func aFreebieReadsBackFromItsOwnWordsAndWrongWordsAreSaidBesideTheirField() throws {
        let offer = Offer(id: "qmu-free-coffee", partnerID: "qmu-cafe", title: "A free regular coffee", description: "Any regular hot drink.",
                          unlock: .badge("social-butterfly"), stock: 300, perPlayer: 1, validFrom: LocalDate(year: 2026, month: 9, day: 1)!,
                          validUntil: LocalDate(year: 2027, month: 6, day: 30)!, voucherDays: 14)
        let words = OfferWords(offer)
        #expect(words.unlock == "badge social-butterfly" && words.validFrom == "2026-09-01")
        #expect(try words.edit(id: offer.id).offer == offer)
        var wrong = words
        (wrong.unlock, wrong.stock, wrong.validFrom) = ("everyone", "lots", "1 Sept")
        #expect(throws: OrganiserRefusal.self) { try wrong.edit(id: offer.id) }
        do {
            _ = try wrong.edit(id: offer.id)
        } catch .invalidEdit(let problems) {
            #expect(problems.map(\.field) == ["unlock", "stock", "validFrom"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: [
        BadgeRule.solve(count: 3, category: .lab, tag: "coffee"), .solve(count: 1, category: nil, tag: nil), .visit(checkpointIDs: ["a", "b"]),
        .hintless(count: 2), .everyCategory(count: 1), .level(5), .crew(count: 4),
    ])
    func everyKindOfBadgeReadsBackFromItsOwnWords(_ rule: BadgeRule) throws {
        let badge = Badge(id: "b", name: "B", description: "Do it.", rule: rule)
        #expect(try BadgeWords(badge).edit(id: "b") == badge)
    }

    @Test func aBadgesWordsThatDoNotReadAreSaidBesideItsRule() {
        var words = BadgeWords.blank
        (words.kind, words.count, words.category) = ("solving", "three", "pub")
        #expect(throws: OrganiserRefusal.invalidEdit([
            EditProblem(field: "rule", message: "'solving' is not a kind of badge",
                        fix: "Choose what earns it: solving, visiting places, solving without hints, every category, a level or crew riddles."),
            EditProblem(field: "rule", message: "'three' is not a whole number", fix: "Write how many, such as 3."),
            EditProblem(field: "rule", message: "'pub' is not a category", fix: "Choose lab, lecture, social or any."),
        ])) { try words.edit(id: "b") }
    }

    @Test func aQuizQuestionReadsBackFromItsOwnWords() throws {
        let question = QuizQuestion(id: "q", text: "Coffee first.", effects: [.stronglyAgree: ["coffee": 2, "food": 0.5], .agree: ["coffee": 1],
                                                                            .disagree: [:], .stronglyDisagree: ["quiet": 2]])
        #expect(QuestionWords(question).answers["strongly_agree"] == "coffee 2, food 0.5")
        #expect(try QuestionWords(question).edit(id: "q") == question)
    }
}
