import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import Testing

/// The map through the API and the page: a place is a numbered pin until the player finds it,
/// so the map never names a held riddle's answer.
@Suite struct MapRoutesTests {
    /// How a text reads inside the page (mustache escapes these).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "'", with: "&#39;")
    }

    /// One card of the map page, from its opening tag to its end.
    static func card(_ number: Int, in html: String) throws -> String {
        let start = try #require(html.range(of: "<li class=\"card\" id=\"place-\(number)\" "))
        let end = try #require(html.range(of: "\n</li>", range: start.upperBound..<html.endIndex))
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test func aPlaceIsOnlyANumberedPinUntilItIsFoundAndEverythingOnceSolved() async throws {
        let service = try await TestService()
        let content = service.services.content
        try await service.test { client in
            let token = try await client.playerWithQuiz("ada", quiz: content.quiz.map(\.id))
            let ada = PageBrowser(session: token)
            let playerID = try #require(try await service.repository.account(login: "ada")).player.id
            // Ada explores a social place, then holds a lab riddle: its place is the one to hide.
            let explored = try #require(content.checkpoints.firstIndex { $0.id == "fraser-building" })
            #expect(try await client.scan(code: try await service.qrText(for: content.checkpoints[explored].id), token: token)
                .json["outcome"] as? String == "explored")
            #expect(try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: token).status == .created)
            let held = try #require(try await service.repository.activeAttempts(playerID: playerID).first)
            let index = try #require(content.checkpoints.firstIndex { $0.id == held.checkpointID })
            let place = content.checkpoints[index]
            let number = index + 1
            let named = [place.name, place.building, place.id] + place.facts
            let shownElsewhere = content.checkpoints[explored]
            try #require(named.allSatisfy { text in
                !([shownElsewhere.name, shownElsewhere.building, shownElsewhere.id] + shownElsewhere.facts).contains { $0.contains(text) }
            }, "the place explored names nothing of the riddle's place")

            // Before: neither the API nor the page says anything that names it.
            let before = try await client.call(.get, "/v1/map", token: token)
            let body = String(decoding: before.body, as: UTF8.self)
            for text in named { #expect(!body.contains(text), "the API names \(text)") }
            #expect(!body.contains("\"lab\""), "no category of a place not found")
            let places = try #require(before.json["checkpoints"] as? [[String: Any]])
            #expect(places.map { $0["number"] as? Int } == Array(1...content.checkpoints.count))
            let pin = places[index]
            #expect(Set(pin.keys).subtracting(["opensAt"]) == ["number", "latitude", "longitude", "openNow", "status", "closedByOrganisers"])
            #expect(pin["number"] as? Int == number && pin["status"] as? String == "unvisited" && pin["closedByOrganisers"] as? Bool == false)
            #expect(pin["latitude"] as? Double == place.coordinate.latitude && pin["longitude"] as? Double == place.coordinate.longitude)
            #expect(places[explored]["name"] as? String == shownElsewhere.name && places[explored]["status"] as? String == "visited")

            let page = try await ada.get("/map", client)
            #expect(page.status == .ok)
            for text in named { #expect(!page.html.contains(Self.escaped(text)), "the page names \(text)") }
            let card = try Self.card(number, in: page.html)
            #expect(!card.contains(place.category.rawValue))
            #expect(card.contains("</span> Place \(number)</h2>") && card.contains("<strong>Not found yet</strong>"))
            #expect(card.contains("<a href=\"/report?kind=sticker_damaged&amp;place=\(number)\">Report a damaged or missing sticker at place \(number)</a>"))
            #expect(page.html.contains("<title>\(number). Place \(number): Not found yet</title>"))
            #expect(page.html.contains(Self.escaped(shownElsewhere.name)))

            // Solved: the API and the page give it all.
            #expect(try await client.scan(code: try await service.qrText(for: place.id), token: token).json["outcome"] as? String == "solved")
            let after = try #require(try await client.call(.get, "/v1/map", token: token).json["checkpoints"] as? [[String: Any]])[index]
            #expect(after["number"] as? Int == number && after["status"] as? String == "solved")
            #expect(after["id"] as? String == place.id && after["name"] as? String == place.name && after["building"] as? String == place.building)
            #expect(after["category"] as? String == place.category.rawValue && after["floor"] as? Int == place.floor)
            #expect(after["facts"] as? [String] == place.facts && after["openingHours"] as? String == place.hours.summary)
            let solved = try Self.card(number, in: try await ada.get("/map", client).html)
            for text in [place.name, place.building] + place.facts { #expect(solved.contains(Self.escaped(text)), "the page does not name \(text)") }
            #expect(solved.contains("place=\(place.id)\">Report a damaged or missing sticker at \(Self.escaped(place.name))</a>"))
        }
    }

    @Test func theReportFormOffersAPlaceNotFoundYetByItsNumberAndFilesItUnderThatPlace() async throws {
        let service = try await TestService()
        let content = service.services.content
        try await service.test { client in
            let token = try await client.signedInPlayer("ada")
            let ada = PageBrowser(session: token)
            let form = try await ada.get("/report?kind=sticker_damaged&place=3", client)
            #expect(form.status == .ok)
            for place in content.checkpoints { #expect(!form.html.contains(Self.escaped(place.name)), "the form names \(place.name)") }
            #expect(form.html.contains("<option value=\"3\" selected>Place 3 on the map (not found yet)</option>"))

            let sent = try await ada.post("/report", ["kind": "sticker_damaged", "place": "3", "text": "Torn in half"], client)
            #expect(sent.status == .seeOther && sent.location == "/report?sent=1")
            let kept = try await service.services.hunt.reports()
            #expect(kept.map(\.report.checkpointID) == [content.checkpoints[2].id] && kept.map(\.report.text) == ["Torn in half"])
            let refused = try await ada.post("/report", ["kind": "sticker_damaged", "place": "999"], client)
            #expect(refused.status == .unprocessableContent && refused.html.contains("That is not a place in the hunt, and a sticker report needs one."))
        }
    }
}
