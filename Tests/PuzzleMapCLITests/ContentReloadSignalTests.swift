import Foundation
import Testing

/// `SIGHUP` (`systemctl reload puzzlemap`) reloads the content files without a restart: a
/// change is played at once, a broken file is refused with its report and the hunt goes on.
@Suite struct ContentReloadSignalTests {
    @Test func sighupPlaysTheEditedFilesAndRefusesBrokenOnesWithoutStopping() async throws {
        let data = scratchDirectory("reload")
        defer { try? FileManager.default.removeItem(at: data) }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for folder in ["Campus", "Riddles"] {
            try FileManager.default.copyItem(at: repository.appendingPathComponent(folder), to: data.appendingPathComponent(folder))
        }
        let file = data.appendingPathComponent("Campus/checkpoints.geojson")
        let original = try String(contentsOf: file, encoding: .utf8)
        let service = try await LiveService(dataDirectory: data, environment: [
            "PUZZLEMAP_CAMPUS_DIR": data.appendingPathComponent("Campus").path, "PUZZLEMAP_RIDDLES_DIR": data.appendingPathComponent("Riddles").path,
        ])
        let session = try await service.signUp("ada", password: "correct horse battery")
        let token = try #require(session["accessToken"] as? String)
        let quiz = try await service.call("GET", "/v1/quiz")
        let questions = (quiz.json["questions"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
        _ = try await service.call("PUT", "/v1/me/quiz", json: ["answers": Dictionary(uniqueKeysWithValues: questions.map { ($0, "agree") })], token: token)
        // The map names a place once the player has found it.
        #expect(try await service.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 1)], token: token).status == 200)
        func firstPlaceName() async throws -> String? {
            ((try await service.call("GET", "/v1/map", token: token).json["checkpoints"] as? [[String: Any]])?.first?["name"] as? String)
        }
        #expect(try await firstPlaceName() == "Hunterian Museum")

        try original.replacingOccurrences(of: #""category": "lab""#, with: #""category": "gym""#).write(to: file, atomically: true, encoding: .utf8)
        service.send(SIGHUP)
        try await waitFor("the refusal to be logged") { service.log.contains("Content reload refused") }
        #expect(service.log.contains("checkpoints.geojson:10"), "the log names the file and line")
        #expect(try await firstPlaceName() == "Hunterian Museum", "the running game keeps its content")

        try original.replacingOccurrences(of: #""name": "Hunterian Museum""#, with: #""name": "The Hunterian""#).write(to: file, atomically: true, encoding: .utf8)
        service.send(SIGHUP)
        try await waitFor("the reload to be logged") { service.log.contains("Content reloaded") }
        #expect(try await firstPlaceName() == "The Hunterian")
        #expect(service.isRunning)
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)
    }
}
