import CPNG
import CWebP

/// A player's profile picture as the service keeps and serves it: whatever came (JPEG, PNG,
/// WebP or an iPhone's HEIC, within the upload limits) is decoded, cut to its centred square, shrunk and written
/// again as a small WebP. Nothing of the upload survives but its pixels: no metadata (a phone's
/// location in EXIF), no second image hidden in the file, no script.
public struct PortraitEncoder: Sendable {
    public var limits: ImageDecodingLimits
    /// The side of the square written, in pixels: sharp at 80 CSS px on a 2x screen.
    public var side: Int
    /// WebP quality, 0 to 100.
    public var quality: Float

    public init(limits: ImageDecodingLimits = .standard, side: Int = 160, quality: Float = 80) {
        self.limits = limits
        self.side = side
        self.quality = quality
    }

    /// The WebP bytes of the square picture.
    public func portrait(from bytes: [UInt8]) throws(ImageDecodingError) -> [UInt8] {
        try Self.encodedWebP(Self.decode(bytes, limits: limits, near: side * 2).squareThumbnail(side: side), quality: quality)
    }

    /// The picture as a WebP of `quality` (0 to 100).
    static func encodedWebP(_ picture: RGBImage, quality: Float) throws(ImageDecodingError) -> [UInt8] {
        var output: UnsafeMutablePointer<UInt8>?
        let size = picture.pixels.withUnsafeBufferPointer { pixels in
            WebPEncodeRGB(pixels.baseAddress, Int32(picture.width), Int32(picture.height), Int32(picture.width * 3), quality, &output)
        }
        defer { WebPFree(output) }
        guard size > 0, let output else { throw .corrupt("libwebp could not write the picture") }
        return Array(UnsafeBufferPointer(start: output, count: size))
    }

    /// An upload in colour (JPEG, PNG, WebP or an iPhone's HEIC), stood upright as its camera
    /// says (EXIF for a JPEG; libheif turns a HEIC itself). A large JPEG is decoded by libjpeg
    /// at a reduced scale, no smaller than `longestSide`.
    static func decode(_ bytes: [UInt8], limits: ImageDecodingLimits, near longestSide: Int) throws(ImageDecodingError) -> RGBImage {
        try limits.checkSize(of: bytes)
        switch ImageFormat.sniff(bytes) {
        case .jpeg:
            // A phone stores a photo as its sensor saw it and says in EXIF which way is up.
            return try JPEGGrayDecoder(limits: limits, targetLongestSide: longestSide).decodeRGB(bytes).oriented(ExifOrientation.of(jpeg: bytes))
        case .png: return try png(bytes, limits: limits)
        case .webp: return try webp(bytes, limits: limits)
        case .heif: return try HEIFDecoder(limits: limits).decodeRGB(bytes)
        case nil: throw .unsupportedFormat
        }
    }

    private static func png(_ bytes: [UInt8], limits: ImageDecodingLimits) throws(ImageDecodingError) -> RGBImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        let began = bytes.withUnsafeBytes { data in png_image_begin_read_from_memory(&image, data.baseAddress, data.count) }
        guard began != 0 else { throw .corrupt(PNGGrayDecoder.message(of: image)) }
        let (width, height) = (Int(image.width), Int(image.height))
        try limits.checkDimensions(width: width, height: height)
        image.format = UInt32(PNG_FORMAT_RGB)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        // Transparent pixels are laid over white, as a browser would show them.
        var background = png_color(red: 255, green: 255, blue: 255)
        let finished = pixels.withUnsafeMutableBytes { out in png_image_finish_read(&image, &background, out.baseAddress, Int32(width * 3), nil) }
        guard finished != 0 else { throw .corrupt(PNGGrayDecoder.message(of: image)) }
        return RGBImage(width: width, height: height, pixels: pixels)
    }

    private static func webp(_ bytes: [UInt8], limits: ImageDecodingLimits) throws(ImageDecodingError) -> RGBImage {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { data in WebPGetFeatures(data.baseAddress, data.count, &features) }
        guard status == VP8_STATUS_OK else { throw status == VP8_STATUS_UNSUPPORTED_FEATURE ? .unsupportedFormat : .corrupt("the WebP header is invalid") }
        if features.has_animation != 0 { throw .unsupportedFormat }
        let (width, height) = (Int(features.width), Int(features.height))
        try limits.checkDimensions(width: width, height: height)
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        let decoded = bytes.withUnsafeBufferPointer { data in
            pixels.withUnsafeMutableBufferPointer { out in WebPDecodeRGBInto(data.baseAddress, data.count, out.baseAddress, out.count, Int32(width * 3)) }
        }
        guard decoded != nil else { throw .corrupt("libwebp could not decode the picture data") }
        return RGBImage(width: width, height: height, pixels: pixels)
    }
}
