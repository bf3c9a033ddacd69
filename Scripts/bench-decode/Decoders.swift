import Foundation
import PuzzleMapImaging

/// What one decoder reported for one picture, and how long it took.
struct Reading {
    var texts: [String]
    var seconds: Double
    /// The ladder step that found the code (our in-process reader only).
    var attempt: String?
}

/// Runs each tool on one picture. Our in-process time is the file read plus
/// ``PhotoReader/read(photo:)``, what a scan upload pays; every other time is a whole process,
/// start to exit, nothing subtracted.
struct Decoders {
    let puzzlemap: URL?

    func read(_ file: URL, with tool: Tool) -> Reading {
        switch tool {
        case .ours:
            let start = ContinuousClock.now
            var texts: [String] = []
            var attempt: String?
            if let data = try? Data(contentsOf: file), let reading = try? PhotoReader().read(photo: Array(data)) {
                texts = reading.texts
                attempt = reading.scan.successfulAttempt
            }
            return Reading(texts: texts, seconds: seconds(start.duration(to: .now)), attempt: attempt)
        case .oursProcess:
            guard let puzzlemap else { return Reading(texts: [], seconds: 0) }
            let (output, time) = run(puzzlemap.path, ["decode", "--json", file.path])
            return Reading(texts: puzzlemapTexts(output), seconds: time)
        case .zbarimg:
            let (output, time) = run("/usr/bin/zbarimg", ["--quiet", "-Sdisable", "-Sqrcode.enable", file.path])
            return Reading(texts: zbarTexts(output), seconds: time)
        case .zxing:
            let (output, time) = run("/usr/bin/ZXingReader", ["-format", "QRCode", file.path])
            return Reading(texts: zxingTexts(output), seconds: time)
        }
    }

    private func run(_ executable: String, _ arguments: [String]) -> (output: String, seconds: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let start = ContinuousClock.now
        do { try process.run() } catch { return ("", 0) }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = start.duration(to: .now)
        return (String(decoding: data, as: UTF8.self), seconds(elapsed))
    }
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The `codes` of `puzzlemap decode --json`'s line for the file.
func puzzlemapTexts(_ output: String) -> [String] {
    struct Line: Decodable { var codes: [String]? }
    guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("{") }),
          let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8))
    else { return [] }
    return decoded.codes ?? []
}

/// The symbols of `zbarimg`'s default report: each is `QR-Code:` and its text, then a line
/// break; a text may itself span lines, so symbols are split where a line starts with the
/// prefix. (`--raw` cannot separate a multi-line text from two codes, and `--xml` garbles some
/// UTF-8 payloads in its base64 form.)
func zbarTexts(_ output: String) -> [String] {
    guard output.hasPrefix("QR-Code:") else { return [] }
    var texts = ("\n" + output).components(separatedBy: "\nQR-Code:").dropFirst().map { $0 }
    if let last = texts.last, last.hasSuffix("\n") { texts[texts.count - 1] = String(last.dropLast()) }
    return texts
}

/// The `Text: "..."` fields of ZXingReader's report (a text may span lines).
func zxingTexts(_ output: String) -> [String] {
    var texts: [String] = []
    var remainder = Substring(output)
    while let start = remainder.range(of: "Text:       \"") {
        let after = remainder[start.upperBound...]
        guard let end = after.range(of: "\"\nBytes:") else { break }
        texts.append(String(after[..<end.lowerBound]))
        remainder = after[end.upperBound...]
    }
    return texts
}
