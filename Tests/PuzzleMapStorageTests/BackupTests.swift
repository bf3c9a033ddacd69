import Foundation
import GRDB
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

@Suite struct BackupTests {
    let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-backup-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    /// A backup taken while writes keep coming holds every write acknowledged before it began.
    @Test func aBackupUnderWriteLoadHoldsEveryAcknowledgedWrite() async throws {
        let repository = try SQLiteHuntRepository.open(path: "\(directory)/live.sqlite")
        let content = try ContentReader(
            campusDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Campus").path,
            riddlesDirectory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Riddles").path
        ).load().get()
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try await repository.importContent(content, at: start)
        let player = try await repository.createAccount(
            email: "ada@gla.ac.uk", username: "ada", displayName: "Ada", passwordHash: "$argon2id$test", verificationCodeHash: "x",
            verificationExpiresAt: start, mail: MailDraft(recipient: "ada@gla.ac.uk", subject: "s", body: "b"), at: start
        ).player
        let place = content.checkpoints[0].id

        let writer = Task {
            var acknowledged: [Int64] = []
            for index in 0..<400 {
                let event = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: place, riddleID: nil,
                                                             xp: 1, at: start + Double(index))
                acknowledged.append(event.id)
            }
            return acknowledged
        }
        // Let some writes land, note what was acknowledged, then back up while writing goes on.
        while try await repository.events(playerID: player.id).count < 100 { await Task.yield() }
        let beforeBackup = Set(try await repository.events(playerID: player.id).map(\.id))
        try repository.backup(to: "\(directory)/copy.sqlite")
        let all = try await writer.value

        let copy = try SQLiteHuntRepository.open(path: "\(directory)/copy.sqlite")
        let copied = Set(try await copy.events(playerID: player.id).map(\.id))
        #expect(beforeBackup.isSubset(of: copied))
        #expect(copied.isSubset(of: Set(all)))
        let queue = try DatabaseQueue(path: "\(directory)/copy.sqlite")
        #expect(try await queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") } == "ok")

        // Restoring the copy brings the database back to that moment.
        let restored = try SQLiteHuntRepository.open(path: "\(directory)/restored.sqlite")
        try restored.restore(from: "\(directory)/copy.sqlite")
        #expect(Set(try await restored.events(playerID: player.id).map(\.id)) == copied)
        #expect(throws: StorageError.self) { try repository.backup(to: "\(directory)/copy.sqlite") }
    }
}

/// Backups taken on a schedule: named by their time, the newest N kept, nothing else touched.
@Suite struct ScheduledBackupTests {
    @Test func aBackupIsNamedByItsInstantInUTC() throws {
        #expect(ScheduledBackups.name(at: try Date("2026-06-01T23:30:05Z", strategy: .iso8601)) == "puzzlemap-20260601T233005Z.sqlite")
        #expect(ScheduledBackups.isScheduledBackup("puzzlemap-20260601T233005Z.sqlite"))
        for other in ["puzzlemap.sqlite", "puzzlemap-20260601T233005Z.sqlite-wal", "puzzlemap-before-upgrade.sqlite",
                      "puzzlemap-2026060XT233005Z.sqlite", "secrets.json", "puzzlemap-20260601-233005.sqlite"] {
            #expect(!ScheduledBackups.isScheduledBackup(other), "\(other)")
        }
    }

    @Test func theNewestAreKeptAndOtherFilesAreNeverNamed() {
        let names = ["puzzlemap-20261103T033000Z.sqlite", "secrets.json", "puzzlemap-20261101T033000Z.sqlite", "notes.txt",
                     "puzzlemap-before-upgrade.sqlite", "puzzlemap-20261102T033000Z.sqlite", "puzzlemap-20261104T033000Z.sqlite"]
        #expect(ScheduledBackups.expired(among: names, keep: 2) == ["puzzlemap-20261101T033000Z.sqlite", "puzzlemap-20261102T033000Z.sqlite"])
        #expect(ScheduledBackups.expired(among: names, keep: 4).isEmpty)
        #expect(ScheduledBackups.expired(among: names, keep: 14).isEmpty)
        #expect(ScheduledBackups.expired(among: names, keep: 1).count == 3)
    }

    @Test func backingUpIntoAFolderKeepsTheNewestAndRestoresTheData() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-scheduled-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let folder = "\(directory)/backups"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let repository = try SQLiteHuntRepository.open(path: "\(directory)/live.sqlite")
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        _ = try await repository.setSettingIfAbsent("marker", to: "first")
        let first = try repository.backup(intoFolder: folder, keep: 2, at: start)
        #expect(first.written == "\(folder)/\(ScheduledBackups.name(at: start))" && first.removed.isEmpty)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        FileManager.default.createFile(atPath: "\(folder)/notes.txt", contents: Data("keep me".utf8))
        _ = try repository.backup(intoFolder: folder, keep: 2, at: start + 86_400)
        let third = try repository.backup(intoFolder: folder, keep: 2, at: start + 2 * 86_400)
        #expect(third.removed == [first.written])
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder))
                == [ScheduledBackups.name(at: start + 86_400), ScheduledBackups.name(at: start + 2 * 86_400), "notes.txt"])
        // The same instant twice is refused rather than overwritten.
        #expect(throws: StorageError.self) { try repository.backup(intoFolder: folder, keep: 2, at: start + 2 * 86_400) }

        let restored = try SQLiteHuntRepository.open(path: "\(directory)/restored.sqlite")
        try restored.restore(from: third.written)
        #expect(try await restored.setting("marker") == "first")
    }
}
