import Foundation

/// The shared ZXing QR corpus beside the repository (`../shared/qr-corpus/zxing`), when present.
enum QRCorpus {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/qr-corpus/zxing")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }

    static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: directory.appendingPathComponent(path)))
    }

    static func expectedText(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }
}
