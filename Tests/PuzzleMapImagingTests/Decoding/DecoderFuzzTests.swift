import PuzzleMapCore
import Testing
import PuzzleMapImaging
import PuzzleMapTestFixtures

/// Damaged uploads (cut short, bytes flipped, bytes inserted or removed) must come back as a
/// picture or as an ``ImageDecodingError``: never a crash, never a hang.
@Suite struct DecoderFuzzTests {
    static let mutationsPerFixture = 60

    @Test(arguments: FixtureImages.names)
    func damagedFilesDecodeOrFailWithATypedError(name: String) throws {
        let bytes = FixtureImages.named(name)
        var random = SplitMix64(seed: UInt64(bytes.count))
        let decoder = ImageDecoder()
        let scanner = QRScanner(workBudget: .max)
        var decoded = 0
        var refused: [String: Int] = [:]
        for round in 0..<Self.mutationsPerFixture {
            let damaged = ImageDamage.damage(bytes, round: round, using: &random)
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
}
