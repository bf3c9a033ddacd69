import PuzzleMapCore
import Testing
import PuzzleMapImaging

/// Damaged uploads (cut short, bytes flipped, bytes inserted or removed) must come back as a
/// picture or as an ``ImageDecodingError``: never a crash, never a hang.
@Suite struct DecoderFuzzTests {
    static let mutationsPerFixture = 60

    @Test(arguments: FixtureImages.names)
    func damagedFilesDecodeOrFailWithATypedError(name: String) throws {
        let bytes = FixtureImages.named(name)
        var random = SplitMix64(seed: UInt64(bytes.count))
        let decoder = ImageDecoder()
        let scanner = QRScanner(timeBudget: .seconds(3600))
        var decoded = 0
        var refused: [String: Int] = [:]
        for round in 0..<Self.mutationsPerFixture {
            let damaged = Self.damage(bytes, round: round, using: &random)
            do {
                let image = try decoder.decode(damaged)
                #expect(image.pixels.count == image.width * image.height)
                _ = try scanner.scan(image)
                decoded += 1
            } catch let error as ImageDecodingError {
                refused[error.code, default: 0] += 1
            }
        }
        #expect(decoded + refused.values.reduce(0, +) == Self.mutationsPerFixture, "\(refused)")
        let knownCodes: Set = ["empty_image", "image_too_large", "too_many_pixels", "unsupported_image_format", "corrupt_image"]
        #expect(Set(refused.keys).isSubset(of: knownCodes), "\(refused)")
    }

    /// One of four kinds of damage, chosen by round so every kind is exercised.
    static func damage(_ bytes: [UInt8], round: Int, using random: inout SplitMix64) -> [UInt8] {
        var damaged = bytes
        switch round % 4 {
        case 0:
            damaged = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case 1:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 2:
            let at = Int.random(in: 0..<damaged.count, using: &random)
            damaged.insert(contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
        default:
            // Keep the signature so the decoder, not the sniffer, meets the damage.
            let start = Int.random(in: 12..<damaged.count, using: &random)
            let end = min(damaged.count, start + Int.random(in: 1...256, using: &random))
            damaged.removeSubrange(start..<end)
        }
        return damaged
    }
}
