extension GrayImage {
    /// Black for white and white for black: for codes printed light on dark.
    func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }

    /// Maps the darkest and brightest percent of pixels to 0 and 255 and stretches the rest
    /// linearly: helps under- and over-exposed photos.
    func contrastStretched(clipping fraction: Double = 0.01) -> GrayImage {
        var histogram = [Int](repeating: 0, count: 256)
        for value in pixels { histogram[Int(value)] += 1 }
        let clip = Int(Double(pixels.count) * fraction)
        var low = 0, seen = 0
        while low < 255, seen + histogram[low] <= clip { seen += histogram[low]; low += 1 }
        var high = 255
        seen = 0
        while high > 0, seen + histogram[high] <= clip { seen += histogram[high]; high -= 1 }
        guard high > low else { return self }
        let table = (0..<256).map { value in
            UInt8(clamping: (value - low) * 255 / (high - low))
        }
        return GrayImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
    }
}
