import CQRencode

/// How much of a QR code may be damaged and still read: about 7, 15, 25 or 30 percent.
public enum QRErrorCorrection: String, Sendable, CaseIterable {
    case low, medium, quartile, high

    var qrencodeLevel: QRecLevel {
        switch self {
        case .low: QR_ECLEVEL_L
        case .medium: QR_ECLEVEL_M
        case .quartile: QR_ECLEVEL_Q
        case .high: QR_ECLEVEL_H
        }
    }
}
