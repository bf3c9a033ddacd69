import CHeif

/// HEIF/HEIC (the iPhone's default) through libheif: for scanning, the primary image's luma (Y) plane from a
/// YCbCr 4:2:0 decode, which is what HEVC usually stores, so no colour conversion runs (libheif
/// converts other layouts, RGB-coded ones included). libheif cannot convert to its monochrome
/// colourspace, and asking for the "original" colourspace yields RGB in libheif 1.15, hence
/// the explicit request. 10- and 12-bit luma is scaled down to 8 bits. libheif is opened on the
/// first HEIF picture (``LibHeif``).
struct HEIFDecoder {
    var limits: ImageDecodingLimits

    func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        try primaryImage(of: bytes) { handle, heif throws(ImageDecodingError) in try lumaPlane(of: handle, heif) }
    }

    /// The primary image in colour (a profile picture, a campus plan): an interleaved 8-bit RGB
    /// decode, libheif converting whatever the file stores.
    func decodeRGB(_ bytes: [UInt8]) throws(ImageDecodingError) -> RGBImage {
        try primaryImage(of: bytes) { handle, heif throws(ImageDecodingError) in try rgbPlane(of: handle, heif) }
    }

    /// Opens the file in a libheif context, checks the primary image's size against the
    /// limits, and gives its handle to `body` while the context lives.
    private func primaryImage<Image>(of bytes: [UInt8],
                                     _ body: (OpaquePointer, LibHeif) throws(ImageDecodingError) -> Image) throws(ImageDecodingError) -> Image {
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

        return try body(handle, heif)
    }

    /// An interleaved RGB decode, three bytes a pixel.
    private func rgbPlane(of handle: OpaquePointer, _ heif: LibHeif) throws(ImageDecodingError) -> RGBImage {
        var image: OpaquePointer?
        try Self.check(heif.decodeImage(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil))
        guard let image else { throw .corrupt("libheif returned no picture") }
        defer { heif.imageRelease(image) }
        let width = Int(heif.imageWidth(image, heif_channel_interleaved))
        let height = Int(heif.imageHeight(image, heif_channel_interleaved))
        try limits.checkDimensions(width: width, height: height)
        var stride: Int32 = 0
        guard let plane = heif.planeReadonly(image, heif_channel_interleaved, &stride), Int(stride) >= width * 3
        else { throw .corrupt("libheif returned no colour plane") }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        pixels.withUnsafeMutableBufferPointer { out in
            for row in 0..<height {
                (out.baseAddress! + row * width * 3).update(from: plane + row * Int(stride), count: width * 3)
            }
        }
        return RGBImage(width: width, height: height, pixels: pixels)
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
