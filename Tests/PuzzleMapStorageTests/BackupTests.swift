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
