// bench-decode: measures our QR reading (PhotoReader, the path scans and `puzzlemap decode`
// take) against `zbarimg` and `ZXingReader`, on the ZXing QR blackbox corpus (the set the
// retry ladder was tuned on) at rotation 0 and optionally 90, 180 and 270 degrees, and on a
// set of real photos from other decoders' test suites, which chose only the ladder's last rung
// and the rung that looks for more codes in a small picture.
//
// Usage: see Options.swift; Scripts/bench-decode.sh passes the corpus and our binary.
//
// A ZXing picture passes when a decoded text equals N.txt byte for byte; a negative
// (falsepositives*) passes when nothing is reported. A held-out picture is fully read when
// every payload of its manifest line is returned. Our time is given twice: in this process
// (file read, image decode and scan, no start-up) and as one `puzzlemap decode` process per
// picture, timed start to exit exactly like zbarimg and ZXingReader. Rotated pictures are
// written once as 8-bit gray PNGs (under the temporary directory) and all tools read the same
// files.

import Foundation

/// The rotations (quarter turns) of the ZXing corpus the retry ladder was chosen on. All four:
/// QRScanLadder's documentation records it was measured "over four rotations (716 pictures
/// with a code, 188 without)". A rotation run here and not listed is reported as held out.
let tunedQuarterTurns: Set<Int> = [0, 1, 2, 3]

let options = Options(arguments: CommandLine.arguments)
if options.tools.contains(.oursProcess) {
    guard let puzzlemap = options.puzzlemap, FileManager.default.isExecutableFile(atPath: puzzlemap.path) else {
        FileHandle.standardError.write(Data("""
            ours-process needs the puzzlemap executable: build it with \
            `swift build -c release --static-swift-stdlib --product puzzlemap` and pass --puzzlemap PATH \
            (Scripts/bench-decode.sh does), or leave ours-process out of --tools.

            """.utf8))
        exit(2)
    }
}
let decoders = Decoders(puzzlemap: options.puzzlemap)
let table = Table(tools: options.tools)

/// Every tool on every sample at one rotation; reports the elapsed time on standard error.
func runAll(_ samples: [Sample], quarterTurns: Int, label: String) throws -> [Tool: [Trial]] {
    var trials: [Tool: [Trial]] = [:]
    let start = ContinuousClock.now
    for sample in samples {
        let url = try file(for: sample, quarterTurns: quarterTurns)
        for tool in options.tools {
            trials[tool, default: []].append(Trial(sample: sample, quarterTurns: quarterTurns, reading: decoders.read(url, with: tool)))
        }
    }
    let elapsed = String(format: "%.0f", seconds(start.duration(to: .now)))
    FileHandle.standardError.write(Data("  \(label): \(samples.count) pictures, \(elapsed) s\n".utf8))
    return trials
}

// MARK: Tuning set

let tuningSamples = try zxingSamples(options.corpus)
let tuning: [Tool: [Trial]] = try options.rotations.reduce(into: [:]) { all, quarterTurns in
    for (tool, trials) in try runAll(tuningSamples, quarterTurns: quarterTurns, label: "ZXing corpus at \(quarterTurns * 90)°") {
        all[tool, default: []] += trials
    }
}

let rotationNames = options.rotations.map { "\($0 * 90)" }.joined(separator: "/")
let tunedNames = tunedQuarterTurns.sorted().map { "\($0 * 90)" }.joined(separator: "/")
print("""

    QR decode benchmark. Cells are exact reads (passes/pictures) or median / p95 ms per picture.
    ours in-proc: PhotoReader in this process (file read, decode, scan). ours process, zbarimg,
    ZXingReader: one process per picture, start to exit, nothing subtracted. one zbar pass: the
    ladder's first rung alone, in this process, the picture already decoded: the least any
    reader built on zbar pays.

    TUNING SET: \(options.corpus.path), rotations \(rotationNames).
    The retry ladder was chosen on this corpus at rotations \(tunedNames): those rows are tuned figures.

    """)
table.header("folder (all rotations run)")
for folder in Array(Set(tuningSamples.map(\.group))).sorted() {
    table.row(folder) { fraction(tuning[$0, default: []].filter { $0.sample.group == folder }) { ($0.passed ? 1 : 0, 1) } }
}
print()
table.header("positives, exact")
func positives(_ tool: Tool, _ turns: (Int) -> Bool) -> [Trial] {
    tuning[tool, default: []].filter { !$0.sample.isNegative && turns($0.quarterTurns) }
}
for quarterTurns in options.rotations {
    let split = tunedQuarterTurns.contains(quarterTurns) ? "tuned" : "held out"
    table.row("rotation \(quarterTurns * 90) (\(split))") { fraction(positives($0) { $0 == quarterTurns }) { ($0.passed ? 1 : 0, 1) } }
}
table.row("all rotations run") { fraction(positives($0) { _ in true }) { ($0.passed ? 1 : 0, 1) } }
table.row("tuned rotations") { fraction(positives($0) { tunedQuarterTurns.contains($0) }) { ($0.passed ? 1 : 0, 1) } }
if options.rotations.contains(where: { !tunedQuarterTurns.contains($0) }) {
    table.row("held-out rotations") { fraction(positives($0) { !tunedQuarterTurns.contains($0) }) { ($0.passed ? 1 : 0, 1) } }
} else {
    print("held-out rotations: none (every rotation run was used for tuning; see the held-out set)")
}
table.row("false reads on negatives, all rotations") {
    fraction(tuning[$0, default: []].filter(\.sample.isNegative)) { ($0.passed ? 0 : 1, 1) }
}
print()
table.header("time per picture, ms")
for quarterTurns in options.rotations {
    table.row("median / p95, rotation \(quarterTurns * 90)") { timeCell(tuning[$0, default: []].filter { $0.quarterTurns == quarterTurns }) }
    table.row("total time, rotation \(quarterTurns * 90)") { totalCell(tuning[$0, default: []].filter { $0.quarterTurns == quarterTurns }) }
}
if options.rotations.count > 1 {
    table.row("median / p95, all rotations") { timeCell(tuning[$0, default: []]) }
}

// MARK: Held-out set

var heldOut: [Tool: [Trial]] = [:]
if let folder = options.heldOut {
    let samples = try heldOutSamples(folder)
    heldOut = try runAll(samples, quarterTurns: 0, label: "held-out photos")
    let payloadCount = samples.map(\.expected.count).reduce(0, +)
    print("""

        REAL PHOTOS: \(folder.path), rotation 0: \(samples.count) real photos, \(payloadCount) payloads,
        from other decoders' test suites. They chose two parameters and nothing else: the rung that looks
        for more codes in a small picture (`multiple`) and the ladder's last rung (`phone-far`).

        """)
    table.header("category, pictures fully read")
    for category in Array(Set(samples.map(\.group))).sorted() {
        table.row(category) { fraction(heldOut[$0, default: []].filter { $0.sample.group == category }) { ($0.passed ? 1 : 0, 1) } }
    }
    print()
    table.header("held-out totals")
    table.row("pictures fully read") { fraction(heldOut[$0, default: []]) { ($0.passed ? 1 : 0, 1) } }
    table.row("payloads read") { fraction(heldOut[$0, default: []]) { ($0.payloadsRead, $0.sample.expected.count) } }
    table.row("false payloads") { "\(heldOut[$0, default: []].map(\.falsePayloads).reduce(0, +))" }
    table.row("median / p95 ms per picture") { timeCell(heldOut[$0, default: []]) }
    table.row("total time") { totalCell(heldOut[$0, default: []]) }
}

// MARK: Details

if options.tools.contains(.ours), options.tools.contains(.oursProcess) {
    let all = tuning.merging(heldOut) { $0 + $1 }
    let disagreements = zip(all[.ours, default: []], all[.oursProcess, default: []]).filter { $0.passed != $1.passed }
    if !disagreements.isEmpty {
        print("\nIn-process and per-process runs of ours disagree on \(disagreements.count) picture(s) (the work budget should make them agree):")
        disagreements.forEach { print("  \($0.0.quarterTurns * 90)° \($0.0.sample.group)/\($0.0.sample.file.lastPathComponent)") }
    }
}
if options.listAttempts {
    let ours = tuning[.ours, default: []] + heldOut[.ours, default: []]
    var counts: [String: Int] = [:]
    for trial in ours where trial.passed && !trial.sample.isNegative {
        counts[trial.reading.attempt ?? "?", default: 0] += 1
    }
    print("\nsuccessful attempts (ours): " + counts.sorted { $0.value > $1.value }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))
    for trial in ours where trial.passed && !trial.sample.isNegative && trial.reading.attempt != "original" {
        print("  \(trial.quarterTurns * 90)° \(trial.sample.group)/\(trial.sample.file.lastPathComponent) by \(trial.reading.attempt ?? "?")")
    }
}
if options.listFailures {
    print("\nfailures (ours in-proc):")
    for trial in tuning[.ours, default: []] + heldOut[.ours, default: []] where !trial.passed {
        print("  \(trial.quarterTurns * 90)° \(trial.sample.group)/\(trial.sample.file.lastPathComponent) got \(trial.reading.texts.map { String($0.prefix(40)) })")
    }
}
