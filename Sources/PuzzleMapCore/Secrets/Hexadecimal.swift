extension Sequence<UInt8> {
    /// The bytes as lowercase hexadecimal, two digits each: how digests, token hashes,
    /// fingerprints and tags are written. Without `String(format:)`, which parses its format
    /// for every byte, and written straight into the string's storage: token hashes and answer
    /// tags are made on every request.
    public var hexadecimal: String {
        let bytes = Array(self)
        return String(unsafeUninitializedCapacity: 2 * bytes.count) { text in
            for (index, byte) in bytes.enumerated() {
                text[2 * index] = Self.digit(byte >> 4)
                text[2 * index + 1] = Self.digit(byte & 0x0F)
            }
            return 2 * bytes.count
        }
    }

    /// `0`-`9` and `a`-`f` in UTF-8.
    private static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? 0x30 + value : 0x57 + value
    }
}
