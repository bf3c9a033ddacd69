import Foundation
import PuzzleMapImaging

/// One picture and the texts it holds; a negative holds none and passes when nothing is read.
struct Sample {
    /// The corpus folder (ZXing) or the manifest's category (held-out set).
    let group: String
    let file: URL
    let expected: [String]

    var isNegative: Bool { expected.isEmpty }
}

/// The ZXing blackbox corpus: `N.png` beside `N.txt`; folders named `falsepositives*` are
/// negatives.
func zxingSamples(_ corpus: URL) throws -> [Sample] {
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
            samples.append(Sample(
                group: folder, file: directory.appendingPathComponent(file), expected: expected.map { [$0] } ?? []
            ))
        }
    }
    return samples
}

/// The held-out photos: `manifest.tsv` (file, source, category, expected as a JSON list) beside
/// `images/`, in the manifest's order.
func heldOutSamples(_ folder: URL) throws -> [Sample] {
    let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    return try manifest.split(separator: "\n").dropFirst().map { line in
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 4 else { throw ManifestError(line: String(line)) }
        let expected = try JSONDecoder().decode([String].self, from: Data(fields[3].utf8))
        return Sample(
            group: String(fields[2]),
            file: folder.appendingPathComponent("images").appendingPathComponent(String(fields[0])),
            expected: expected
        )
    }
}

struct ManifestError: Error, CustomStringConvertible {
    let line: String
    var description: String { "manifest line without four tab-separated fields: \(line)" }
}

/// The file every tool reads at `quarterTurns`: the original, or a rotated gray PNG made once
/// under the temporary directory.
func file(for sample: Sample, quarterTurns: Int) throws -> URL {
    guard quarterTurns != 0 else { return sample.file }
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("qr-bench-rotated/\(quarterTurns * 90)/\(sample.group)")
    let target = directory.appendingPathComponent(sample.file.deletingPathExtension().lastPathComponent + ".png")
    if FileManager.default.fileExists(atPath: target.path) { return target }
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let decoder = ImageDecoder(jpegTargetLongestSide: nil)
    let image = try decoder.decode(Array(Data(contentsOf: sample.file)))
    try Data(PNGEncoder.encode(image.rotated(quarterTurns: quarterTurns))).write(to: target)
    return target
}
