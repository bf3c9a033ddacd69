import Foundation
import GRDB
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapSQLite
import PuzzleMapStorage
import Testing

/// Re-importing the organiser's content must never touch a player's progress.
@Suite struct ContentImportTests {
    let content: CampusContent
    let start = Date(timeIntervalSince1970: 1_790_000_000)

    init() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        content = try ContentReader(campusDirectory: repository.appendingPathComponent("Campus").path,
                                    riddlesDirectory: repository.appendingPathComponent("Riddles").path).load().get()
    }

    @Test func firstImportAddsEverythingAndASecondChangesNothing() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        let first = try await repository.importContent(content, at: start)
        #expect(first.checkpointsAdded == content.checkpoints.count)
        #expect(first.riddlesAdded == content.riddles.count)

        let second = try await repository.importContent(content, at: start.addingTimeInterval(60))
        #expect(second.changedNothing)
        #expect(try await repository.checkpoints(includingRetired: false).map(\.id) == content.checkpoints.map(\.id))
    }

    @Test func reimportingEditedContentKeepsPlayersProgressAndRetiresRemovedCheckpoints() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        _ = try await repository.importContent(content, at: start)
        let removed = content.checkpoints[0]
        let player = try await repository.createTestAccount(email: "ada@student.gla.ac.uk", username: "ada", at: start)
        let riddle = try #require(content.riddles.first { $0.checkpointID == removed.id })
        let solved = try await repository.appendEvent(playerID: player.id, kind: .solved, checkpointID: removed.id,
                                                      riddleID: riddle.id, xp: 150, at: start)
        let explored = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: content.checkpoints[1].id,
                                                        riddleID: nil, xp: 25, at: start)

        var edited = content
        edited.checkpoints.removeFirst()
        edited.riddles.removeAll { $0.checkpointID == removed.id }
        edited.checkpoints[0].name += " (renovated)"
        edited.riddles[0].text = "A rewritten riddle."
        let summary = try await repository.importContent(edited, at: start.addingTimeInterval(3600))

        #expect(summary.checkpointsRetired == 1)
        #expect(summary.riddlesRetired == 1)
        #expect(summary.checkpointsUpdated == edited.checkpoints.count) // every position moved up by one
        #expect(summary.riddlesUpdated == 1)
        #expect(try await repository.events(playerID: player.id) == [solved, explored])
        let all = try await repository.checkpoints(includingRetired: true)
        #expect(all.first { $0.id == removed.id }?.retiredAt == start.addingTimeInterval(3600))
        #expect(try await repository.checkpoints(includingRetired: false).contains { $0.id == removed.id } == false)
        #expect(try await repository.checkpoints(includingRetired: false).first?.checkpoint.name == edited.checkpoints[0].name)
        #expect(try await repository.activeRiddles().contains { $0.id == riddle.id } == false)

        // Put back in the files, the checkpoint is offered again with its history intact.
        let restored = try await repository.importContent(content, at: start.addingTimeInterval(7200))
        #expect(restored.checkpointsRetired == 0)
        #expect(try await repository.checkpoints(includingRetired: false).map(\.id) == content.checkpoints.map(\.id))
        #expect(try await repository.events(playerID: player.id).count == 2)
    }

    @Test func fileDatabaseRunsInWALModeWithForeignKeys() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-\(UUID().uuidString).sqlite").path
        let repository = try SQLiteHuntRepository.open(path: path)
        #expect(try await repository.journalMode() == "wal")
        let player = try await repository.createTestAccount(email: "a@gla.ac.uk", username: "a", at: start)
        await #expect(throws: StorageError.self) {
            _ = try await repository.appendEvent(playerID: player.id, kind: .explored, checkpointID: "no-such-place",
                                                 riddleID: nil, xp: 25, at: start)
        }
    }

    @Test func usernamesAndEmailsAreUniqueWhateverTheirCase() async throws {
        let repository = try SQLiteHuntRepository.inMemory()
        _ = try await repository.createTestAccount(email: "ada@gla.ac.uk", username: "ada", at: start)
        await #expect(throws: StorageError.conflict("email")) {
            _ = try await repository.createTestAccount(email: "ADA@gla.ac.uk", username: "other", at: start)
        }
        await #expect(throws: StorageError.conflict("username")) {
            _ = try await repository.createTestAccount(email: "b@gla.ac.uk", username: "ADA", at: start)
        }
    }
}

extension SQLiteHuntRepository {
    /// A player account with placeholder credentials, for tests about other things.
    func createTestAccount(email: String, username: String, at date: Date) async throws -> Player {
        try await createAccount(
            email: email, username: username, displayName: username.capitalized, passwordHash: "$argon2id$test",
            verificationCodeHash: "unused", verificationExpiresAt: date,
            mail: MailDraft(recipient: email, subject: "Welcome", body: "Hello"), at: date
        ).player
    }
}
