/// Why an uploaded picture could not be turned into a ``GrayImage``.
///
/// Each case has a stable machine `code` (for the HTTP problem document) and a human `detail`.
public enum ImageDecodingError: Error, Sendable, Equatable {
    /// No bytes at all.
    case empty
    /// More bytes than the configured limit.
    case tooLarge(bytes: Int, limit: Int)
    /// The header announces more pixels than the configured limit (a decompression bomb, or a
    /// picture far bigger than any phone takes).
    case tooManyPixels(width: Int, height: Int, limit: Int)
    /// Not JPEG, PNG, WebP or HEIF, judged by the leading bytes, or a variant we do not decode.
    case unsupportedFormat
    /// The format was recognised but the data is damaged; the text says what the library found.
    case corrupt(String)

    /// A stable snake_case identifier, safe to show to API clients and to match on.
    public var code: String {
        switch self {
        case .empty: "empty_image"
        case .tooLarge: "image_too_large"
        case .tooManyPixels: "too_many_pixels"
        case .unsupportedFormat: "unsupported_image_format"
        case .corrupt: "corrupt_image"
        }
    }

    /// What happened, in a sentence.
    public var detail: String {
        switch self {
        case .empty:
            "The image is empty."
        case .tooLarge(let bytes, let limit):
            "The image is \(bytes) bytes; at most \(limit) bytes are accepted."
        case .tooManyPixels(let width, let height, let limit):
            "The image is \(width)x\(height) pixels; at most \(limit) pixels are accepted."
        case .unsupportedFormat:
            "The image is not a JPEG, PNG, WebP or HEIF picture that can be read."
        case .corrupt(let reason):
            "The image could not be read: \(reason)."
        }
    }
}

extension ImageDecodingError: CustomStringConvertible {
    public var description: String { "\(code): \(detail)" }
}
