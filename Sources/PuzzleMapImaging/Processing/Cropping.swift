/// A rectangle of whole pixels inside a picture.
struct PixelRect: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
}

extension GrayImage {
    /// The pixels inside `rect`, which must lie within the picture and be non-empty.
    func cropped(to rect: PixelRect) -> GrayImage {
        precondition(rect.x >= 0 && rect.y >= 0 && rect.width > 0 && rect.height > 0, "crop needs a non-empty rectangle")
        precondition(rect.x + rect.width <= width && rect.y + rect.height <= height, "crop must lie inside the picture")
        if rect.width == width && rect.height == height { return self }
        var out = [UInt8]()
        out.reserveCapacity(rect.width * rect.height)
        for row in rect.y..<(rect.y + rect.height) {
            out.append(contentsOf: pixels[(row * width + rect.x)..<(row * width + rect.x + rect.width)])
        }
        return GrayImage(width: rect.width, height: rect.height, pixels: out)
    }
}
