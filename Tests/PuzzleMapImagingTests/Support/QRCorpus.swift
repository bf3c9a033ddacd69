import Foundation

/// The shared ZXing QR corpus beside the repository (`../shared/qr-corpus/zxing`), when present.
enum QRCorpus {
    static let shared = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/qr-corpus")
    static let directory = shared.appendingPathComponent("zxing")
    /// Real photos from other decoders' test suites (`../shared/qr-corpus/real/images`).
    static let realPhotos = shared.appendingPathComponent("real/images")

    static var isPresent: Bool { FileManager.default.fileExists(atPath: directory.path) }
    static var realPhotosArePresent: Bool { FileManager.default.fileExists(atPath: realPhotos.path) }

    static func bytes(_ path: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: directory.appendingPathComponent(path)))
    }

    static func expectedText(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }
}
