/// Turns uploaded picture bytes (JPEG, PNG, WebP, HEIF) into a ``GrayImage``.
///
/// The format is sniffed from the leading bytes; size limits are checked first against the byte
/// count and then against the dimensions in the header, before anything is decompressed.
/// Large JPEGs are decoded at a reduced scale by libjpeg itself (DCT scaling), which is both
/// faster and what QR scanning wants.
public struct ImageDecoder: Sendable {
    /// Byte and pixel ceilings.
    public var limits: ImageDecodingLimits
    /// JPEGs longer than this on their longest side are decoded at the smallest 1/8 step that
    /// still reaches it; nil always decodes at full size.
    public var jpegTargetLongestSide: Int?

    public init(limits: ImageDecodingLimits = .standard, jpegTargetLongestSide: Int? = 1200) {
        self.limits = limits
        self.jpegTargetLongestSide = jpegTargetLongestSide
    }

    /// Decodes `bytes` to 8-bit luminance.
    public func decode(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage {
        try limits.checkSize(of: bytes)
        guard let format = ImageFormat.sniff(bytes) else { throw .unsupportedFormat }
        switch format {
        case .jpeg:
            return try JPEGGrayDecoder(limits: limits, targetLongestSide: jpegTargetLongestSide).decode(bytes)
        case .png:
            return try PNGGrayDecoder(limits: limits).decode(bytes)
        case .webp:
            return try WebPGrayDecoder(limits: limits).decode(bytes)
        case .heif:
            return try HEIFDecoder(limits: limits).decode(bytes)
        }
    }

    /// The picture at full resolution when ``decode(_:)`` returns it reduced (a large JPEG),
    /// nil when ``decode(_:)`` already gives every pixel. The same limits apply.
    func decodeFullResolutionIfReduced(_ bytes: [UInt8]) throws(ImageDecodingError) -> GrayImage? {
        try limits.checkSize(of: bytes)
        guard ImageFormat.sniff(bytes) == .jpeg else { return nil }
        let reduced = JPEGGrayDecoder(limits: limits, targetLongestSide: jpegTargetLongestSide)
        guard try reduced.decodesReduced(bytes) else { return nil }
        return try JPEGGrayDecoder(limits: limits, targetLongestSide: nil).decode(bytes)
    }
}
