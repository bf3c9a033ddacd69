/// The picture formats ``ImageDecoder`` reads, recognised by their leading bytes, never by name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg
    case png
    case webp
    case heif

    /// The format whose signature `bytes` start with, or nil.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.count >= 12, bytes[0..<4].elementsEqual(ascii("RIFF")),
           bytes[8..<12].elementsEqual(ascii("WEBP")) {
            return .webp
        }
        if bytes.count >= 12, bytes[4..<8].elementsEqual(ascii("ftyp")),
           heifBrands.contains(Array(bytes[8..<12])) {
            return .heif
        }
        return nil
    }

    /// ISO base media "major brands" of HEIF still images (HEVC- and AV1-coded).
    private static let heifBrands: Set<[UInt8]> = Set(
        ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"].map(ascii)
    )

    private static func ascii(_ text: String) -> [UInt8] { Array(text.utf8) }
}
