/// Why ``PhotoReader`` could not give an answer (never "no code found", which is an empty
/// result): the picture could not be decoded, or zbar itself failed.
public enum PhotoReadingError: Error, Sendable, Equatable {
    /// The bytes are not a picture that can be decoded within the limits.
    case image(ImageDecodingError)
    /// The QR machinery failed.
    case scanner(QRScanningError)

    /// The stable snake_case identifier of the underlying error.
    public var code: String {
        switch self {
        case .image(let error): error.code
        case .scanner(let error): error.code
        }
    }

    /// What happened, in a sentence.
    public var detail: String {
        switch self {
        case .image(let error): error.detail
        case .scanner(let error): error.detail
        }
    }
}

extension PhotoReadingError: CustomStringConvertible {
    public var description: String { "\(code): \(detail)" }
}
