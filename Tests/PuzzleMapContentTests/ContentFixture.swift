import Foundation
import PuzzleMapContent
import PuzzleMapCore

/// A copy of a content fixture in a temporary folder, to plant mistakes in.
struct ContentFixture {
    let root: URL

    /// Copies `Fixtures/<name>` (a folder with `Campus/` and `Riddles/`).
    init(_ name: String = "minimal") throws {
        let source = Bundle.module.resourceURL!.appendingPathComponent("Fixtures/\(name)")
        root = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-content-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: root)
    }

    /// The repository's own `Campus/` and `Riddles/`, in place (not copied).
    static var shipped: ContentReader {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return ContentReader(campusDirectory: repository.appendingPathComponent("Campus").path,
                             riddlesDirectory: repository.appendingPathComponent("Riddles").path)
    }

    var reader: ContentReader {
        ContentReader(campusDirectory: root.appendingPathComponent("Campus").path,
                      riddlesDirectory: root.appendingPathComponent("Riddles").path)
    }

    func path(_ file: String) -> String { root.appendingPathComponent(file).path }

    /// Replaces the first occurrence of `text` in `file`; fails loudly if it is not there.
    func replace(_ text: String, with replacement: String, in file: String) throws {
        let contents = try String(contentsOfFile: path(file), encoding: .utf8)
        guard let range = contents.range(of: text) else { throw FixtureError.textNotFound(text, file) }
        try contents.replacingCharacters(in: range, with: replacement).write(toFile: path(file), atomically: true, encoding: .utf8)
    }

    func remove(_ file: String) throws {
        try FileManager.default.removeItem(atPath: path(file))
    }

    /// The 1-based line of the `occurrence`-th line containing `marker` (0 = the last).
    func line(of marker: String, in file: String, occurrence: Int = 0) throws -> Int {
        let lines = try String(contentsOfFile: path(file), encoding: .utf8).components(separatedBy: "\n")
        let matches = lines.indices.filter { lines[$0].contains(marker) }
        guard !matches.isEmpty else { throw FixtureError.textNotFound(marker, file) }
        return (occurrence == 0 ? matches.last! : matches[occurrence - 1]) + 1
    }

    enum FixtureError: Error { case textNotFound(String, String) }
}
