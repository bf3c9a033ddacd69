import PuzzleMapImaging

/// A phone's photo of a sticker beside a poster that carries its own, much larger QR code:
/// 3000 x 1200 px (PNG), the poster's code at 20 px a module on the left, the sticker's at
/// 3 px a module on the right. The reader's first, downscaled pass (to 1000 px) sees the
/// poster's code and not the sticker's (1 px a module there), so a reader that stops at the
/// first code it finds never sees the sticker.
public enum BesideAPoster {
    public static func png(poster: String, sticker: String) throws -> [UInt8] {
        let large = try QREncoder().encode(poster).rendered(scale: 20, quietZone: 4)
        let small = try QREncoder().encode(sticker).rendered(scale: 3, quietZone: 4)
        let (width, height) = (3000, 1200)
        var pixels = [UInt8](repeating: 255, count: width * height)
        func place(_ code: GrayImage, x left: Int, y top: Int) {
            for y in 0..<code.height where top + y < height {
                for x in 0..<code.width where left + x < width {
                    pixels[(top + y) * width + left + x] = code[x: x, y: y]
                }
            }
        }
        place(large, x: 100, y: 100)
        place(small, x: 2400, y: 500)
        return try PNGEncoder.encode(GrayImage(width: width, height: height, pixels: pixels))
    }
}
