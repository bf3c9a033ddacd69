import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Testing

/// The organiser's content and the service's own settings, alike on every store.
@Suite struct ContentContractTests {
    let content = ContractFixture.content
    let start = ContractFixture.start

    @Test(arguments: StorageBackend.allCases)
    func aNewDatabaseAnswersAndHoldsNothing(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            try await repository.ping()
            #expect(try await repository.lastImport() == nil)
            #expect(try await repository.checkpoints(includingRetired: true).isEmpty)
            #expect(try await repository.activeRiddles().isEmpty)
            #expect(try await repository.checkpoint(number: 1) == nil)
            #expect(try await repository.setting("anything") == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func firstImportAddsEverythingInFileOrderWithNumbersFromOne(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let summary = try await repository.importContent(content, at: start)
            #expect(summary == ContentImportSummary(fingerprint: content.fingerprint, importedAt: start,
                                                    checkpointsAdded: content.checkpoints.count, riddlesAdded: content.riddles.count))
            #expect(try await repository.lastImport() == summary)
            let stored = try await repository.checkpoints(includingRetired: false)
            // The stores keep the organiser's words; translations are read from the files.
            #expect(stored.map(\.checkpoint) == content.checkpoints.map(\.withoutTranslations))
            #expect(stored.map(\.number) == Array(1...content.checkpoints.count))
            #expect(stored.allSatisfy { $0.tagVersion == 1 && $0.retiredAt == nil })
            #expect(try await repository.checkpoint(number: 3)?.checkpoint == content.checkpoints[2].withoutTranslations)
            #expect(try await repository.activeRiddles() == content.riddles.map(\.withoutTranslations).sorted { $0.id < $1.id })
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func reimportingTheSameContentChangesNothingAndKeepsTheFirstImportTime(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.importContent(content, at: start)
            let again = try await repository.importContent(content, at: start + 60)
            #expect(again == ContentImportSummary(fingerprint: content.fingerprint, importedAt: start))
            #expect(again.changedNothing)
            #expect(try await repository.lastImport()?.importedAt == start)
        }
    }

    /// Every import that changes the content is a version, kept whole (translations too),
    /// newest first, naming the version a rollback played again; an unchanged one adds none.
    @Test(arguments: StorageBackend.allCases)
    func changedImportsAreVersionsKeptWhole(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            #expect(try await repository.contentVersions().isEmpty)
            var translated = content
            translated.riddles[0].translations = ["zh": Riddle.Words(text: "谜题", hints: ["一", "二", "三"], insider: "内幕")]
            _ = try await repository.importContent(translated, at: start)
            _ = try await repository.importContent(translated, at: start + 30)
            var edited = translated
            edited.checkpoints[1].name = "Renamed"
            _ = try await repository.importContent(edited, at: start + 60)
            _ = try await repository.importContent(at: start + 120, audit: nil) { [translated] stored in
                ContentImport(importing: EncodedContent(translated), origin: .rollback(of: 1), over: stored, at: start + 120)
            }
            let versions = try await repository.contentVersions()
            #expect(versions.map(\.id) == [3, 2, 1])
            #expect(versions.map(\.origin) == [.rollback(of: 1), .files, .files])
            #expect(versions.map(\.summary.fingerprint) == [translated.fingerprint, edited.fingerprint, translated.fingerprint])
            #expect(versions.map(\.summary.importedAt) == [start + 120, start + 60, start])
            #expect(versions[1].summary.checkpointsUpdated == 1 && versions.allSatisfy(\.isKept))
            #expect(try await repository.content(ofVersion: 1) == translated)
            #expect(try await repository.content(ofVersion: 2) == edited)
            #expect(try await repository.content(ofVersion: 4) == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func editedContentUpdatesRetiresAndRestoresWithoutTouchingTheLedger(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.importContent(content, at: start)
            let player = try await repository.signUp("ada")
            let removed = content.checkpoints[0]
            let riddle = try #require(content.riddles.first { $0.checkpointID == removed.id })
            let solved = try await repository.appendEvent(playerID: player.id, kind: .solved, checkpointID: removed.id, riddleID: riddle.id,
                                                          xp: 150, at: start)

            var edited = content
            edited.checkpoints.removeFirst()
            edited.riddles.removeAll { $0.checkpointID == removed.id }
            edited.checkpoints[0].name += " (renovated)"
            edited.riddles[0].text = "A rewritten riddle."
            let retiredRiddles = content.riddles.filter { $0.checkpointID == removed.id }.count
            let summary = try await repository.importContent(edited, at: start + 3600)
            #expect(summary == ContentImportSummary(fingerprint: edited.fingerprint, importedAt: start + 3600,
                                                    checkpointsUpdated: edited.checkpoints.count, checkpointsRetired: 1,
                                                    riddlesUpdated: 1, riddlesRetired: retiredRiddles))
            let all = try await repository.checkpoints(includingRetired: true)
            #expect(all.count == content.checkpoints.count)
            #expect(all.first { $0.id == removed.id }?.retiredAt == start + 3600)
            #expect(try await repository.checkpoints(includingRetired: false).map(\.checkpoint) == edited.checkpoints.map(\.withoutTranslations))
            #expect(try await repository.checkpoint(number: 1)?.isRetired == true)
            #expect(try await repository.activeRiddles().contains { $0.checkpointID == removed.id } == false)
            #expect(try await repository.events(playerID: player.id) == [solved])

            // Back in the files, it is offered again under its old number.
            let restored = try await repository.importContent(content, at: start + 7200)
            #expect(restored.checkpointsRetired == 0)
            #expect(restored.checkpointsUpdated == content.checkpoints.count)
            #expect(restored.riddlesAdded == 0)
            #expect(try await repository.checkpoints(includingRetired: false).map(\.number) == Array(1...content.checkpoints.count))
            #expect(try await repository.activeRiddles() == content.riddles.map(\.withoutTranslations).sorted { $0.id < $1.id })
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func aNewCheckpointGetsTheNextNumberNeverAReusedOne(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.importContent(content, at: start)
            var edited = content
            edited.checkpoints.removeLast()
            var newcomer = content.checkpoints[0]
            newcomer.id = "a-new-place"
            newcomer.name = "A New Place"
            edited.checkpoints.insert(newcomer, at: 0)
            let summary = try await repository.importContent(edited, at: start + 60)
            #expect(summary.checkpointsAdded == 1)
            #expect(summary.checkpointsRetired == 1)
            #expect(try await repository.checkpoints(includingRetired: false).first?.number == content.checkpoints.count + 1)
            #expect(try await repository.checkpoint(number: content.checkpoints.count + 1)?.id == "a-new-place")
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func rotatingATagBumpsItsVersionOnlyAndUnknownCheckpointsAreNotFound(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.importContent(content, at: start)
            let id = content.checkpoints[1].id
            let rotated = try await repository.rotateTag(checkpointID: id, audit: .byCommandLine(.codeRotated, subject: "checkpoint", detail: "test"), at: start + 60)
            #expect(rotated == StoredCheckpoint(checkpoint: content.checkpoints[1], number: 2, tagVersion: 2, retiredAt: nil))
            #expect(try await repository.rotateTag(checkpointID: id, audit: .byCommandLine(.codeRotated, subject: "checkpoint", detail: "test"), at: start + 120).tagVersion == 3)
            #expect(try await repository.checkpoint(number: 2)?.tagVersion == 3)
            #expect(try await repository.checkpoint(number: 1)?.tagVersion == 1)
            await #expect(throws: StorageError.notFound("checkpoint nowhere")) {
                _ = try await repository.rotateTag(checkpointID: "nowhere", audit: .byCommandLine(.codeRotated, subject: "checkpoint", detail: "test"), at: start)
            }
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousRotationsAllCount(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            _ = try await repository.importContent(content, at: start)
            let id = content.checkpoints[0].id
            let versions = try await concurrently(20) { _ in try await repository.rotateTag(checkpointID: id, audit: .byCommandLine(.codeRotated, subject: "checkpoint", detail: "test"), at: start).tagVersion }
            #expect(versions.sorted() == Array(2...21))
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func simultaneousImportsOfTheSameContentImportItOnce(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let summaries = try await concurrently(4) { index in try await repository.importContent(content, at: start + Double(index)) }
            #expect(summaries.filter { !$0.changedNothing }.count == 1)
            #expect(try await repository.checkpoints(includingRetired: true).map(\.number) == Array(1...content.checkpoints.count))
        }
    }

    // MARK: Settings

    @Test(arguments: StorageBackend.allCases)
    func aSettingIsSetOnceAndThenKept(_ backend: StorageBackend) async throws {
        try await backend.withRepository { (repository) async throws in
            #expect(try await repository.setSettingIfAbsent("tag_key_fingerprint", to: "first") == "first")
            #expect(try await repository.setSettingIfAbsent("tag_key_fingerprint", to: "second") == "first")
            #expect(try await repository.setting("tag_key_fingerprint") == "first")
            #expect(try await repository.setting("Tag_Key_Fingerprint") == nil)
        }
    }

    @Test(arguments: StorageBackend.allCases)
    func ofSimultaneousFirstSettingsExactlyOneWinsAndEveryoneSeesIt(_ backend: StorageBackend) async throws {
        try await backend.withRepository { repository in
            let answers = try await concurrently(30) { index in try await repository.setSettingIfAbsent("key", to: "value-\(index)") }
            let stored = try #require(try await repository.setting("key"))
            #expect(answers == Array(repeating: stored, count: 30))
        }
    }
}
