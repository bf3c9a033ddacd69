import CWebP

/// WebP (lossy and lossless, still images) through libwebp, decoded to RGBA, laid over white
/// and reduced to luma.
struct WebPGrayDecoder {
    var limits: ImageDecodingLimits

    func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { data in
            WebPGetFeatures(data.baseAddress, data.count, &features)
        }
        switch status {
        case VP8_STATUS_OK: break
        case VP8_STATUS_UNSUPPORTED_FEATURE: throw .unsupportedFormat
        case VP8_STATUS_NOT_ENOUGH_DATA: throw .corrupt("the WebP data is truncated")
        default: throw .corrupt("the WebP header is invalid")
        }
        if features.has_animation != 0 { throw .unsupportedFormat }
        let width = Int(features.width)
        let height = Int(features.height)
        try limits.checkDimensions(width: width, height: height)

        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let decoded = bytes.withUnsafeBufferPointer { data in
            rgba.withUnsafeMutableBufferPointer { out in
                WebPDecodeRGBAInto(data.baseAddress, data.count, out.baseAddress, out.count, Int32(width * 4))
            }
        }
        guard decoded != nil else { throw .corrupt("libwebp could not decode the picture data") }
        return GrayImage(width: width, height: height, pixels: Luma.fromRGBAOverWhite(rgba))
    }
}
