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

    /// `jpeg` with an EXIF block saying which way up it stands, as a phone writes one: an APP1
    /// segment after the start of image, its TIFF header little-endian, one IFD entry.
    static func tagged(_ jpeg: [UInt8], orientation: UInt16) -> [UInt8] {
        let tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]          // "II", 42, first IFD at 8
            + [0x01, 0x00]                                                           // one entry
            + [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00]                       // Orientation, SHORT, one
            + [UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0x00, 0x00]
            + [0x00, 0x00, 0x00, 0x00]                                               // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        return Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload + Array(jpeg.dropFirst(2))
    }

    /// A portrait taken holding the phone upright is stored on its side and tagged 6: it is
    /// stood up (width and height swapped, the stored bottom-left corner at the top left), and
    /// each other orientation is turned or mirrored as EXIF says; an untagged photo is as stored.
    @Test func aPhoneJPEGIsStoodUprightAsItsEXIFSays() throws {
        let plain = try PortraitEncoder.decode(FixtureImages.colorProgressiveJPEG, limits: .standard, near: 1000)
        #expect(try PortraitEncoder.decode(Self.tagged(FixtureImages.colorProgressiveJPEG, orientation: 1), limits: .standard, near: 1000) == plain)
        func pixel(_ image: RGBImage, _ x: Int, _ y: Int) -> [UInt8] { Array(image.pixels[(y * image.width + x) * 3..<(y * image.width + x) * 3 + 3]) }
        let (w, h) = (plain.width, plain.height)
        // Where the stored pixel (sx, sy) stands once upright, orientation by orientation.
        let expected: [UInt16: (width: Int, height: Int, source: (Int, Int) -> (Int, Int))] = [
            2: (w, h, { x, y in (w - 1 - x, y) }), 3: (w, h, { x, y in (w - 1 - x, h - 1 - y) }), 4: (w, h, { x, y in (x, h - 1 - y) }),
            5: (h, w, { x, y in (y, x) }), 6: (h, w, { x, y in (y, h - 1 - x) }), 7: (h, w, { x, y in (w - 1 - y, h - 1 - x) }),
            8: (h, w, { x, y in (w - 1 - y, x) }),
        ]
        for (orientation, shape) in expected.sorted(by: { $0.key < $1.key }) {
            let upright = try PortraitEncoder.decode(Self.tagged(FixtureImages.colorProgressiveJPEG, orientation: orientation), limits: .standard, near: 1000)
            #expect(upright.width == shape.width && upright.height == shape.height, "orientation \(orientation)")
            for (x, y) in [(0, 0), (shape.width - 1, 0), (0, shape.height - 1), (shape.width / 3, shape.height / 2)] {
                let (sx, sy) = shape.source(x, y)
                #expect(pixel(upright, x, y) == pixel(plain, sx, sy), "orientation \(orientation) at \(x), \(y)")
            }
        }
        // Corner checks in words, for 6: the stored bottom-left is the upright top-left.
        let six = try PortraitEncoder.decode(Self.tagged(FixtureImages.colorProgressiveJPEG, orientation: 6), limits: .standard, near: 1000)
        #expect(pixel(six, 0, 0) == pixel(plain, 0, h - 1) && pixel(six, h - 1, 0) == pixel(plain, 0, 0))
        // A tag out of range, or EXIF that does not parse, leaves the photo as stored.
        #expect(try PortraitEncoder.decode(Self.tagged(FixtureImages.colorProgressiveJPEG, orientation: 9), limits: .standard, near: 1000) == plain)
        var broken = Self.tagged(FixtureImages.colorProgressiveJPEG, orientation: 6)
        broken[12] = 0x4D  // "IM": no byte order
        #expect(try PortraitEncoder.decode(broken, limits: .standard, near: 1000) == plain)
    }
}
