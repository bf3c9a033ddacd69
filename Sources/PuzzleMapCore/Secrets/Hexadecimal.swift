extension Sequence<UInt8> {
    /// The bytes as lowercase hexadecimal, two digits each: how digests, token hashes,
    /// fingerprints and tags are written. Without `String(format:)`, which parses its format
    /// for every byte: token hashes and answer tags are made on every request.
    public var hexadecimal: String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(underestimatedCount * 2)
        for byte in self {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
