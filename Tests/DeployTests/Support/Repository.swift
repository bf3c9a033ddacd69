import Foundation
import PuzzleMapTestFixtures

/// The repository these tests check, and the tools they check it with.
enum Repository {
    /// Found from this file's real path: a scratch package may reach these tests through a
    /// symbolic link, and the files to check are beside the real ones.
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    static func text(_ path: String) throws -> String { try String(contentsOf: url(path), encoding: .utf8) }

    /// The largest request body the service reads, `CodeUpload.maxPhotoBytes`, from its source:
    /// this target depends on nothing (it checks files, not code) and the constant is internal.
    /// A copy of the number here would go stale silently; if the constant is renamed or moved,
    /// this says so.
    static func serviceUploadLimit() throws -> Int {
        let file = "Sources/PuzzleMapHTTP/Play/CodeUpload.swift"
        guard let expression = try text(file).captures(of: #"static let maxPhotoBytes\s*=\s*([0-9_ *]+)"#).first?.first else {
            throw ToolFailure(tool: "reading \(file)", output: "CodeUpload.maxPhotoBytes, the largest body the service reads, is no longer there")
        }
        let factors = expression.split(separator: "*").compactMap { Int($0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "_", with: "")) }
        guard factors.count == expression.split(separator: "*").count else {
            throw ToolFailure(tool: "reading \(file)", output: "cannot evaluate maxPhotoBytes = \(expression)")
        }
        return factors.reduce(1, *)
    }

    /// A `puzzlemap` built from this repository: beside the running test bundle (where
    /// `swift test` in the repository builds it), else in `.build/release` or `.build/debug`.
    static func builtBinary() -> URL? {
        let bundleFolder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [
            bundleFolder.appendingPathComponent("puzzlemap"),
            url(".build/release/puzzlemap"),
            url(".build/debug/puzzlemap"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}

/// A command's exit status and everything it printed, standard error included.
struct ToolResult {
    var status: Int32
    var output: String
}

/// Runs a tool from the `PATH` to completion.
@discardableResult
func run(_ tool: String, _ arguments: [String], environment: [String: String] = [:]) async throws -> ToolResult {
    let (status, output) = try await ChildProcess.run([tool] + arguments, environment: environment)
    return ToolResult(status: status, output: output)
}

/// A scratch folder of one test's own, removed when the test is done with it.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-deploy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

extension String {
    /// Every match of `pattern`, as its capture groups (the whole match when it has none).
    func captures(of pattern: String, options: NSRegularExpression.Options = []) -> [[String]] {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: options) else { return [] }
        let text = self as NSString
        return regex.matches(in: self, range: NSRange(location: 0, length: text.length)).map { match in
            let groups = match.numberOfRanges > 1 ? Array(1..<match.numberOfRanges) : [0]
            return groups.map { match.range(at: $0).location == NSNotFound ? "" : text.substring(with: match.range(at: $0)) }
        }
    }
}
