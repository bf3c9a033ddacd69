/// Builds PNG files chunk by chunk, for pictures no encoder would write (e.g. bomb headers).
public enum PNGChunks {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// A gray 8-bit PNG header announcing `width` x `height`, followed by a token IDAT and IEND.
    public static func grayFile(width: UInt32, height: UInt32) -> [UInt8] {
        var header = bigEndian(width) + bigEndian(height)
        header += [8, 0, 0, 0, 0]  // bit depth 8, gray, deflate, adaptive filter, no interlace
        // A valid zlib stream of one empty stored block: enough for libpng to reach IDAT.
        let idat: [UInt8] = [0x78, 0x01, 0x01, 0x00, 0x00, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x01]
        return signature + chunk("IHDR", header) + chunk("IDAT", idat) + chunk("IEND", [])
    }

    public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
    }

    public static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    public static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
