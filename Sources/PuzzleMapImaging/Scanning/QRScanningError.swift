/// A failure of the QR machinery itself (never "no code found", which is an empty result).
public enum QRScanningError: Error, Sendable, Equatable {
    /// zbar refused a call; the text names it.
    case zbarFailed(String)

    /// A stable snake_case identifier.
    public var code: String { "qr_scanner_failed" }

    /// What happened, in a sentence.
    public var detail: String {
        switch self {
        case .zbarFailed(let call): "The QR scanner failed in \(call)."
        }
    }
}
