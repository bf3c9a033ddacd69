import Foundation
import PuzzleMapImaging
import Subprocess
import SystemPackage

/// An SVG drawn to a PNG by librsvg's `rsvg-convert`, in a process of its own: a hostile
/// document (a script, a billion nested uses, a link to another address) can at worst fail or
/// run out its time there, never in the service. The document reaches it on standard input
/// with no base address, so librsvg loads nothing beside it; scripts and events are never run,
/// and only the pixels come back.
enum SVGRasteriser {
    /// Longest a drawing may take.
    static let timeLimit = Duration.seconds(10)
    /// Largest PNG read back.
    static let maxOutputBytes = 64 * 1024 * 1024

    private struct Drawing: Sendable {
        var status: TerminationStatus
        var png: [UInt8]
        var said: [UInt8]
    }

    /// The PNG of the document, fitted within `longestSide` pixels either way.
    static func png(of svg: [UInt8], fitting longestSide: Int) async throws(ImageDecodingError) -> [UInt8] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("puzzlemap-plan-\(UUID().uuidString).svg").path
        guard FileManager.default.createFile(atPath: file, contents: Data(svg), attributes: [.posixPermissions: 0o600]) else {
            throw .corrupt("the SVG could not be handed to the renderer")
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        do {
            let input = try FileDescriptor.open(FilePath(file), .readOnly, options: .closeOnExec)
            let run = try await withThrowingTaskGroup(of: Drawing?.self) { group in
                group.addTask {
                    let run = try await Subprocess.run(.name("rsvg-convert"),
                                                       arguments: ["--format", "png", "--width", "\(longestSide)", "--height", "\(longestSide)",
                                                                   "--keep-aspect-ratio", "--background-color", "white"],
                                                       input: .fileDescriptor(input, closeAfterSpawningProcess: true),
                                                       output: .bytes(limit: maxOutputBytes), error: .bytes(limit: 4096))
                    return Drawing(status: run.terminationStatus, png: run.standardOutput, said: run.standardError)
                }
                group.addTask {
                    try await Task.sleep(for: timeLimit)
                    return nil
                }
                defer { group.cancelAll() }
                return try await group.next() ?? nil
            }
            guard let run else { throw ImageDecodingError.corrupt("the SVG took longer than \(timeLimit.components.seconds) s to draw") }
            guard case .exited(0) = run.status else {
                let said = String(decoding: run.said, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? "no reason given"
                throw ImageDecodingError.corrupt("the SVG could not be drawn (\(said))")
            }
            return run.png
        } catch let error as ImageDecodingError {
            throw error
        } catch {
            throw .corrupt("the SVG renderer could not be run (\(error))")
        }
    }
}
