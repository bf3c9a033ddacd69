extension GrayImage {
    /// Each pixel replaced by the mean of its 3x3 neighbourhood: smooths cloth weave and sensor
    /// noise that break up the runs zbar's finder search counts.
    func boxBlurred() -> GrayImage {
        guard width >= 3, height >= 3 else { return self }
        var out = pixels
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { out in
                for y in 1..<(height - 1) {
                    for x in 1..<(width - 1) {
                        var sum = 0
                        for dy in -1...1 {
                            let row = (y + dy) * width + x
                            sum += Int(source[row - 1]) + Int(source[row]) + Int(source[row + 1])
                        }
                        out[y * width + x] = UInt8(sum / 9)
                    }
                }
            }
        }
        return GrayImage(width: width, height: height, pixels: out)
    }
}
