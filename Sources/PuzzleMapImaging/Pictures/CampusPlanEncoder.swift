/// A campus plan as the service keeps and serves it: the organiser's upload (JPEG, PNG or
/// WebP; an SVG is first rasterised by the caller) decoded, shrunk to fit a phone's screen at
/// twice its density, and written again as a WebP. Nothing of the upload survives but its
/// pixels: no metadata, no script, no reference to another address.
public struct CampusPlanEncoder: Sendable {
    public var limits: ImageDecodingLimits
    /// The longest side kept, in pixels: sharp across a laptop's screen, a few hundred
    /// kilobytes on a phone.
    public var longestSide: Int
    /// WebP quality, 0 to 100: a plan's lettering stays legible.
    public var quality: Float

    public init(limits: ImageDecodingLimits = .standard, longestSide: Int = 1600, quality: Float = 85) {
        (self.limits, self.longestSide, self.quality) = (limits, longestSide, quality)
    }

    /// The WebP bytes of the plan, and its size in pixels.
    public func plan(from bytes: [UInt8]) throws(ImageDecodingError) -> (webp: [UInt8], width: Int, height: Int) {
        let picture = try PortraitEncoder.decode(bytes, limits: limits, near: longestSide).shrunk(toFit: longestSide)
        return (try PortraitEncoder.encodedWebP(picture, quality: quality), picture.width, picture.height)
    }

    /// Whether the bytes are an SVG document (by their first element, never by a name), to be
    /// rasterised before ``plan(from:)``.
    public static func isSVG(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(4096), as: UTF8.self)
        let text = head.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
        return text.hasPrefix("<") && head.contains("<svg")
    }
}
