import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import Testing

/// Organisers writing the hunt through the API: edits collect in the draft, each checked as
/// the files are, and are played once the draft is published.
@Suite struct AuthoringRoutesTests {
    /// An organiser edits a riddle: checked as the files are, kept in the draft, played once
    /// published; a second organiser saving from the same reading is not saved over the first.
    @Test func aRiddleEditedIsCheckedKeptInTheDraftAndNotLostToAnotherEdit() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let pat = try await service.organiserToken(client, username: "pat")
            let riddle = service.services.content.riddles[0]
            let form = try await client.call(.get, "/v1/admin/riddles/\(riddle.id)", token: olive)
            #expect(form.status == .ok && form.json["text"] as? String == riddle.text)
            let token = try #require(form.json["token"] as? String)
            func edit(_ text: String, hints: [String] = riddle.hints) -> [String: any Sendable] {
                ["checkpoint": riddle.checkpointID, "difficulty": "hard", "text": text, "hints": hints, "insider": riddle.insider, "token": token]
            }
            let invalid = try await client.call(.put, "/v1/admin/riddles/\(riddle.id)", json: edit(" ", hints: ["Only one hint."]), token: olive)
            #expect(invalid.status == .unprocessableContent && invalid.code == "invalid_edit")
            let report = invalid.json["detail"] as? String ?? ""
            #expect(report.contains("text: ") && report.contains("hints: "), "\(report)")
            #expect(try await client.call(.get, "/v1/admin/draft", token: olive).code == "no_draft", "nothing half-valid is kept")

            let saved = try await client.call(.put, "/v1/admin/riddles/\(riddle.id)", json: edit("Where the whale bones hang."), token: olive)
            #expect(saved.status == .ok && saved.json["revision"] as? Int == 1, "\(saved.json)")
            #expect(service.services.content.riddles[0] == riddle, "the draft is not played")
            // Pat read the riddle before Olive saved: refused, not saved over Olive's words.
            let late = try await client.call(.put, "/v1/admin/riddles/\(riddle.id)", json: edit("Something else."), token: pat)
            #expect(late.status == .conflict && late.code == "edit_conflict")
            let again = try await client.call(.get, "/v1/admin/riddles/\(riddle.id)", token: pat)
            #expect(again.json["text"] as? String == "Where the whale bones hang." && again.json["token"] as? String != token)

            let draft = try await client.call(.get, "/v1/admin/draft", token: pat)
            #expect(draft.json["savedBy"] as? String == "olive" && draft.json["revision"] as? Int == 1)
            #expect(((draft.json["changes"] as? [String: Any])?["riddles"] as? [String: Any])?["changed"] as? [String] == [riddle.id])
            #expect((draft.json["problems"] as? [Any])?.isEmpty == true)
            let published = try await client.call(.post, "/v1/admin/draft/publish", json: ["revision": 1], token: pat)
            #expect(published.status == .ok && published.json["riddlesUpdated"] as? Int == 1, "\(published.json)")
            #expect(service.services.content.riddles[0].text == "Where the whale bones hang.")
            #expect(service.services.content.riddles[0].translations == riddle.translations)
            #expect(try await client.call(.get, "/v1/admin/draft", token: olive).code == "no_draft")
            let versions = (try await client.call(.get, "/v1/admin/content/versions", token: olive).json["versions"] as? [[String: Any]]) ?? []
            #expect(versions.first?["origin"] as? String == "console" && versions.count == 2)
            #expect(try await client.call(.get, "/v1/admin/riddles/nowhere-1", token: olive).code == "unknown_riddle")
            #expect(try await OperationsRoutesTests.auditLog(client, olive).compactMap { $0["action"] as? String } == ["draft_published", "riddle_edited"])
        }
    }

    /// A new place and its riddle, from the API to a player's scan: each problem beside its
    /// field, the draft refused while the place has no riddle, then published and played.
    @Test func aNewPlaceWithItsRiddleIsPublishedAndItsCodeCounts() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            var place: [String: any Sendable] = [
                "name": "Sandbox Studio", "category": "social", "building": "Boyd Orr Building", "floor": -1, "latitude": 55.8736, "longitude": -4.2926,
                "hours": ["mon": "09:00-17:00", "tue": "9-5"], "exceptions": "2026-12-25 closed Christmas Day", "tags": ["coffee"], "facts": ["Opened in 2024."],
            ]
            let wrong = try await client.call(.post, "/v1/admin/places", json: place, token: olive)
            #expect(wrong.status == .unprocessableContent && (wrong.json["detail"] as? String ?? "").contains("hours.tue: '9-5' is not an opening time"))
            place["hours"] = ["mon": "09:00-17:00", "tue": "09:00-17:00", "sat": "00:00-24:00", "sun": "00:00-24:00"]
            let added = try await client.call(.post, "/v1/admin/places", json: place, token: olive)
            #expect(added.status == .created && added.json["id"] as? String == "sandbox-studio", "\(added.json)")
            let stored = try await client.call(.get, "/v1/admin/places/sandbox-studio", token: olive)
            #expect(stored.json["floor"] as? String == "-1" && stored.json["exceptions"] as? String == "2026-12-25 closed Christmas Day")
            #expect((stored.json["hours"] as? [String: String])?["wed"] == "")

            // A place without a riddle is not played: publishing is refused, saying so.
            let draft = try await client.call(.get, "/v1/admin/draft", token: olive)
            #expect((draft.json["problems"] as? [[String: Any]])?.first?["message"] as? String == "checkpoint 'sandbox-studio' has no riddle")
            let early = try await client.call(.post, "/v1/admin/draft/publish", json: ["revision": 1], token: olive)
            #expect(early.status == .unprocessableContent && early.code == "invalid_draft")

            var riddle: [String: any Sendable] = ["checkpoint": "sandbox-studio", "difficulty": "medium", "text": "Below the Boyd Orr, where ideas are built.",
                                                  "hints": ["It is under a tower.", "", "The Sandbox."], "insider": "Students build prototypes here."]
            let missing = try await client.call(.post, "/v1/admin/riddles", json: riddle, token: olive)
            #expect(missing.code == "invalid_edit" && (missing.json["detail"] as? String ?? "").contains("hints: hint 2 of riddle 'sandbox-studio-1' is empty"))
            riddle["hints"] = ["It is under a tower.", "Bring a laptop.", "The Sandbox."]
            let written = try await client.call(.post, "/v1/admin/riddles", json: riddle, token: olive)
            #expect(written.status == .created && written.json["id"] as? String == "sandbox-studio-1" && written.json["revision"] as? Int == 2)

            #expect(try await client.call(.post, "/v1/admin/draft/publish", json: ["revision": 1], token: olive).code == "draft_changed")
            let published = try await client.call(.post, "/v1/admin/draft/publish", json: ["revision": 2], token: olive)
            #expect(published.status == .ok && published.json["checkpointsAdded"] as? Int == 1 && published.json["riddlesAdded"] as? Int == 1)
            let sheet = try await client.call(.get, "/v1/admin/checkpoints/sandbox-studio/sheet.pdf", token: olive)
            #expect(sheet.status == .ok && sheet.headers[.contentType] == "application/pdf")

            let ada = try await client.signedInPlayer("ada")
            let scan = try await client.scan(code: try await service.qrText(for: "sandbox-studio"), token: ada)
            #expect(scan.status == .ok && scan.json["outcome"] as? String == "explored", "\(scan.json)")
            let actions = try await OperationsRoutesTests.auditLog(client, olive).compactMap { $0["action"] as? String }
            #expect(actions == ["stickers_printed", "draft_published", "riddle_added", "place_added"])
        }
    }

    /// Retiring a place is one more edit in the draft, guarded like the others.
    @Test func aPlaceIsRetiredInTheDraftWithTheTokenItWasReadWith() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let place = service.services.content.checkpoints[0]
            let token = try #require(try await client.call(.get, "/v1/admin/places/\(place.id)", token: olive).json["token"] as? String)
            #expect(try await client.call(.delete, "/v1/admin/places/\(place.id)?token=stale", token: olive).code == "edit_conflict")
            let retired = try await client.call(.delete, "/v1/admin/places/\(place.id)?token=\(token)", token: olive)
            #expect(retired.status == .ok && retired.json["revision"] as? Int == 1)
            let changes = (try await client.call(.get, "/v1/admin/draft", token: olive).json["changes"] as? [String: Any]) ?? [:]
            #expect((changes["checkpoints"] as? [String: Any])?["removed"] as? [String] == [place.id])
            #expect(try await client.call(.post, "/v1/admin/draft/discard", json: ["revision": 1], token: olive).status == .noContent)
            #expect(service.services.content.checkpoint(id: place.id) == place)
            #expect(try await client.call(.get, "/v1/admin/places/nowhere", token: olive).code == "unknown_checkpoint")
        }
    }
}
