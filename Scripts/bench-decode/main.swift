// bench-decode: measures PuzzleMapImaging's decoder (ImageDecoder + QRScanner) against
// `zbarimg` and `ZXingReader` on the ZXing QR blackbox corpus, per folder, at rotation 0 and
// optionally at 90, 180 and 270 degrees.
//
// Usage: bench-decode [--corpus DIR] [--rotations 0|all] [--tools ours,zbarimg,zxing]
//                     [--failures] [--attempts]
//
// A pass is a decoded text equal, byte for byte, to N.txt. Negative folders (falsepositives*)
// pass when nothing is reported. Our time is decoding plus scanning, in process; the other
// tools' times are whole process runs (start-up included), so compare their medians with care.
// Rotated pictures are written once as 8-bit gray PNGs (under the temporary directory) and all
// tools read the same files.

import Foundation
import PuzzleMapImaging

struct Options {
    var corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/qr-corpus/zxing")
    var rotations = [0]
    var tools = ["ours", "zbarimg", "zxing"]
    var listFailures = false
    var listAttempts = false

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--corpus": corpus = URL(fileURLWithPath: iterator.next() ?? ".")
            case "--rotations": rotations = iterator.next() == "all" ? [0, 1, 2, 3] : [0]
            case "--tools": tools = (iterator.next() ?? "").split(separator: ",").map(String.init)
            case "--failures": listFailures = true
            case "--attempts": listAttempts = true
            default: fatalError("unknown argument \(argument)")
            }
        }
    }
}

struct Sample {
    let folder: String
    let file: URL
    let expected: String?  // nil: negative
}

struct Outcome {
    var passes = 0
    var total = 0
    var seconds: [Double] = []
}

func corpusSamples(_ corpus: URL) throws -> [Sample] {
    let manager = FileManager.default
    var samples: [Sample] = []
    for folder in try manager.contentsOfDirectory(atPath: corpus.path).sorted() {
        let directory = corpus.appendingPathComponent(folder)
        let files = try manager.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".png") || $0.hasSuffix(".jpg") }
            .sorted { $0.localizedStandardCompare($1) == .orderedAscending }
        for file in files {
            let stem = (file as NSString).deletingPathExtension
            let textURL = directory.appendingPathComponent(stem + ".txt")
            let expected = try? String(contentsOf: textURL, encoding: .utf8)
            if expected == nil && !folder.hasPrefix("falsepositives") { continue }
            samples.append(Sample(folder: folder, file: directory.appendingPathComponent(file), expected: expected))
        }
    }
    return samples
}

/// The file each tool reads at `quarterTurns`: the original, or a rotated gray PNG made once.
func file(for sample: Sample, quarterTurns: Int) throws -> URL {
    guard quarterTurns != 0 else { return sample.file }
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("qr-bench-rotated/\(quarterTurns * 90)/\(sample.folder)")
    let target = directory.appendingPathComponent(sample.file.deletingPathExtension().lastPathComponent + ".png")
    if FileManager.default.fileExists(atPath: target.path) { return target }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let decoder = ImageDecoder(jpegTargetLongestSide: nil)
    let image = try decoder.decode(Array(Data(contentsOf: sample.file)))
    try Data(PNGEncoder.encode(image.rotated(quarterTurns: quarterTurns))).write(to: target)
    return target
}

func run(_ executable: String, _ arguments: [String]) -> (output: String, seconds: Double) {
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

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Texts each tool reported for one file, and the time it took.
func decode(with tool: String, file: URL) -> (texts: [String], seconds: Double, attempt: String?) {
    switch tool {
    case "ours":
        let start = ContinuousClock.now
        var texts: [String] = []
        var attempt: String?
        if let bytes = try? Array(Data(contentsOf: file)),
           let image = try? ImageDecoder().decode(bytes),
           let result = try? QRScanner().read(image) {
            texts = result.codes.map(\.text)
            attempt = result.successfulAttempt
        }
        return (texts, seconds(start.duration(to: .now)), attempt)
    case "zbarimg":
        let (output, time) = run("/usr/bin/zbarimg", ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", file.path])
        // --raw prints each symbol followed by a newline; multi-line payloads make this ambiguous,
        // so the whole output is also offered as one text.
        var texts = output.isEmpty ? [] : [String(output.dropLast())]
        texts += output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        return (output.isEmpty ? [] : texts, time, nil)
    default:
        let (output, time) = run("/usr/bin/ZXingReader", ["-format", "QRCode", file.path])
        return (zxingTexts(output), time, nil)
    }
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

func percentile(_ values: [Double], _ fraction: Double) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction + 0.5))]
}

let options = Options(arguments: CommandLine.arguments)
let samples = try corpusSamples(options.corpus)
let folders = Array(Set(samples.map(\.folder))).sorted()
var outcomes: [String: [String: Outcome]] = [:]  // tool -> folder -> outcome
var attemptCounts: [String: Int] = [:]
var rescued: [String] = []
var failures: [String] = []

for quarterTurns in options.rotations {
    for sample in samples {
        let url = try file(for: sample, quarterTurns: quarterTurns)
        for tool in options.tools {
            let (texts, time, attempt) = decode(with: tool, file: url)
            let passed = sample.expected.map { texts.contains($0) } ?? texts.isEmpty
            outcomes[tool, default: [:]][sample.folder, default: Outcome()].total += 1
            outcomes[tool, default: [:]][sample.folder, default: Outcome()].seconds.append(time)
            if passed { outcomes[tool, default: [:]][sample.folder, default: Outcome()].passes += 1 }
            if tool == "ours" {
                if passed, let attempt {
                    attemptCounts[attempt, default: 0] += 1
                    if attempt != "original" { rescued.append("\(quarterTurns * 90)° \(sample.folder)/\(sample.file.lastPathComponent) by \(attempt)") }
                }
                if !passed {
                    failures.append("\(quarterTurns * 90)° \(sample.folder)/\(sample.file.lastPathComponent) got \(texts.map { String($0.prefix(40)) })")
                }
            }
        }
    }
}

let rotationLabel = options.rotations == [0] ? "rotation 0" : "rotations 0/90/180/270"
print("QR decode benchmark, \(rotationLabel), corpus \(options.corpus.path)")
let header = ["folder"] + options.tools
print(header.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined())
for folder in folders {
    var row = folder.padding(toLength: 18, withPad: " ", startingAt: 0)
    for tool in options.tools {
        let outcome = outcomes[tool]?[folder] ?? Outcome()
        row += "\(outcome.passes)/\(outcome.total)".padding(toLength: 18, withPad: " ", startingAt: 0)
    }
    print(row)
}
for (label, positive) in [("positives", true), ("negatives", false)] {
    var row = label.padding(toLength: 18, withPad: " ", startingAt: 0)
    for tool in options.tools {
        let chosen = (outcomes[tool] ?? [:]).filter { $0.key.hasPrefix("falsepositives") != positive }.values
        let passes = chosen.map(\.passes).reduce(0, +)
        let total = chosen.map(\.total).reduce(0, +)
        row += "\(passes)/\(total)".padding(toLength: 18, withPad: " ", startingAt: 0)
    }
    print(row)
}
for (label, fraction) in [("median ms", 0.5), ("p95 ms", 0.95)] {
    var row = label.padding(toLength: 18, withPad: " ", startingAt: 0)
    for tool in options.tools {
        let times = (outcomes[tool] ?? [:]).values.flatMap(\.seconds)
        row += String(format: "%.1f", percentile(times, fraction) * 1000).padding(toLength: 18, withPad: " ", startingAt: 0)
    }
    print(row)
}
if options.listAttempts {
    print("successful attempts (ours): " + attemptCounts.sorted { $0.value > $1.value }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    rescued.forEach { print("  " + $0) }
}
if options.listFailures {
    print("failures (ours):")
    failures.forEach { print("  " + $0) }
}
