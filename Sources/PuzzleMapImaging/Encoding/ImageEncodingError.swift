/// Why a QR code or picture could not be produced.
public enum ImageEncodingError: Error, Sendable, Equatable {
    /// The text does not fit in the largest QR code (version 40) at the chosen error correction.
    case textTooLong(bytes: Int)
    /// libqrencode refused for another reason (the text is the errno description).
    case qrencodeFailed(String)
    /// libpng could not write the picture.
    case pngFailed(String)
    /// Scale or quiet zone out of range.
    case invalidRendering(String)

    /// A stable snake_case identifier.
    public var code: String {
        switch self {
        case .textTooLong: "qr_text_too_long"
        case .qrencodeFailed: "qr_encoding_failed"
        case .pngFailed: "png_encoding_failed"
        case .invalidRendering: "invalid_qr_rendering"
        }
    }

    /// What happened, in a sentence.
    public var detail: String {
        switch self {
        case .textTooLong(let bytes): "The text (\(bytes) bytes) does not fit in a QR code."
        case .qrencodeFailed(let reason): "The QR code could not be encoded: \(reason)."
        case .pngFailed(let reason): "The PNG could not be written: \(reason)."
        case .invalidRendering(let reason): "The QR code cannot be drawn that way: \(reason)."
        }
    }
}
