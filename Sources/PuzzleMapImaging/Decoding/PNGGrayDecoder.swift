import CPNG

/// PNG through libpng's simplified `png_image` API, which converts any colour type and bit depth
/// to 8-bit gray and catches libpng's longjmp errors inside libpng itself.
struct PNGGrayDecoder {
    var limits: ImageDecodingLimits

    /// Transparent pixels are laid over white, as a browser would show them.
    private static let background = png_color(red: 255, green: 255, blue: 255)

    func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }

        let began = bytes.withUnsafeBytes { data in
            png_image_begin_read_from_memory(&image, data.baseAddress, data.count)
        }
        guard began != 0 else { throw .corrupt(Self.message(of: image)) }
        let width = Int(image.width)
        let height = Int(image.height)
        try limits.checkDimensions(width: width, height: height)

        image.format = UInt32(PNG_FORMAT_GRAY)
        var pixels = [UInt8](repeating: 0, count: width * height)
        var background = Self.background
        let finished = pixels.withUnsafeMutableBytes { out in
            png_image_finish_read(&image, &background, out.baseAddress, Int32(width), nil)
        }
        guard finished != 0 else { throw .corrupt(Self.message(of: image)) }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    static func message(of image: png_image) -> String {
        var message = image.message
        let text = withUnsafeBytes(of: &message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return text.isEmpty ? "libpng failed" : text
    }
}
