import Foundation

/// The photo of a scan, as fingerprints: exact bytes and a perceptual hash.
public struct PhotoFingerprint: Sendable, Hashable, Codable {
    public var sha256: String
    public var perceptual: UInt64

    public init(sha256: String, perceptual: UInt64) {
        self.sha256 = sha256
        self.perceptual = perceptual
    }

    /// Perceptual hashes this close (in differing bits of 64) are the same picture, re-encoded
    /// or resized.
    public static let nearIdenticalBits = 4

    /// The same picture: the same bytes, or a perceptual hash within `nearIdenticalBits`.
    public func isSamePicture(as other: PhotoFingerprint) -> Bool {
        sha256 == other.sha256 || (perceptual ^ other.perceptual).nonzeroBitCount <= Self.nearIdenticalBits
    }

    /// Whether this photo is one of `others` (other players' recent photos of the same code):
    /// a photo passed around a group chat scores once.
    public func isReused(among others: [PhotoFingerprint]) -> Bool {
        others.contains { isSamePicture(as: $0) }
    }
}
