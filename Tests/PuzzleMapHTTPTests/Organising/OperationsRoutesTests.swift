import Foundation
import Hummingbird
import HummingbirdTesting
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import Testing
import ZIPFoundation

/// Organisers fixing the hunt while it runs, through the API and what players then see.
@Suite struct OperationsRoutesTests {
    static func auditLog(_ client: some TestClientProtocol, _ token: String) async throws -> [[String: Any]] {
        (try await client.call(.get, "/v1/admin/audit-log", token: token).json["entries"] as? [[String: Any]]) ?? []
    }

    @Test func aClosedCheckpointIsNotOfferedItsCodeIsRefusedWithTheNoteAndTheMapShowsIt() async throws {
        let service = try await TestService()
        let hunt = service.services.hunt
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let ada = try await client.playerWithQuiz("ada", quiz: hunt.content.quiz.map(\.id))
            let labs = hunt.content.checkpoints.filter { $0.category == .lab }.map(\.id)
            for lab in labs {
                let closed = try await client.call(.put, "/v1/admin/checkpoints/\(lab)/closure", json: ["note": "Closed for exams until Friday"], token: olive)
                #expect(closed.status == .ok && (closed.json["closure"] as? [String: Any])?["closedBy"] as? String == "olive")
            }
            #expect(try await client.call(.post, "/v1/riddles", json: ["category": "lab"], token: ada).code == "nothing_open")

            let place = labs[0]
            let refused = try await client.scan(code: try await service.qrText(for: place), token: ada)
            #expect(refused.status == .conflict && refused.code == "checkpoint_closed")
            #expect((refused.json["detail"] as? String) == "This place is closed for now: Closed for exams until Friday")
            let account = try #require(try await hunt.signedIn(accessToken: ada)).account
            #expect(try await hunt.repository.events(playerID: account.player.id).isEmpty, "a refused scan scores nothing")
            let map = (try await client.call(.get, "/v1/map", token: ada).json["checkpoints"] as? [[String: Any]]) ?? []
            let number = try #require(hunt.content.checkpoints.firstIndex { $0.id == place }) + 1
            let shown = try #require(map.first { $0["number"] as? Int == number })
            // Ada has not found it: the map says it is closed, but not the note, which may name it.
            #expect(shown["closedByOrganisers"] as? Bool == true && shown["openNow"] as? Bool == false)
            #expect(shown["closedNote"] == nil && shown["id"] == nil && shown["name"] == nil)

            #expect(try await client.call(.delete, "/v1/admin/checkpoints/\(place)/closure", token: olive).status == .ok)
            #expect(try await client.call(.delete, "/v1/admin/checkpoints/\(place)/closure", token: olive).code == "checkpoint_not_closed")
            let held = try await hunt.askForRiddle(playerID: account.player.id, category: .lab)
            #expect(held.held.riddle.checkpointID == place, "the only lab open again is the one offered")
            #expect(try await client.scan(code: try await service.qrText(for: place), token: ada).status == .ok)

            let log = try await Self.auditLog(client, olive)
            #expect(log.count == labs.count + 1)
            #expect(log.first?["action"] as? String == "checkpoint_reopened" && log.first?["actor"] as? String == "olive")
            #expect(log.last?["action"] as? String == "checkpoint_hidden" && log.last?["subject"] as? String == "checkpoint:\(labs[0])"
                    && log.last?["detail"] as? String == "Closed for exams until Friday")
            #expect(try await client.call(.put, "/v1/admin/checkpoints/nowhere/closure", json: ["note": "x"], token: olive).code == "unknown_checkpoint")
            #expect(try await client.call(.put, "/v1/admin/checkpoints/\(place)/closure", json: ["note": "  "], token: olive).code == "text_length")
            #expect(try await client.call(.put, "/v1/admin/checkpoints/\(place)/closure", json: ["note": "x"], token: ada).code == "organisers_only")
        }
    }

    @Test func aBroadcastShowsOnEveryPlayersPagesUntilItIsTakenDown() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let ada = PageBrowser(session: try await client.signedInPlayer("ada"))
            #expect(try await client.call(.get, "/v1/broadcast").json["broadcast"] is NSNull)
            let sent = try await client.call(.put, "/v1/admin/broadcast", json: ["text": "The library is closed today <b>all day</b>"], token: olive)
            #expect(sent.status == .ok && sent.json["text"] as? String == "The library is closed today <b>all day</b>")
            #expect((try await client.call(.get, "/v1/broadcast").json["broadcast"] as? [String: Any])?["text"] as? String
                    == "The library is closed today <b>all day</b>")
            // Ada has not taken the quiz: the map would send her to it, so the quiz is one of her pages.
            for path in ["/progress", "/quiz", "/more"] {
                let page = try await ada.get(path, client)
                #expect(page.html.contains("From the organisers:</strong> The library is closed today &lt;b&gt;all day&lt;/b&gt;"), "\(path)")
            }
            #expect(try await client.call(.delete, "/v1/admin/broadcast", token: olive).status == .noContent)
            #expect(!(try await ada.get("/quiz", client).html.contains("From the organisers")))
            #expect(try await Self.auditLog(client, olive).compactMap { $0["action"] as? String } == ["broadcast_ended", "broadcast_sent"])
            #expect(try await client.call(.put, "/v1/admin/broadcast", json: ["text": String(repeating: "x", count: 281)], token: olive).code
                    == "text_length")
            // 200 accented letters typed as letter and accent: 400 code points, over the documented 280.
            #expect(try await client.call(.put, "/v1/admin/broadcast", json: ["text": String(repeating: "e\u{301}", count: 200)], token: olive).code
                    == "text_length")
        }
    }

    @Test func aNewCodeRetiresThePrintedOneAndItsSheetIsTheNewVersion() async throws {
        let service = try await TestService()
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let ada = try await client.signedInPlayer("ada")
            let place = service.services.content.checkpoints[2].id
            let printed = try await service.qrText(for: place)
            let rotated = try await client.call(.post, "/v1/admin/checkpoints/\(place)/code-rotations", token: olive)
            #expect(rotated.status == .ok && rotated.json["codeVersion"] as? Int == 2)
            #expect(try await client.scan(code: printed, token: ada).code == "code_retired")
            #expect(try await client.scan(code: try await service.qrText(for: place), token: ada).status == .ok)
            let sheet = try await client.call(.get, "/v1/admin/checkpoints/\(place)/sheet.pdf", token: olive)
            #expect(sheet.status == .ok && sheet.headers[.contentType] == "application/pdf")
            #expect(sheet.body.prefix(5) == Data("%PDF-".utf8))
            #expect(sheet.headers[.contentDisposition] == "attachment; filename=\"\(place)-v2.pdf\"")
            // The rotation and the print are each an audit line.
            let lines = try await Self.auditLog(client, olive).map { [$0["action"] as? String, $0["detail"] as? String] }
            #expect(lines == [["stickers_printed", "\(place) v2"], ["code_rotated", "version 1 → 2"]])
        }
    }

    @Test func invalidContentFilesAreRefusedWithTheirReportAndTheGameKeepsItsContent() async throws {
        let service = try await TestService(editableContent: true)
        let file = service.settings.campusDirectory + "/checkpoints.geojson"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            try original.replacingOccurrences(of: #""category": "lab""#, with: #""category": "gym""#).write(toFile: file, atomically: true, encoding: .utf8)
            let refused = try await client.call(.post, "/v1/admin/content/reload", token: olive)
            #expect(refused.status == .unprocessableContent && refused.code == "invalid_content")
            #expect((refused.json["detail"] as? String)?.contains("checkpoints.geojson:10") == true, "\(refused.json)")
            #expect(service.services.content.checkpoints[0].category == .lab, "the running game keeps its content")

            try original.replacingOccurrences(of: #""name": "Hunterian Museum""#, with: #""name": "The Hunterian""#)
                .write(toFile: file, atomically: true, encoding: .utf8)
            let reloaded = try await client.call(.post, "/v1/admin/content/reload", token: olive)
            #expect(reloaded.status == .ok && reloaded.json["checkpointsUpdated"] as? Int == 1 && reloaded.json["riddlesUpdated"] as? Int == 0)
            #expect(service.services.content.checkpoints[0].name == "The Hunterian")
            let ada = try await client.playerWithQuiz("ada", quiz: service.services.content.quiz.map(\.id))
            // The map names a place once it is found.
            #expect(try await client.scan(code: try await service.qrText(for: service.services.content.checkpoints[0].id), token: ada).status == .ok)
            let map = (try await client.call(.get, "/v1/map", token: ada).json["checkpoints"] as? [[String: Any]]) ?? []
            #expect(map.first?["name"] as? String == "The Hunterian")
            #expect(try await Self.auditLog(client, olive).compactMap { $0["action"] as? String } == ["content_reloaded", "content_reload_refused"])
        }
    }

    /// Files → console → files: the download unpacked over the service's own folders and
    /// reloaded plays the same game (nothing added, changed or retired; the same fingerprint).
    @Test func theDownloadedContentIsTheFilesTheServicePlays() async throws {
        let service = try await TestService(editableContent: true)
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let fingerprint = service.services.content.fingerprint
            let download = try await client.call(.get, "/v1/admin/content", token: olive)
            #expect(download.status == .ok && download.headers[.contentType] == "application/zip")
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"puzzlemap-content-\(fingerprint.prefix(12)).zip\"")
            let archive = try Archive(data: download.body, accessMode: .read)
            var paths: [String] = []
            for entry in archive {
                var data = Data()
                _ = try archive.extract(entry) { data.append($0) }
                let (folder, name) = (entry.path.split(separator: "/").first ?? "", entry.path.split(separator: "/").last ?? "")
                let directory = folder == "Campus" ? service.settings.campusDirectory : service.settings.riddlesDirectory
                try data.write(to: URL(filePath: directory).appending(path: String(name)))
                paths.append(entry.path)
            }
            #expect(paths.contains("Campus/checkpoints.geojson") && paths.contains("Riddles/lab.yaml") && paths.count == 9)
            let reloaded = try await client.call(.post, "/v1/admin/content/reload", token: olive)
            #expect(reloaded.status == .ok && reloaded.json["fingerprint"] as? String == fingerprint, "\(reloaded.json)")
            for field in ["checkpointsAdded", "checkpointsUpdated", "checkpointsRetired", "riddlesAdded", "riddlesUpdated", "riddlesRetired"] {
                #expect(reloaded.json[field] as? Int == 0, "\(field)")
            }
        }
    }

    /// A reload that changes the content is a new version; playing an earlier one again
    /// is one more, which names it; each version downloads as its own files.
    @Test func publishedVersionsAreKeptAndAnEarlierOneCanBePlayedAgain() async throws {
        let service = try await TestService(editableContent: true)
        let file = service.settings.campusDirectory + "/checkpoints.geojson"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let first = service.services.content.fingerprint
            try original.replacingOccurrences(of: #""name": "Hunterian Museum""#, with: #""name": "The Hunterian""#)
                .write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try await client.call(.post, "/v1/admin/content/reload", token: olive).status == .ok)
            let edited = service.services.content.fingerprint

            let rolledBack = try await client.call(.post, "/v1/admin/content/versions/1/rollback", token: olive)
            #expect(rolledBack.status == .ok && rolledBack.json["fingerprint"] as? String == first && rolledBack.json["checkpointsUpdated"] as? Int == 1)
            #expect(service.services.content.checkpoints[0].name == "Hunterian Museum")
            #expect(service.services.content.fingerprint == first)

            let versions = (try await client.call(.get, "/v1/admin/content/versions", token: olive).json["versions"] as? [[String: Any]]) ?? []
            #expect(versions.compactMap { $0["id"] as? Int } == [3, 2, 1])
            #expect(versions.compactMap { $0["fingerprint"] as? String } == [first, edited, first])
            #expect(versions.compactMap { $0["origin"] as? String } == ["rollback", "files", "files"])
            #expect(versions.first?["rolledBackFrom"] as? Int == 1 && versions.allSatisfy { $0["kept"] as? Bool == true })

            let download = try await client.call(.get, "/v1/admin/content/versions/2", token: olive)
            #expect(download.status == .ok && download.headers[.contentDisposition] == "attachment; filename=\"puzzlemap-content-\(edited.prefix(12)).zip\"")
            let archive = try Archive(data: download.body, accessMode: .read)
            let geojson = try #require(archive["Campus/checkpoints.geojson"])
            var data = Data()
            _ = try archive.extract(geojson) { data.append($0) }
            #expect(String(decoding: data, as: UTF8.self).contains("The Hunterian"))

            let changes = try await client.call(.get, "/v1/admin/content/versions/3/changes", token: olive)
            #expect(changes.json["from"] as? Int == 2)
            #expect((changes.json["checkpoints"] as? [String: Any])?["changed"] as? [String] == [service.services.content.checkpoints[0].id])
            #expect((changes.json["riddles"] as? [String: Any])?["changed"] as? [String] == [])
            #expect(changes.json["rulesChanged"] as? Bool == false)
            let same = try await client.call(.get, "/v1/admin/content/versions/3/changes?from=1", token: olive)
            #expect(same.json["from"] as? Int == 1 && (same.json["checkpoints"] as? [String: Any])?["changed"] as? [String] == [])
            let firstChanges = try await client.call(.get, "/v1/admin/content/versions/1/changes", token: olive)
            #expect(firstChanges.json["from"] == nil && ((firstChanges.json["riddles"] as? [String: Any])?["added"] as? [String])?.count == service.services.content.riddles.count)

            for path in ["/v1/admin/content/versions/9", "/v1/admin/content/versions/none"] {
                let unknown = try await client.call(.get, path, token: olive)
                #expect(unknown.status == .notFound && unknown.code == "unknown_content_version", "\(path)")
            }
            #expect(try await client.call(.post, "/v1/admin/content/versions/9/rollback", token: olive).code == "unknown_content_version")
            #expect(try await Self.auditLog(client, olive).compactMap { $0["action"] as? String } == ["content_rolled_back", "content_reloaded"])
        }
    }

    @Test func scansRunningWhileTheContentIsReloadedAllGetTheirAnswer() async throws {
        let service = try await TestService(editableContent: true)
        let file = service.settings.campusDirectory + "/checkpoints.geojson"
        let original = try String(contentsOfFile: file, encoding: .utf8)
        try await service.test { client in
            let olive = try await service.organiserToken(client)
            let players = try await concurrentlyMap(0..<16) { index in try await client.signedInPlayer("player\(index)") }
            let places = Array(service.services.content.checkpoints.prefix(4).map(\.id))
            let codes = try await concurrentlyMap(places) { try await service.qrText(for: $0) }
            // Each reload renames the first checkpoint: the content really changes under the scans.
            let reloads = Task {
                var statuses: [HTTPResponse.Status] = []
                for round in 1...6 {
                    try original.replacingOccurrences(of: #""name": "Hunterian Museum""#, with: #""name": "Hunterian Museum \#(round)""#)
                        .write(toFile: file, atomically: true, encoding: .utf8)
                    statuses.append(try await client.call(.post, "/v1/admin/content/reload", token: olive).status)
                }
                return statuses
            }
            let answers = try await concurrentlyMap(Array(players.enumerated())) { index, token in
                var statuses: [HTTPResponse.Status] = []
                for code in codes.rotated(by: index) { statuses.append(try await client.scan(code: code, token: token).status) }
                return statuses
            }
            #expect(try await reloads.value == Array(repeating: .ok, count: 6))
            #expect(answers.allSatisfy { $0 == Array(repeating: .ok, count: codes.count) }, "\(answers)")
            for token in players {
                let account = try #require(try await service.services.hunt.signedIn(accessToken: token)).account
                let events = try await service.repository.events(playerID: account.player.id)
                #expect(Set(events.compactMap(\.checkpointID)) == Set(places) && events.count == places.count)
            }
            #expect(service.services.content.checkpoints[0].name == "Hunterian Museum 6")
        }
    }
}

/// `body` for each element at once; the results in the elements' order.
func concurrentlyMap<Element: Sendable, Value: Sendable>(_ elements: some Sequence<Element>, _ body: @escaping @Sendable (Element) async throws -> Value)
    async throws -> [Value] {
    try await withThrowingTaskGroup(of: (Int, Value).self) { group in
        for (index, element) in elements.enumerated() { group.addTask { (index, try await body(element)) } }
        var results: [(Int, Value)] = []
        for try await result in group { results.append(result) }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }
}

extension Array {
    /// The elements starting at `offset` (modulo the count), wrapping round.
    func rotated(by offset: Int) -> [Element] {
        guard !isEmpty else { return self }
        let start = offset % count
        return Array(self[start...] + self[..<start])
    }
}
