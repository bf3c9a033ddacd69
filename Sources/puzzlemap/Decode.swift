import ArgumentParser
import Foundation
import PuzzleMapImaging

/// `puzzlemap decode`: read QR codes in photos, as the service does with uploads.
struct Decode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Find every QR code in image files (JPEG, PNG, WebP, HEIC), judged by content, not name."
    )

    @Flag(help: "One JSON object per line per file.")
    var json = false

    @Argument(help: "Image files.")
    var files: [String]

    /// One line of `--json` output.
    struct Line: Encodable {
        struct Failure: Encodable {
            var code: String
            var detail: String
        }

        var file: String
        var codes: [String]?
        var ms: Double?
        /// Pixels visited, as the work budget counts them: the same for the same file on any machine.
        var work: Int?
        var error: Failure?
    }

    func run() throws {
        let reader = PhotoReader()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var unreadable = 0
        for file in files {
            let clock = ContinuousClock()
            let start = clock.now
            let line: Line
            do {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw Line.Failure(code: "unreadable_file", detail: "The file cannot be read.")
                }
                let reading = try reader.readEveryCode(photo: [UInt8](data))
                let elapsed = start.duration(to: clock.now)
                line = Line(file: file, codes: reading.texts, ms: Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000,
                            work: reading.scan.workSpent)
            } catch let error as PhotoReadingError {
                line = Line(file: file, error: .init(code: error.code, detail: error.detail))
            } catch let error as Line.Failure {
                line = Line(file: file, error: error)
            }
            if line.error != nil { unreadable += 1 }
            if json {
                print(String(decoding: try encoder.encode(line), as: UTF8.self))
            } else if let error = line.error {
                print("\(file): cannot read (\(error.code)): \(error.detail)")
            } else if let codes = line.codes, !codes.isEmpty {
                print("\(file): \(codes.map { "\"\($0)\"" }.joined(separator: ", ")) (\(String(format: "%.1f", line.ms ?? 0)) ms)")
            } else {
                print("\(file): no QR code found (\(String(format: "%.1f", line.ms ?? 0)) ms)")
            }
        }
        if unreadable > 0 { throw ExitCode.failure }
    }
}

extension Decode.Line.Failure: Error {}
