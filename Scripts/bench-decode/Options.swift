import Foundation

/// The decoders the benchmark compares, in the order of the table's columns.
enum Tool: String, CaseIterable {
    /// Our ``PhotoReader`` inside this process: file read, image decode and scan, no start-up.
    case ours
    /// `puzzlemap decode --json FILE`, one process per picture, timed like the other tools.
    case oursProcess = "ours-process"
    case zbarimg
    case zxing
    /// One plain zbar pass in this process, the ladder's first rung alone, over a picture
    /// already decoded: file read and image decode are not timed. No reader built on zbar
    /// can pay less for a picture than this.
    case firstRung = "first-rung"

    var heading: String {
        switch self {
        case .ours: "ours in-proc"
        case .oursProcess: "ours process"
        case .zbarimg: "zbarimg"
        case .zxing: "ZXingReader"
        case .firstRung: "one zbar pass"
        }
    }
}

/// bench-decode's command line.
///
/// Usage: bench-decode [--corpus DIR] [--held-out DIR|none] [--rotations 0|all]
///                     [--tools ours,ours-process,zbarimg,zxing,first-rung] [--puzzlemap PATH]
///                     [--failures] [--attempts]
struct Options {
    /// The folder holding `shared/qr-corpus`, the repository's parent.
    private static let besideRepository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The ZXing blackbox corpus: the set the retry ladder was tuned on.
    var corpus = besideRepository.appendingPathComponent("shared/qr-corpus/zxing")
    /// Real photos never used for tuning (`manifest.tsv` beside `images/`), or nil to skip them.
    var heldOut: URL? = besideRepository.appendingPathComponent("shared/qr-corpus/real")
    var rotations = [0]
    var tools = Tool.allCases
    /// The `puzzlemap` executable for ``Tool/oursProcess``.
    var puzzlemap: URL?
    var listFailures = false
    var listAttempts = false

    init(arguments: [String]) {
        var iterator = arguments.dropFirst().makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--corpus": corpus = URL(fileURLWithPath: iterator.next() ?? ".")
            case "--held-out":
                let path = iterator.next() ?? "none"
                heldOut = path == "none" ? nil : URL(fileURLWithPath: path)
            case "--rotations": rotations = iterator.next() == "all" ? [0, 1, 2, 3] : [0]
            case "--tools":
                tools = (iterator.next() ?? "").split(separator: ",").map { name in
                    guard let tool = Tool(rawValue: String(name)) else { fatalError("unknown tool \(name)") }
                    return tool
                }
            case "--puzzlemap": puzzlemap = iterator.next().map { URL(fileURLWithPath: $0) }
            case "--failures": listFailures = true
            case "--attempts": listAttempts = true
            default: fatalError("unknown argument \(argument)")
            }
        }
    }
}
