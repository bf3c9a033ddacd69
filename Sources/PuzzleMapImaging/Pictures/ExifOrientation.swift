import CExif

/// How a camera says its photo is to be turned to stand upright: the EXIF `Orientation` a
/// phone writes instead of turning the pixels (a portrait taken holding the phone upright is
/// stored on its side, tagged 6). Read by libexif; pixels turned by ``RGBImage/oriented(_:)``.
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case upright = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    /// Mirrored across the diagonal from the top left.
    case transposed = 5
    /// Stored on its side: turned a quarter clockwise to stand upright.
    case turnedLeft = 6
    case transverse = 7
    /// Turned a quarter anticlockwise to stand upright.
    case turnedRight = 8

    /// Whether standing the picture upright swaps its width and height.
    public var swapsSides: Bool { rawValue >= 5 }

    /// The orientation a JPEG's EXIF gives; upright when it has none or gives no valid one.
    static func of(jpeg bytes: [UInt8]) -> ExifOrientation {
        guard let data = bytes.withUnsafeBufferPointer({ exif_data_new_from_data($0.baseAddress, UInt32(clamping: $0.count)) }) else {
            return .upright
        }
        defer { exif_data_unref(data) }
        guard let first = data.pointee.ifd.0, let entry = exif_content_get_entry(first, EXIF_TAG_ORIENTATION),
              entry.pointee.format == EXIF_FORMAT_SHORT, entry.pointee.components == 1, entry.pointee.size >= 2, let value = entry.pointee.data
        else { return .upright }
        return ExifOrientation(rawValue: Int(exif_get_short(value, exif_data_get_byte_order(data)))) ?? .upright
    }
}
