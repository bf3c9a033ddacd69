import Foundation
import Testing

/// The `puzzlemap` executable as an organiser runs it: each subcommand, end to end, on a
/// temporary data directory and the repository's sample campus.
@Suite(.serialized) struct CommandLineTests {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-cli-\(UUID().uuidString)")

    func run(_ arguments: String...) async throws -> (status: Int32, output: String) {
        try await runPuzzlemap(arguments, in: repository)
    }

    var dataDir: String { work.appendingPathComponent("data").path }

    @Test func checkAcceptsTheShippedCampusAndRefusesABrokenOne() async throws {
        let ok = try await run("check")
        #expect(ok.status == 0, "\(ok.output)")
        #expect(ok.output.contains("27 checkpoints"))
        let broken = try await run("check", "--campus", work.path, "--riddles", work.path)
        #expect(broken.status == 1)
        #expect(broken.output.contains("campus.yaml"))
    }

    @Test func contentExportWritesFilesThatCheckAccepts() async throws {
        let out = work.appendingPathComponent("exported")
        let exported = try await run("content", "export", "--out", out.path)
        #expect(exported.status == 0, "\(exported.output)")
        let checked = try await run("check", "--campus", out.appendingPathComponent("Campus").path, "--riddles", out.appendingPathComponent("Riddles").path)
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.contains("27 checkpoints"))
        let fingerprint = try #require(exported.output.firstMatch(of: /fingerprint (\w+)\)/)?.1)
        let again = try await run("content", "export", "--out", work.appendingPathComponent("again").path, "--campus", out.appendingPathComponent("Campus").path,
                                  "--riddles", out.appendingPathComponent("Riddles").path)
        #expect(again.status == 0 && again.output.contains("(fingerprint \(fingerprint))"), "\(again.output)")
    }

    @Test func codesDecodeRotateBackupRestoreOutboxAndStatsWorkTogether() async throws {
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let sheets = work.appendingPathComponent("sheets").path
        let printed = try await run("codes", "--format", "png", "--checkpoint", "hunterian-museum", "--data-dir", dataDir,
                              "--public-url", "https://hunt.example.ac.uk", "--out", sheets)
        #expect(printed.status == 0, "\(printed.output)")
        let decoded = try await run("decode", "--json", "\(sheets)/hunterian-museum.png", "\(repository.path)/Package.swift")
        #expect(decoded.status == 1, "Package.swift is not a picture")
        let lines = decoded.output.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect((lines.first?["codes"] as? [String])?.first?.hasPrefix("HTTPS://HUNT.EXAMPLE.AC.UK/C/") == true)
        #expect((lines.last?["error"] as? [String: Any])?["code"] as? String == "unsupported_image_format")

        let rotated = try await run("codes", "rotate", "hunterian-museum", "--data-dir", dataDir)
        #expect(rotated.output.contains("version 2"), "\(rotated.output)")

        let backup = work.appendingPathComponent("backup.sqlite").path
        #expect(try await run("backup", backup, "--data-dir", dataDir).status == 0)
        let restored = try await run("restore", backup, "--data-dir", work.appendingPathComponent("restored").path)
        #expect(restored.status == 0, "\(restored.output)")

        let outbox = try await run("outbox", "--data-dir", dataDir)
        #expect(outbox.status == 0)
        #expect(outbox.output.contains("The outbox is empty."))
        let stats = try await run("stats", "--json", "--data-dir", dataDir)
        #expect(stats.status == 0, "\(stats.output)")
        let json = try JSONSerialization.jsonObject(with: Data(stats.output.utf8)) as? [String: Any]
        #expect(json?["players"] as? Int == 0)
        let reports = try await run("reports", "--data-dir", dataDir)
        #expect(reports.status == 0, "\(reports.output)")
        #expect(reports.output.contains("No reports."))

        let noAccount = try await run("staff", "add", "nobody@gla.ac.uk", "--partner", "qmu-cafe", "--data-dir", dataDir)
        #expect(noAccount.status != 0)
        #expect(noAccount.output.contains("signs up in the app first"))
    }
}
