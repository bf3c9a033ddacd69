import Foundation
import Glibc
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
            if let data = try? Data(contentsOf: file), let reading = try? PhotoReader().readEveryCode(photo: Array(data)) {
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
        case .firstRung:
            guard let data = try? Data(contentsOf: file), let image = try? ImageDecoder().decode(Array(data)) else {
                return Reading(texts: [], seconds: 0)
            }
            // A budget of one pixel: the first rung that applies runs, and no other.
            let start = ContinuousClock.now
            let reading = try? QRScanner(workBudget: 1).read(image)
            return Reading(texts: reading?.codes.map(\.text) ?? [], seconds: seconds(start.duration(to: .now)),
                           attempt: reading?.successfulAttempt)
        }
    }

    /// Runs `executable` to its exit and times it, start to exit. posix_spawn and waitpid
    /// directly: Foundation's `Process.waitUntilExit` on Linux polls its run loop every 50 ms,
    /// which added up to 50 ms to every per-process figure this benchmark used to print.
    private func run(_ executable: String, _ arguments: [String]) -> (output: String, seconds: Double) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return ("", 0) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(ends[1])
        defer { close(ends[0]) }
        guard spawned == 0 else { return ("", 0) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = Glibc.read(ends[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer[..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let elapsed = start.duration(to: .now)
        return (String(decoding: output, as: UTF8.self), seconds(elapsed))
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
