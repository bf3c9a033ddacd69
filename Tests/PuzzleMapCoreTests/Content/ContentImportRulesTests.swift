import Foundation
import PuzzleMapCore
import Testing

/// What an import of the organiser's files writes, decided once for both stores.
@Suite struct ContentImportRulesTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)
    let places = Array(GameFixtures.checkpoints.prefix(3))

    func riddle(_ id: String, at checkpoint: Checkpoint, text: String = "Where?") -> Riddle {
        Riddle(id: id, checkpointID: checkpoint.id, difficulty: .easy, text: text, hints: ["a", "b", "c"], insider: "fact")
    }

    func content(_ checkpoints: [Checkpoint], _ riddles: [Riddle]) -> CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: checkpoints, riddles: riddles, quiz: [], rules: GameFixtures.rules, badges: [], partners: [], offers: [])
    }

    /// The store after writing an import's rows, as the next import reads it.
    func stored(after imports: ContentImport..., over before: StoredContent = StoredContent(checkpoints: [], riddles: [], lastImport: nil))
        -> StoredContent {
        var store = before
        for contentImport in imports where contentImport.isRecorded {
            for row in contentImport.checkpoints {
                store.checkpoints.removeAll { $0.stored.id == row.stored.id }
                store.checkpoints.append(row)
            }
            for row in contentImport.riddles {
                store.riddles.removeAll { $0.riddle.id == row.riddle.id }
                store.riddles.append(row)
            }
            store.lastImport = contentImport.summary
        }
        return store
    }

    @Test func aFirstImportAddsEverythingInFileOrderNumberedFromOne() {
        let files = content(places, [riddle("r1", at: places[0]), riddle("r2", at: places[2])])
        let first = ContentImport(importing: files, over: stored(), at: start)
        #expect(first.isRecorded)
        #expect(first.checkpoints.map(\.stored.number) == [1, 2, 3])
        #expect(first.checkpoints.map(\.position) == [0, 1, 2])
        #expect(first.checkpoints.allSatisfy { $0.stored.tagVersion == 1 && $0.stored.retiredAt == nil })
        #expect(first.riddles.map(\.riddle.id) == ["r1", "r2"])
        #expect(first.summary == ContentImportSummary(fingerprint: files.fingerprint, importedAt: start, checkpointsAdded: 3, riddlesAdded: 2))
    }

    @Test func theSameFilesAgainWriteOnlyTheStockAndKeepTheFirstImportTime() {
        let files = content(places, [riddle("r1", at: places[0])])
        let after = stored(after: ContentImport(importing: files, over: stored(), at: start))
        let again = ContentImport(importing: files, over: after, at: start + 60)
        #expect(!again.isRecorded)
        #expect(again.checkpoints.isEmpty && again.riddles.isEmpty)
        #expect(again.summary == ContentImportSummary(fingerprint: files.fingerprint, importedAt: start))
        #expect(again.summary.changedNothing)
    }

    @Test func editsUpdateMissingOnesRetireAndAReturningOneIsRestoredWithItsNumberAndCodeVersion() {
        let files = content(places, [riddle("r1", at: places[0]), riddle("r2", at: places[1])])
        var after = stored(after: ContentImport(importing: files, over: stored(), at: start))
        // A rotation bumped the first place's code meanwhile.
        after.checkpoints[0].stored.tagVersion = 2

        var renamed = places[0]
        renamed.name = "Renamed"
        let newPlace = GameFixtures.checkpoints[3]
        let edited = content([renamed, newPlace, places[2]], [riddle("r1", at: places[0], text: "Where now?")])
        let edit = ContentImport(importing: edited, over: after, at: start + 3600)
        #expect(edit.summary.checkpointsAdded == 1)
        // The renamed place; the third kept its name and position, so it is not written.
        #expect(edit.summary.checkpointsUpdated == 1)
        #expect(rowsWritten(edit) == [renamed.id, newPlace.id, places[1].id])
        #expect(edit.summary.checkpointsRetired == 1)
        #expect(edit.summary.riddlesUpdated == 1)
        #expect(edit.summary.riddlesRetired == 1)
        let rows = Dictionary(uniqueKeysWithValues: edit.checkpoints.map { ($0.stored.id, $0) })
        #expect(rows[renamed.id]?.stored.number == 1)
        #expect(rows[renamed.id]?.stored.tagVersion == 2)
        #expect(rows[newPlace.id]?.stored.number == 4)
        #expect(rows[newPlace.id]?.position == 1)
        #expect(rows[places[1].id]?.stored.retiredAt == start + 3600)
        #expect(edit.riddles.first { $0.riddle.id == "r2" }?.retiredAt == start + 3600)

        let restored = ContentImport(importing: files, over: stored(after: edit, over: after), at: start + 7200)
        let back = restored.checkpoints.first { $0.stored.id == places[1].id }
        #expect(back?.stored.number == 2)
        #expect(back?.stored.retiredAt == nil)
        #expect(restored.riddles.first { $0.riddle.id == "r2" }?.retiredAt == nil)
        #expect(restored.summary.checkpointsRetired == 1)   // the new place left the files again
        #expect(restored.summary.checkpointsAdded == 0)
    }

    func rowsWritten(_ contentImport: ContentImport) -> [String] { contentImport.checkpoints.map(\.stored.id) }

    @Test func aRetiredCheckpointIsNotRetiredTwice() {
        let first = stored(after: ContentImport(importing: content(places, []), over: stored(), at: start))
        let after = stored(after: ContentImport(importing: content(Array(places.prefix(2)), []), over: first, at: start + 60), over: first)
        let third = ContentImport(importing: content([places[0]], []), over: after, at: start + 120)
        #expect(third.summary.checkpointsRetired == 1)
        #expect(rowsWritten(third) == [places[1].id])
    }
}
