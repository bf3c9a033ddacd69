extension GrayImage {
    /// Black or white by comparing each pixel with the mean of a square window around it
    /// (an integral image keeps it linear), so shadows and glare that shift the whole
    /// neighbourhood no longer decide the colour of a module.
    ///
    /// - Parameters:
    ///   - window: side of the window in pixels (made odd, at least 3).
    ///   - offset: how far below the local mean a pixel must be to count as black.
    func locallyThresholded(window: Int, offset: Int = 5) -> GrayImage {
        let radius = max(1, window / 2)
        let stride = width + 1
        var integral = [Int](repeating: 0, count: stride * (height + 1))
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                var rowSum = 0
                for x in 0..<width {
                    rowSum += Int(source[y * width + x])
                    integral[(y + 1) * stride + x + 1] = integral[y * stride + x + 1] + rowSum
                }
            }
        }
        var out = [UInt8](repeating: 255, count: pixels.count)
        pixels.withUnsafeBufferPointer { source in
            for y in 0..<height {
                let top = max(0, y - radius), bottom = min(height, y + radius + 1)
                for x in 0..<width {
                    let left = max(0, x - radius), right = min(width, x + radius + 1)
                    let sum = integral[bottom * stride + right] - integral[top * stride + right]
                        - integral[bottom * stride + left] + integral[top * stride + left]
                    let area = (bottom - top) * (right - left)
                    if Int(source[y * width + x]) * area < sum - offset * area {
                        out[y * width + x] = 0
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
