/// An 8-bit luminance picture, row-major, one byte per pixel (0 black, 255 white).
///
/// Every decoder produces one and every QR operation consumes one, so the C libraries never
/// see anything but this plain value.
public struct GrayImage: Sendable, Hashable {
    /// Columns, at least 1.
    public let width: Int
    /// Rows, at least 1.
    public let height: Int
    /// `width * height` luminance samples, row after row.
    public let pixels: [UInt8]

    /// Wraps `pixels`; the count must be exactly `width * height` and both sides positive.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0, "GrayImage needs a positive size")
        precondition(pixels.count == width * height, "GrayImage needs width * height pixels")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The sample at column `x`, row `y`.
    public subscript(x x: Int, y y: Int) -> UInt8 {
        pixels[y * width + x]
    }

    /// The longer of the two sides.
    public var longestSide: Int { max(width, height) }
}
