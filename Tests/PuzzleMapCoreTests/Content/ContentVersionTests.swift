import Foundation
import PuzzleMapCore
import Testing

/// Which content a starting service plays: the files when they changed since they were last
/// published, else the newest published version.
@Suite struct ContentVersionTests {
    func version(_ id: Int64, _ fingerprint: String, _ origin: ContentOrigin = .files, kept: Bool = true) -> ContentVersion {
        ContentVersion(id: id, summary: ContentImportSummary(fingerprint: fingerprint, importedAt: Date(timeIntervalSince1970: Double(id))),
                       origin: origin, isKept: kept)
    }

    @Test func aFirstStartAndUnchangedFilesPlayTheFiles() {
        #expect(ContentVersion.kept(over: "A", in: []) == nil)
        #expect(ContentVersion.kept(over: "A", in: [version(1, "A")]) == nil)
        #expect(ContentVersion.kept(over: "B", in: [version(2, "B"), version(1, "A")]) == nil)
    }

    @Test func aRollbackSinceTheFilesWereLastPublishedIsKept() {
        let versions = [version(3, "A", .rollback(of: 1)), version(2, "B"), version(1, "A")]
        #expect(ContentVersion.kept(over: "B", in: versions)?.id == 3)
    }

    @Test func filesEditedSinceTheRollbackWin() {
        let versions = [version(3, "A", .rollback(of: 1)), version(2, "B"), version(1, "A")]
        #expect(ContentVersion.kept(over: "C", in: versions) == nil)
        // Edited back to what the rollback plays: the same content either way.
        #expect(ContentVersion.kept(over: "A", in: versions) == nil)
    }

    @Test func aVersionPublishedBeforeVersionsWereKeptCannotBePlayed() {
        let versions = [version(3, "A", .rollback(of: 1), kept: false), version(2, "B"), version(1, "A")]
        #expect(ContentVersion.kept(over: "B", in: versions) == nil)
    }
}
