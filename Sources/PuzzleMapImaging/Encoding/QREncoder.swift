#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CQRencode

/// Makes QR codes with libqrencode: the smallest version that fits, with libqrencode choosing
/// numeric, alphanumeric, byte or kanji mode per segment (case-sensitive, so lowercase text
/// stays in byte mode while upper-case URLs and tag codes get the denser alphanumeric mode).
public struct QREncoder: Sendable {
    /// The error correction level of every code made.
    public var errorCorrection: QRErrorCorrection

    public init(errorCorrection: QRErrorCorrection = .medium) {
        self.errorCorrection = errorCorrection
    }

    /// The module matrix of `text` (UTF-8 in byte-mode segments).
    public func encode(_ text: String) throws(ImageEncodingError) -> QRMatrix {
        let byteCount = text.utf8.count
        guard byteCount > 0 else { throw .qrencodeFailed("the text is empty") }
        guard !text.utf8.contains(0) else { throw .qrencodeFailed("the text contains a NUL character") }
        errno = 0
        let code = text.withCString { QRcode_encodeString($0, 0, errorCorrection.qrencodeLevel, QR_MODE_8, 1) }
        guard let code else {
            if errno == ERANGE { throw .textTooLong(bytes: byteCount) }
            throw .qrencodeFailed(String(cString: strerror(errno)))
        }
        defer { QRcode_free(code) }
        let size = Int(code.pointee.width)
        guard size >= 21, let data = code.pointee.data else { throw .qrencodeFailed("libqrencode returned no modules") }
        // Bit 0 of each byte is the module's colour; the other bits describe its role.
        let modules = (0..<(size * size)).map { data[$0] & 1 == 1 }
        return QRMatrix(size: size, modules: modules)
    }
}
