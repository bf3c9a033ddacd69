extension QRMatrix {
    /// The code as a picture: `scale` pixels per module, `quietZone` light modules of margin
    /// (the standard asks for 4).
    public func rendered(scale: Int = 8, quietZone: Int = 4) throws(ImageEncodingError) -> GrayImage {
        guard (1...64).contains(scale) else { throw .invalidRendering("scale must be 1...64, not \(scale)") }
        guard (0...16).contains(quietZone) else { throw .invalidRendering("quiet zone must be 0...16, not \(quietZone)") }
        let side = (size + 2 * quietZone) * scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for y in 0..<size {
            for x in 0..<size where self[x: x, y: y] {
                let left = (x + quietZone) * scale
                let top = (y + quietZone) * scale
                for row in top..<(top + scale) {
                    pixels.replaceSubrange((row * side + left)..<(row * side + left + scale),
                                           with: repeatElement(0, count: scale))
                }
            }
        }
        return GrayImage(width: side, height: side, pixels: pixels)
    }

    /// The code as PNG file bytes, ready to serve as `image/png`.
    public func renderPNG(scale: Int = 8, quietZone: Int = 4) throws(ImageEncodingError) -> [UInt8] {
        try PNGEncoder.encode(rendered(scale: scale, quietZone: quietZone))
    }
}
