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

    /// The picture stood upright as its camera's `orientation` says: turned a quarter, a
    /// half, or mirrored, each pixel moved whole.
    public func oriented(_ orientation: ExifOrientation) -> RGBImage {
        guard orientation != .upright else { return self }
        let (outWidth, outHeight) = orientation.swapsSides ? (height, width) : (width, height)
        var result = [UInt8](repeating: 0, count: pixels.count)
        for y in 0..<outHeight {
            for x in 0..<outWidth {
                // The stored pixel that stands at (x, y) once upright.
                let (sourceX, sourceY) = switch orientation {
                case .upright: (x, y)
                case .mirrored: (width - 1 - x, y)
                case .upsideDown: (width - 1 - x, height - 1 - y)
                case .upsideDownMirrored: (x, height - 1 - y)
                case .transposed: (y, x)
                case .turnedLeft: (y, height - 1 - x)
                case .transverse: (width - 1 - y, height - 1 - x)
                case .turnedRight: (width - 1 - y, x)
                }
                let (source, target) = ((sourceY * width + sourceX) * 3, (y * outWidth + x) * 3)
                result[target] = pixels[source]
                result[target + 1] = pixels[source + 1]
                result[target + 2] = pixels[source + 2]
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: result)
    }

    /// The largest centred square, shrunk to `side` by averaging the pixels each output pixel
    /// covers (a box filter: no ringing on faces, and every source pixel counts once).
    public func squareThumbnail(side: Int) -> RGBImage {
        let square = min(width, height)
        let out = min(side, square)
        return shrunk(left: (width - square) / 2, top: (height - square) / 2, width: square, height: square, to: out, out)
    }

    /// The whole picture shrunk, by the same box filter, so its longer side is at most
    /// `longestSide`; a picture already small enough is kept as it is.
    public func shrunk(toFit longestSide: Int) -> RGBImage {
        guard max(width, height) > longestSide else { return self }
        let scale = Double(longestSide) / Double(max(width, height))
        return shrunk(left: 0, top: 0, width: width, height: height,
                      to: max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// The region `width` × `height` at (`left`, `top`), averaged down to `outWidth` × `outHeight`.
    private func shrunk(left: Int, top: Int, width regionWidth: Int, height regionHeight: Int, to outWidth: Int, _ outHeight: Int) -> RGBImage {
        var result = [UInt8](repeating: 0, count: outWidth * outHeight * 3)
        for y in 0..<outHeight {
            let (y0, y1) = (top + y * regionHeight / outHeight, top + max((y + 1) * regionHeight / outHeight, y * regionHeight / outHeight + 1))
            for x in 0..<outWidth {
                let (x0, x1) = (left + x * regionWidth / outWidth, left + max((x + 1) * regionWidth / outWidth, x * regionWidth / outWidth + 1))
                var sums = (0, 0, 0)
                for sy in y0..<y1 {
                    var index = (sy * width + x0) * 3
                    for _ in x0..<x1 {
                        sums.0 += Int(pixels[index]); sums.1 += Int(pixels[index + 1]); sums.2 += Int(pixels[index + 2])
                        index += 3
                    }
                }
                let count = (y1 - y0) * (x1 - x0)
                let target = (y * outWidth + x) * 3
                result[target] = UInt8(sums.0 / count)
                result[target + 1] = UInt8(sums.1 / count)
                result[target + 2] = UInt8(sums.2 / count)
            }
        }
        return RGBImage(width: outWidth, height: outHeight, pixels: result)
    }
}
