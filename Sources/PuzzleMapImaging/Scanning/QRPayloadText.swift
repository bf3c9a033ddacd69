#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns a QR code's raw bytes into text.
///
/// A QR code's byte segments carry no charset unless an ECI designator names one; zbar applies
/// an ECI itself (its output is then UTF-8), so what reaches us is either UTF-8 or unlabelled
/// bytes. The order: a UTF-8 byte-order mark or valid multi-byte UTF-8 wins; otherwise the bytes
/// are weighed as Shift_JIS against ISO-8859-1 (the two encodings the QR standard has had as
/// its default). zbar's own guess reads runs of half-width katakana as kanji, which is why we
/// ask zbar for raw bytes and decide here.
public enum QRPayloadText {
    /// The text `bytes` most plausibly encode.
    public static func decode(_ bytes: [UInt8]) -> String {
        let utf8BOM: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bytes.starts(with: utf8BOM) {
            return String(decoding: bytes.dropFirst(3), as: UTF8.self)
        }
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        let evidence = ShiftJISEvidence(bytes)
        if evidence.isValidShiftJIS, evidence.prefersShiftJIS || !evidence.isValidLatin1,
           let text = convert(bytes, from: "CP932") ?? convert(bytes, from: "SHIFT_JIS") {
            return text
        }
        return latin1(bytes)
    }

    /// Each byte as the Unicode scalar of the same number (ISO-8859-1 is Unicode's first block).
    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Converts with glibc's iconv; nil if the charset is unknown or the bytes are invalid in it.
    static func convert(_ bytes: [UInt8], from charset: String) -> String? {
        let converter = iconv_open("UTF-8", charset)
        guard let converter, converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }

        var input = bytes.map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: bytes.count * 4 + 4)
        let written: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress
                var inLeft = inBuffer.count
                var outPointer = outBuffer.baseAddress
                var outLeft = outBuffer.count
                let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                guard result != -1, inLeft == 0 else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let written else { return nil }
        return String(validating: output.prefix(written).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What a byte string says about being Shift_JIS rather than ISO-8859-1.
struct ShiftJISEvidence {
    private(set) var isValidShiftJIS = true
    private(set) var isValidLatin1: Bool
    private var halfWidthKatakana = 0
    private var longestKatakanaRun = 0
    private var longestDoubleByteRun = 0
    /// Latin-1 characters that are rare in real text (symbols, ×, ÷) yet common as Shift_JIS bytes.
    private let unusualLatin1: Int
    private let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        var katakanaRun = 0
        var doubleByteRun = 0
        var index = 0
        isValidLatin1 = !bytes.contains { (0x80...0x9F).contains($0) }
        unusualLatin1 = bytes.count { $0 >= 0xA0 && ($0 < 0xC0 || $0 == 0xD7 || $0 == 0xF7) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x00...0x7F:
                katakanaRun = 0
                doubleByteRun = 0
                index += 1
            case 0xA1...0xDF:
                halfWidthKatakana += 1
                katakanaRun += 1
                longestKatakanaRun = max(longestKatakanaRun, katakanaRun)
                doubleByteRun = 0
                index += 1
            case 0x81...0x9F, 0xE0...0xEF:
                guard index + 1 < bytes.count, Self.isTrailByte(bytes[index + 1]) else {
                    isValidShiftJIS = false
                    return
                }
                doubleByteRun += 1
                longestDoubleByteRun = max(longestDoubleByteRun, doubleByteRun)
                katakanaRun = 0
                index += 2
            default:
                isValidShiftJIS = false
                return
            }
        }
    }

    /// Runs of three katakana or three double-byte characters are Japanese; two lone katakana
    /// or many unusual Latin-1 symbols are more likely Japanese than Latin-1 too.
    var prefersShiftJIS: Bool {
        if longestKatakanaRun >= 3 || longestDoubleByteRun >= 3 { return true }
        if longestKatakanaRun == 2 && halfWidthKatakana == 2 { return true }
        return unusualLatin1 * 10 >= count
    }

    private static func isTrailByte(_ byte: UInt8) -> Bool {
        (0x40...0x7E).contains(byte) || (0x80...0xFC).contains(byte)
    }
}
