import CHeif

/// HEIF/HEIC (the iPhone's default) through libheif: the primary image's luma (Y) plane from a
/// YCbCr 4:2:0 decode, which is what HEVC usually stores, so no colour conversion runs (libheif
/// converts other layouts, RGB-coded ones included). libheif cannot convert to its monochrome
/// colourspace, and asking for the "original" colourspace yields RGB in libheif 1.15, hence
/// the explicit request. 10- and 12-bit luma is scaled down to 8 bits. libheif is opened on the
/// first HEIF picture (``LibHeif``).
struct HEIFGrayDecoder {
    var limits: ImageDecodingLimits

    func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        guard case .success(let heif) = LibHeif.shared else { throw .unsupportedFormat }
        guard let context = heif.contextAlloc() else { throw .corrupt("libheif could not allocate a context") }
        defer { heif.contextFree(context) }

        // libheif keeps pointers into the data while the context lives; `bytes` outlives it.
        let read = bytes.withUnsafeBytes { data in
            heif.readFromMemoryWithoutCopy(context, data.baseAddress, data.count, nil)
        }
        try Self.check(read)

        var handle: OpaquePointer?
        try Self.check(heif.primaryImageHandle(context, &handle))
        guard let handle else { throw .corrupt("the HEIF file has no primary image") }
        defer { heif.handleRelease(handle) }
        try limits.checkDimensions(
            width: Int(heif.handleWidth(handle)),
            height: Int(heif.handleHeight(handle))
        )

        return try lumaPlane(of: handle, heif)
    }

    /// The Y plane of a YCbCr 4:2:0 decode, scaled to 8 bits.
    private func lumaPlane(of handle: OpaquePointer, _ heif: LibHeif) throws(ImageDecodingError) -> GrayImage {
        var image: OpaquePointer?
        try Self.check(heif.decodeImage(handle, &image, heif_colorspace_YCbCr, heif_chroma_420, nil))
        guard let image else { throw .corrupt("libheif returned no picture") }
        defer { heif.imageRelease(image) }

        let width = Int(heif.imageWidth(image, heif_channel_Y))
        let height = Int(heif.imageHeight(image, heif_channel_Y))
        try limits.checkDimensions(width: width, height: height)
        let bits = Int(heif.bitsPerPixelRange(image, heif_channel_Y))
        guard (8...16).contains(bits) else { throw .unsupportedFormat }
        var stride: Int32 = 0
        guard let plane = heif.planeReadonly(image, heif_channel_Y, &stride),
              Int(stride) >= width * (bits > 8 ? 2 : 1)
        else { throw .corrupt("libheif returned no luma plane") }

        var pixels = [UInt8](repeating: 0, count: width * height)
        for row in 0..<height {
            let source = UnsafeRawPointer(plane + row * Int(stride))
            for column in 0..<width {
                // Deeper samples are native-endian 16-bit words holding `bits` significant bits.
                pixels[row * width + column] = bits == 8
                    ? source.load(fromByteOffset: column, as: UInt8.self)
                    : UInt8(truncatingIfNeeded: source.loadUnaligned(fromByteOffset: 2 * column, as: UInt16.self) >> (bits - 8))
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
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
