import Foundation
import Testing

/// The nightly backup on a single machine: `puzzlemap-backup.timer` starts
/// `puzzlemap-backup.service`, which runs `puzzlemap backup --to ... --keep N` beside
/// `puzzlemap.service`. Checked with systemd's own reader, against the main unit, and by running
/// the unit's very command line with the binary built from this repository.
@Suite struct BackupUnitTests {
    static let service = "Deploy/puzzlemap-backup.service"
    static let timer = "Deploy/puzzlemap-backup.timer"

    /// `Key=value` lines of a unit file, in order (comments and sections left out).
    static func settings(_ text: String) -> [(key: String, value: String)] {
        text.split(separator: "\n").compactMap { line in
            let line = line.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), !line.hasPrefix("["), let equals = line.firstIndex(of: "=") else { return nil }
            return (String(line[..<equals]), String(line[line.index(after: equals)...]))
        }
    }

    static func values(_ key: String, in file: String) throws -> [String] {
        try settings(Repository.text(file)).filter { $0.key == key }.map(\.value)
    }

    /// The ExecStart of the backup service, as words.
    static func command() throws -> [String] {
        let lines = try values("ExecStart", in: service)
        try #require(lines.count == 1, "\(service) must have one ExecStart")
        return lines[0].split(separator: " ").map(String.init)
    }

    @Test func theTimerAndServiceVerifyWithoutAWarningBesideTheMainUnit() async throws {
        let folder = try ScratchFolder()
        for name in ["puzzlemap.service", "puzzlemap-backup.service", "puzzlemap-backup.timer"] {
            // verify checks that ExecStart exists: point it at a binary that does.
            let text = try Repository.text("Deploy/\(name)").replacingOccurrences(of: "/usr/local/bin/puzzlemap", with: "/bin/true")
            try text.write(toFile: folder.path(name), atomically: true, encoding: .utf8)
        }
        for name in ["puzzlemap-backup.service", "puzzlemap-backup.timer"] {
            let result = try await run("systemd-analyze", ["verify", folder.path(name)])
            #expect(result.status == 0, "\(name): \(result.output)")
            #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(name): \(result.output)")
        }
    }

    @Test func theTimerStartsTheBackupServiceEveryNightAndCatchesUpAfterADowntime() async throws {
        #expect(try Self.values("Unit", in: Self.timer) == ["puzzlemap-backup.service"])
        #expect(FileManager.default.fileExists(atPath: Repository.url(Self.service).path))
        #expect(try Self.values("Persistent", in: Self.timer) == ["true"])
        #expect(try Self.values("WantedBy", in: Self.timer) == ["timers.target"])
        let calendar = try #require(try Self.values("OnCalendar", in: Self.timer).first)
        let normalized = try await run("systemd-analyze", ["calendar", calendar])
        #expect(normalized.status == 0, "\(normalized.output)")
        // Once a day: the retention below counts days.
        #expect(normalized.output.contains("Normalized form: *-*-* 03:30:00"), "\(normalized.output)")
    }

    @Test func theServiceBacksUpTheMainUnitsDatabaseAsItsUser() throws {
        let main = "Deploy/puzzlemap.service"
        // The main unit's dynamic user is named after it, `puzzlemap`; the backup runs as the same.
        #expect(try Self.values("User", in: main).isEmpty)
        #expect(try Self.values("DynamicUser", in: Self.service) == ["yes"])
        #expect(try Self.values("User", in: Self.service) == ["puzzlemap"])
        #expect(try Self.values("Type", in: Self.service) == ["oneshot"])
        let mainState = try #require(try Self.values("StateDirectory", in: main).first)
        let backupState = try #require(try Self.values("StateDirectory", in: Self.service).first).split(separator: " ").map(String.init)
        #expect(backupState.first == mainState, "the backup must see the main unit's state directory")
        #expect(try Self.values("Environment", in: Self.service).contains("PUZZLEMAP_DATA_DIR=/var/lib/\(mainState)"))
        #expect(try Self.values("Environment", in: main).contains("PUZZLEMAP_DATA_DIR=/var/lib/\(mainState)"))

        let command = try Self.command()
        let mainBinary = try #require(try Self.values("ExecStart", in: main).first?.split(separator: " ").first.map(String.init))
        #expect(Array(command.prefix(2)) == [mainBinary, "backup"])
        // The backups go to a state directory of the unit's own, so systemd makes it, owned by the user.
        let folder = try #require(command.firstIndex(of: "--to").map { command[$0 + 1] })
        #expect(backupState.dropFirst().map { "/var/lib/\($0)" }.contains(folder), "\(folder) is not one of \(backupState)")
        let keep = try #require(command.firstIndex(of: "--keep").flatMap { Int(command[$0 + 1]) })
        #expect(keep >= 7, "keep at least a week of nightly backups")
    }

    /// The unit's command line, with its folders moved to scratch ones, run by the built binary
    /// against a database: one backup more, the oldest beyond `--keep` gone, other files kept,
    /// and the keys beside the backups.
    @Test func theServicesCommandRunsAndKeepsTheNewestBackups() async throws {
        let binary = try #require(Repository.builtBinary(), "no puzzlemap binary is built: run `swift build --product puzzlemap`")
        let scratch = try ScratchFolder()
        let data = scratch.path("data")
        let backups = scratch.path("backups")
        var command = try Self.command()
        let keep = try #require(command.firstIndex(of: "--keep").flatMap { Int(command[$0 + 1]) })
        let folderIndex = try #require(command.firstIndex(of: "--to")) + 1
        command[folderIndex] = backups
        command[0] = binary.path

        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        try Data(#"{"tagKey":"a","tokenKey":"b"}"#.utf8).write(to: URL(fileURLWithPath: "\(data)/secrets.json"))
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        let older = (1...keep).map { String(format: "puzzlemap-2020%02d%02dT033000Z.sqlite", 1 + $0 / 28, 1 + $0 % 28) }
        for name in older + ["notes.txt"] { FileManager.default.createFile(atPath: "\(backups)/\(name)", contents: Data()) }

        let result = try await run(command[0], Array(command.dropFirst()), environment: ["PUZZLEMAP_DATA_DIR": data])
        #expect(result.status == 0, "\(command.joined(separator: " ")): \(result.output)")
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: backups))
        let fresh = files.filter { $0.hasPrefix("puzzlemap-") && !older.contains($0) }
        #expect(fresh.count == 1, "\(files.sorted())")
        #expect(files == Set(older.sorted().dropFirst()).union(fresh).union(["notes.txt", "secrets.json"]), "\(files.sorted())")
        #expect(FileManager.default.contents(atPath: "\(backups)/secrets.json") == FileManager.default.contents(atPath: "\(data)/secrets.json"))
    }
}
