import CPNG

/// Writes a ``GrayImage`` as an 8-bit grayscale PNG through libpng's simplified write API.
public enum PNGEncoder {
    /// The PNG file bytes of `image`.
    public static func encode(_ image: GrayImage) throws(ImageEncodingError) -> [UInt8] {
        try encode(image.pixels, width: image.width, height: image.height, format: UInt32(PNG_FORMAT_GRAY))
    }

    /// The PNG file bytes of a colour picture.
    public static func encodeRGB(_ image: RGBImage) throws(ImageEncodingError) -> [UInt8] {
        try encode(image.pixels, width: image.width, height: image.height, format: UInt32(PNG_FORMAT_RGB))
    }

    private static func encode(_ pixels: [UInt8], width: Int, height: Int, format: UInt32) throws(ImageEncodingError) -> [UInt8] {
        var header = png_image()
        header.version = UInt32(PNG_IMAGE_VERSION)
        header.width = UInt32(width)
        header.height = UInt32(height)
        header.format = format
        defer { png_image_free(&header) }
        let stride = Int32(width * (format == UInt32(PNG_FORMAT_RGB) ? 3 : 1))

        // First call measures, second call writes.
        var size = 0
        let measured = pixels.withUnsafeBytes { pixels in
            png_image_write_to_memory(&header, nil, &size, 0, pixels.baseAddress, stride, nil)
        }
        guard measured != 0, size > 0 else { throw .pngFailed(PNGGrayDecoder.message(of: header)) }

        var output = [UInt8](repeating: 0, count: size)
        let written = pixels.withUnsafeBytes { pixels in
            output.withUnsafeMutableBytes { memory in
                png_image_write_to_memory(&header, memory.baseAddress, &size, 0, pixels.baseAddress, stride, nil)
            }
        }
        guard written != 0, size <= output.count else { throw .pngFailed(PNGGrayDecoder.message(of: header)) }
        return Array(output.prefix(size))
    }
}
