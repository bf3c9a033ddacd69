import Foundation
import Testing

/// The scheduled backup as the timer runs it, against a live service, and its restore: the
/// restored service answers exactly as the live one did when the backup was taken.
@Suite struct BackupRestoreTests {
    @Test func aScheduledBackupOfALiveServiceRestoresToAServiceThatAnswersTheSame() async throws {
        let root = scratchDirectory("backup-restore")
        defer { try? FileManager.default.removeItem(at: root) }
        let live = root.appendingPathComponent("live")
        let backups = root.appendingPathComponent("backups")
        let restored = root.appendingPathComponent("restored")

        // A hunt under way: two players who explored, a friendship, a report.
        let service = try await LiveService(dataDirectory: live)
        let ada = try #require(try await service.signUp("ada", password: "correct horse battery")["accessToken"] as? String)
        let bob = try #require(try await service.signUp("bob", password: "correct horse battery")["accessToken"] as? String)
        for (token, number) in [(ada, 1), (bob, 2), (ada, 3)] {
            #expect(try await service.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: number)], token: token).status == 200)
        }
        #expect(try await service.call("POST", "/v1/friends/requests", json: ["username": "bob"], token: ada).status == 201)
        #expect(try await service.call("POST", "/v1/reports", json: ["kind": "bug", "text": "The map is slow"], token: bob).status == 201)
        let reads: [(String, String)] = [("/v1/me", ada), ("/v1/me/progress", ada), ("/v1/me/journal", ada), ("/v1/me/progress", bob),
                                         ("/v1/leaderboard?period=all", bob), ("/v1/friends/requests", bob)]
        var before: [String] = []
        for (path, token) in reads {
            let reply = try await service.call("GET", path, token: token)
            #expect(reply.status == 200, "\(path)")
            before.append(try Self.canonical(reply.body))
        }

        // The folder already holds older backups and a file of the operator's.
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        let older = ["puzzlemap-20200101T033000Z.sqlite", "puzzlemap-20200102T033000Z.sqlite", "puzzlemap-20200103T033000Z.sqlite"]
        for name in older + ["notes.txt"] { try Data().write(to: backups.appendingPathComponent(name)) }
        let backup = try await runPuzzlemap(["backup", "--to", backups.path, "--keep", "2", "--data-dir", live.path])
        #expect(backup.status == 0, "\(backup.output)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: backups.path).sorted()
        let fresh = try #require(kept.first { $0.hasPrefix("puzzlemap-") && !older.contains($0) }, "\(kept)")
        #expect(kept == ["notes.txt", older[2], fresh].sorted(), "\(kept)")
        #expect(backup.output.contains("Removed \(backups.appendingPathComponent(older[0]).path)"))

        // Play goes on after the backup; then the machine is lost.
        #expect(try await service.call("POST", "/v1/scans", json: ["code": LiveService.qrText(checkpointNumber: 4)], token: bob).status == 200)
        service.send(SIGTERM)
        #expect(await service.waitForExit() == 0)

        let restore = try await runPuzzlemap(["restore", backups.appendingPathComponent(fresh).path, "--data-dir", restored.path])
        #expect(restore.status == 0, "\(restore.output)")
        let again = try await LiveService(dataDirectory: restored)
        var after: [String] = []
        for (path, token) in reads {
            let reply = try await again.call("GET", path, token: token)
            #expect(reply.status == 200, "\(path)")
            after.append(try Self.canonical(reply.body))
        }
        #expect(after == before)
        again.send(SIGTERM)
        #expect(await again.waitForExit() == 0)
    }

    /// The JSON with its keys sorted: dictionaries are encoded in each process's own order.
    static func canonical(_ body: Data) throws -> String {
        let object = try JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed])
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
    }

    @Test func backupRefusesAMeaninglessCombinationOfFlags() async throws {
        let data = scratchDirectory("backup-flags")
        defer { try? FileManager.default.removeItem(at: data) }
        let neither = try await runPuzzlemap(["backup", "--data-dir", data.path])
        #expect(neither.status != 0 && neither.output.contains("Give the PATH to copy to, or a folder with --to."), "\(neither.output)")
        let keepAlone = try await runPuzzlemap(["backup", data.appendingPathComponent("x.sqlite").path, "--keep", "3", "--data-dir", data.path])
        #expect(keepAlone.status != 0 && keepAlone.output.contains("--keep goes with --to"), "\(keepAlone.output)")
        let none = try await runPuzzlemap(["backup", "--to", data.appendingPathComponent("b").path, "--keep", "0", "--data-dir", data.path])
        #expect(none.status != 0 && none.output.contains("--keep must be at least 1"), "\(none.output)")
    }
}
