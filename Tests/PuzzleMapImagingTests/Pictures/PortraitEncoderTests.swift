import CWebP
import Foundation
@testable import PuzzleMapImaging
import PuzzleMapTestFixtures
import Testing

@Suite struct PortraitEncoderTests {
    /// A 300 x 200 picture: the left half red, the right half blue, as a PNG.
    static func halves() throws -> [UInt8] {
        var pixels: [UInt8] = []
        for _ in 0..<200 { for x in 0..<300 { pixels += x < 150 ? [220, 20, 20] : [20, 20, 220] } }
        return try PNGEncoder.encodeRGB(RGBImage(width: 300, height: 200, pixels: pixels))
    }

    /// The size and pixels of a WebP, as a browser decodes it.
    static func decoded(_ webp: [UInt8]) -> (width: Int32, height: Int32, pixels: [UInt8]) {
        var (width, height): (Int32, Int32) = (0, 0)
        let pointer = webp.withUnsafeBufferPointer { WebPDecodeRGB($0.baseAddress, $0.count, &width, &height) }
        defer { WebPFree(pointer) }
        return (width, height, pointer.map { Array(UnsafeBufferPointer(start: $0, count: Int(width * height * 3))) } ?? [])
    }

    @Test func aPhotoBecomesItsCentredSquareAsASmallWebP() throws {
        let portrait = try PortraitEncoder(side: 100).portrait(from: try Self.halves())
        #expect(Array(portrait.prefix(4)) == Array("RIFF".utf8) && Array(portrait[8..<12]) == Array("WEBP".utf8))
        let (width, height, pixels) = Self.decoded(portrait)
        #expect(width == 100 && height == 100)
        // The centred 200 x 200 square: red on its left quarter, blue on its right.
        let left = Array(pixels[(50 * 100 + 10) * 3..<(50 * 100 + 10) * 3 + 3]), right = Array(pixels[(50 * 100 + 90) * 3..<(50 * 100 + 90) * 3 + 3])
        #expect(left[0] > 180 && left[2] < 60 && right[2] > 180 && right[0] < 60)
    }

    @Test func aJPEGIsReadInColourAndAnythingElseIsRefused() throws {
        // 87 px: smaller than the square kept, which stays the size it is.
        #expect(Self.decoded(try PortraitEncoder().portrait(from: FixtureImages.colorProgressiveJPEG)).width == 87)
        #expect(Self.decoded(try PortraitEncoder().portrait(from: FixtureImages.lossyWebP)).width == 87)
        #expect(throws: ImageDecodingError.unsupportedFormat) { try PortraitEncoder().portrait(from: Array("<svg onload=alert(1)>".utf8)) }
        // An iPhone's HEIC is read in colour too.
        let heic = Self.decoded(try PortraitEncoder().portrait(from: FixtureImages.heic))
        #expect(heic.width > 0 && heic.width == heic.height)
        #expect(throws: ImageDecodingError.self) { try PortraitEncoder().portrait(from: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]) }
    }
}
