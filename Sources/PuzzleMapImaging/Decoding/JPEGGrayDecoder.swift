import CJPEGShim

/// JPEG through libjpeg-turbo, decoded straight to grayscale (no chroma work at all) and, for
/// large photos, at a reduced scale chosen before decoding.
///
/// libjpeg's fatal errors unwind with longjmp, which must not cross Swift frames, so every
/// libjpeg call happens inside the small C target `CJPEGShim`.
struct JPEGGrayDecoder {
    var limits: ImageDecodingLimits
    var targetLongestSide: Int?

    /// Progressive files with more scans than this are refused (real photos have about ten).
    static let maxProgressiveScans: Int32 = 100

    /// The full size the header announces, checked against the limits; nothing is decompressed.
    func dimensions(of bytes: [UInt8]) throws(ImageDecodingError) -> (width: Int, height: Int) {
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: Int(PM_JPEG_MESSAGE_CAPACITY))
        let headerStatus = bytes.withUnsafeBufferPointer { data in
            pm_jpeg_read_dimensions(data.baseAddress, data.count, &width, &height, &message, message.count)
        }
        guard headerStatus == 0 else { throw .corrupt(Self.text(of: message)) }
        try limits.checkDimensions(width: Int(width), height: Int(height))
        return (Int(width), Int(height))
    }

    /// True when ``decode(_:)`` returns the picture smaller than the header announces.
    func decodesReduced(_ bytes: [UInt8]) throws(ImageDecodingError) -> Bool {
        let (width, height) = try dimensions(of: bytes)
        return Self.scaleEighths(longestSide: max(width, height), target: targetLongestSide) < 8
    }

    func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        let (width, height, pixels) = try pixels(of: bytes, channels: 1, with: pm_jpeg_decode_gray)
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// The picture in colour, three bytes a pixel, at the same reduced scale.
    func decodeRGB(_ bytes: [UInt8]) throws(ImageDecodingError) -> RGBImage {
        let (width, height, pixels) = try pixels(of: bytes, channels: 3, with: pm_jpeg_decode_rgb)
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private typealias GuardedDecode = (UnsafePointer<UInt8>?, Int, Int32, Int32, UnsafeMutablePointer<UInt8>?, Int, Int32, Int32,
                                       UnsafeMutablePointer<CChar>?, Int) -> Int32

    private func pixels(of bytes: [UInt8], channels: Int, with decode: GuardedDecode) throws(ImageDecodingError)
        -> (width: Int, height: Int, pixels: [UInt8]) {
        let (width, height) = try dimensions(of: bytes)
        var message = [CChar](repeating: 0, count: Int(PM_JPEG_MESSAGE_CAPACITY))
        let scaleNum = Self.scaleEighths(longestSide: max(width, height), target: targetLongestSide)
        let outWidth = (width * scaleNum + 7) / 8
        let outHeight = (height * scaleNum + 7) / 8
        var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * channels)
        let status = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in
                decode(data.baseAddress, data.count, Int32(scaleNum), Self.maxProgressiveScans,
                       out.baseAddress, out.count, Int32(outWidth), Int32(outHeight), &message, message.count)
            }
        }
        guard status == 0 else {
            let reason = Self.text(of: message)
            if reason.contains("CMYK") { throw .unsupportedFormat }
            throw .corrupt(reason)
        }
        return (outWidth, outHeight, pixels)
    }

    /// The scale, in eighths, that keeps the longest side at or just above `target`
    /// (libjpeg-turbo scales by any n/8 inside the inverse DCT).
    static func scaleEighths(longestSide: Int, target: Int?) -> Int {
        guard let target, longestSide > target else { return 8 }
        return (1...8).first { (longestSide * $0 + 7) / 8 >= target } ?? 8
    }

    private static func text(of message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        return text.isEmpty ? "libjpeg failed" : text
    }
}
