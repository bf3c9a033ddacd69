/// Colour to luminance, with the BT.601 weights that JPEG and most scanners use.
enum Luma {
    /// One gray sample per RGBA quadruple, transparent pixels laid over white.
    static func fromRGBAOverWhite(_ rgba: [UInt8]) -> [UInt8] {
        var gray = [UInt8](repeating: 0, count: rgba.count / 4)
        for index in gray.indices {
            let r = Int(rgba[4 * index])
            let g = Int(rgba[4 * index + 1])
            let b = Int(rgba[4 * index + 2])
            let alpha = Int(rgba[4 * index + 3])
            let luma = (299 * r + 587 * g + 114 * b + 500) / 1000
            gray[index] = UInt8((luma * alpha + 255 * (255 - alpha) + 127) / 255)
        }
        return gray
    }
}
