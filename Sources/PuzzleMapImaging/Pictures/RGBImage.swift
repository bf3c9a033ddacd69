/// A colour picture, three bytes (red, green, blue) a pixel, row by row.
public struct RGBImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 3, "an RGB picture has three bytes a pixel")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The largest centred square, shrunk to `side` by averaging the pixels each output pixel
    /// covers (a box filter: no ringing on faces, and every source pixel counts once).
    public func squareThumbnail(side: Int) -> RGBImage {
        let square = min(width, height)
        let (left, top) = ((width - square) / 2, (height - square) / 2)
        let out = min(side, square)
        var result = [UInt8](repeating: 0, count: out * out * 3)
        for y in 0..<out {
            let (y0, y1) = (top + y * square / out, top + max((y + 1) * square / out, y * square / out + 1))
            for x in 0..<out {
                let (x0, x1) = (left + x * square / out, left + max((x + 1) * square / out, x * square / out + 1))
                var sums = (0, 0, 0)
                for sy in y0..<y1 {
                    var index = (sy * width + x0) * 3
                    for _ in x0..<x1 {
                        sums.0 += Int(pixels[index]); sums.1 += Int(pixels[index + 1]); sums.2 += Int(pixels[index + 2])
                        index += 3
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let target = (y * out + x) * 3
                result[target] = UInt8(sums.0 / count)
                result[target + 1] = UInt8(sums.1 / count)
                result[target + 2] = UInt8(sums.2 / count)
            }
        }
        return RGBImage(width: out, height: out, pixels: result)
    }
}
