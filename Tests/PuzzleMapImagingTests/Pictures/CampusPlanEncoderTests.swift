import Foundation
@testable import PuzzleMapImaging
import PuzzleMapTestFixtures
import Testing

@Suite struct CampusPlanEncoderTests {
    /// A 3200 x 1800 plan: a green campus with a dark road down its middle, as a PNG.
    static func campus() throws -> [UInt8] {
        var pixels = [UInt8](repeating: 0, count: 3200 * 1800 * 3)
        for y in 0..<1800 {
            for x in 0..<3200 {
                let road = (1560..<1640).contains(x)
                let index = (y * 3200 + x) * 3
                (pixels[index], pixels[index + 1], pixels[index + 2]) = road ? (40, 40, 40) : (200, 230, 190)
            }
        }
        return try PNGEncoder.encodeRGB(RGBImage(width: 3200, height: 1800, pixels: pixels))
    }

    @Test func aLargePlanIsShrunkToFitAndKeptAsAWebPOfItsShape() throws {
        let (webp, width, height) = try CampusPlanEncoder().plan(from: try Self.campus())
        #expect((width, height) == (1600, 900))
        #expect(Array(webp.prefix(4)) == Array("RIFF".utf8) && Array(webp[8..<12]) == Array("WEBP".utf8))
        let decoded = PortraitEncoderTests.decoded(webp)
        #expect(decoded.width == 1600 && decoded.height == 900)
        // The road is still down the middle, the grass either side of it.
        let road = Array(decoded.pixels[(450 * 1600 + 800) * 3..<(450 * 1600 + 800) * 3 + 3])
        let grass = Array(decoded.pixels[(450 * 1600 + 200) * 3..<(450 * 1600 + 200) * 3 + 3])
        #expect(road.allSatisfy { $0 < 80 } && grass[1] > 200)
    }

    @Test func aSmallPlanKeepsItsSizeAndAnythingButAPictureIsRefused() throws {
        #expect(try CampusPlanEncoder().plan(from: FixtureImages.colorProgressiveJPEG).width == 87)
        #expect(throws: ImageDecodingError.unsupportedFormat) { try CampusPlanEncoder().plan(from: Array("%PDF-1.7".utf8)) }
        #expect(throws: ImageDecodingError.empty) { try CampusPlanEncoder().plan(from: []) }
    }

    @Test func anSVGIsKnownByItsFirstElementNotItsName() {
        #expect(CampusPlanEncoder.isSVG(Array("\u{FEFF}  <?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)))
        #expect(CampusPlanEncoder.isSVG(Array("<!-- plan --><svg viewBox=\"0 0 4 3\"></svg>".utf8)))
        #expect(!CampusPlanEncoder.isSVG(Array("{\"svg\": \"<svg>\"}".utf8)))
        #expect(!CampusPlanEncoder.isSVG(FixtureImages.colorProgressiveJPEG))
    }
}
