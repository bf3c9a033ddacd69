import CHeif

/// HEIF/HEIC (the iPhone's default) through libheif: the primary image's luma plane, taken as
/// decoded (libheif cannot convert YCbCr to its monochrome colourspace), with an RGB decode
/// and our own luma for files whose native colourspace is RGB.
struct HEIFGrayDecoder {
    var limits: ImageDecodingLimits

    func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        guard let context = heif_context_alloc() else { throw .corrupt("libheif could not allocate a context") }
        defer { heif_context_free(context) }

        // libheif keeps pointers into the data while the context lives; `bytes` outlives it.
        let read = bytes.withUnsafeBytes { data in
            heif_context_read_from_memory_without_copy(context, data.baseAddress, data.count, nil)
        }
        try Self.check(read)

        var handle: OpaquePointer?
        try Self.check(heif_context_get_primary_image_handle(context, &handle))
        guard let handle else { throw .corrupt("the HEIF file has no primary image") }
        defer { heif_image_handle_release(handle) }
        try limits.checkDimensions(
            width: Int(heif_image_handle_get_width(handle)),
            height: Int(heif_image_handle_get_height(handle))
        )

        if let gray = try lumaPlane(of: handle) { return gray }
        return try rgbLuma(of: handle)
    }

    /// The Y plane of a YCbCr or monochrome decode, scaled to 8 bits; nil for RGB files.
    private func lumaPlane(of handle: OpaquePointer) throws(ImageDecodingError) -> GrayImage? {
        var image: OpaquePointer?
        try Self.check(heif_decode_image(handle, &image, heif_colorspace_undefined, heif_chroma_undefined, nil))
        guard let image else { throw .corrupt("libheif returned no picture") }
        defer { heif_image_release(image) }
        let colorspace = heif_image_get_colorspace(image)
        guard colorspace == heif_colorspace_YCbCr || colorspace == heif_colorspace_monochrome else { return nil }

        let width = Int(heif_image_get_width(image, heif_channel_Y))
        let height = Int(heif_image_get_height(image, heif_channel_Y))
        try limits.checkDimensions(width: width, height: height)
        let bits = Int(heif_image_get_bits_per_pixel_range(image, heif_channel_Y))
        guard (8...16).contains(bits) else { throw .unsupportedFormat }
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_Y, &stride),
              Int(stride) >= width * (bits > 8 ? 2 : 1)
        else { throw .corrupt("libheif returned no luma plane") }

        var pixels = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = plane + row * Int(stride)
            for column in 0..<width {
                pixels[row * width + column] = bits == 8
                    ? source[column]
                    : UInt8(truncatingIfNeeded: (UInt16(source[2 * column]) | UInt16(source[2 * column + 1]) << 8) >> (bits - 8))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Luma computed from an 8-bit interleaved RGBA decode (alpha laid over white).
    private func rgbLuma(of handle: OpaquePointer) throws(ImageDecodingError) -> GrayImage {
        var image: OpaquePointer?
        try Self.check(heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, nil))
        guard let image else { throw .corrupt("libheif returned no picture") }
        defer { heif_image_release(image) }
        let width = Int(heif_image_get_width(image, heif_channel_interleaved))
        let height = Int(heif_image_get_height(image, heif_channel_interleaved))
        try limits.checkDimensions(width: width, height: height)
        var stride: Int32 = 0
        guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride),
              Int(stride) >= width * 4
        else { throw .corrupt("libheif returned no RGB plane") }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                (out.baseAddress! + row * width * 4).update(from: plane + row * Int(stride), count: width * 4)
            }
        }
        return GrayImage(width: width, height: height, pixels: Luma.fromRGBAOverWhite(rgba))
    }

    private static func check(_ error: heif_error) throws(ImageDecodingError) {
        guard error.code != heif_error_Ok else { return }
        let message = error.message.map { String(cString: $0) } ?? "libheif failed"
        switch (error.code, error.subcode) {
        case (_, heif_suberror_Security_limit_exceeded):
            throw .corrupt("libheif refused the file: \(message)")
        case (heif_error_Unsupported_filetype, _), (heif_error_Unsupported_feature, _):
            throw .unsupportedFormat
        default:
            throw .corrupt(message)
        }
    }
}
