extension GrayImage {
    /// Shrinks by averaging whole source boxes so that the longest side becomes about
    /// `longestSide`; returns self if already no longer.
    func downscaled(toLongestSide longestSide: Int) -> GrayImage {
        guard self.longestSide > longestSide, longestSide > 0 else { return self }
        let newWidth = max(1, width * longestSide / self.longestSide)
        let newHeight = max(1, height * longestSide / self.longestSide)
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<newHeight {
                    let y0 = y * height / newHeight
                    let y1 = max(y0 + 1, (y + 1) * height / newHeight)
                    for x in 0..<newWidth {
                        let x0 = x * width / newWidth
                        let x1 = max(x0 + 1, (x + 1) * width / newWidth)
                        var sum = 0
                        for sy in y0..<y1 {
                            let row = sy * width
                            for sx in x0..<x1 { sum += Int(source[row + sx]) }
                        }
                        out[y * newWidth + x] = UInt8(sum / ((y1 - y0) * (x1 - x0)))
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }

    /// Enlarges by an integer factor with bilinear interpolation, which keeps module edges
    /// straight enough for zbar's finder-pattern search on tiny codes.
    func upscaled(by factor: Int) -> GrayImage {
        guard factor > 1 else { return self }
        let newWidth = width * factor
        let newHeight = height * factor
        var out = [UInt8](repeating: 0, count: newWidth * newHeight)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { out in
                for y in 0..<newHeight {
                    // Sample centres: (y + 0.5) / factor - 0.5, in 1/(2*factor) units.
                    let fy = max(0, (2 * y + 1 - factor))
                    let sy0 = min(height - 1, fy / (2 * factor))
                    let sy1 = min(height - 1, sy0 + 1)
                    let wy = fy % (2 * factor)
                    for x in 0..<newWidth {
                        let fx = max(0, (2 * x + 1 - factor))
                        let sx0 = min(width - 1, fx / (2 * factor))
                        let sx1 = min(width - 1, sx0 + 1)
                        let wx = fx % (2 * factor)
                        let span = 2 * factor
                        let top = Int(source[sy0 * width + sx0]) * (span - wx) + Int(source[sy0 * width + sx1]) * wx
                        let bottom = Int(source[sy1 * width + sx0]) * (span - wx) + Int(source[sy1 * width + sx1]) * wx
                        out[y * newWidth + x] = UInt8((top * (span - wy) + bottom * wy) / (span * span))
                    }
                }
            }
        }
        return GrayImage(width: newWidth, height: newHeight, pixels: out)
    }
}
