/// Ceilings checked before any pixel is decoded, so a hostile upload cannot exhaust memory.
public struct ImageDecodingLimits: Sendable, Hashable {
    /// Largest accepted file, in bytes.
    public var maxBytes: Int
    /// Largest accepted picture, in pixels, as its header announces it.
    public var maxPixels: Int

    public init(maxBytes: Int = 15 * 1024 * 1024, maxPixels: Int = 50_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
    }

    /// 15 MiB and 50 megapixels.
    public static let standard = ImageDecodingLimits()

    func checkSize(of bytes: [UInt8]) throws(ImageDecodingError) {
        if bytes.isEmpty { throw .empty }
        if bytes.count > maxBytes { throw .tooLarge(bytes: bytes.count, limit: maxBytes) }
    }

    func checkDimensions(width: Int, height: Int) throws(ImageDecodingError) {
        guard width > 0, height > 0 else { throw .corrupt("the header gives a size of \(width)x\(height)") }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        if overflow || pixels > maxPixels {
            throw .tooManyPixels(width: width, height: height, limit: maxPixels)
        }
    }
}
