import PuzzleMapTestFixtures
import Testing
@testable import PuzzleMapImaging

@Suite struct ImageDecoderTests {
    let decoder = ImageDecoder()
    let scanner = QRScanner(workBudget: .max)

    @Test(arguments: FixtureImages.names)
    func everyFormatDecodesToGrayAndScansToItsText(name: String) throws {
        let image = try decoder.decode(FixtureImages.named(name))
        #expect(image.width == 87 && image.height == 87)
        #expect(try scanner.scan(image) == [FixtureImages.text])
    }

    @Test func decodedGrayKeepsBlackModulesDarkAndQuietZoneLight() throws {
        let image = try decoder.decode(FixtureImages.palettePNG)
        #expect(image[x: 0, y: 0] == 255)
        #expect(image[x: 13, y: 13] == 0)  // inside the top-left finder pattern's outer ring
    }

    @Test func emptyInputIsRefused() {
        #expect(throws: ImageDecodingError.empty) { try decoder.decode([]) }
        #expect(ImageDecodingError.empty.code == "empty_image")
    }

    @Test func inputOverTheByteLimitIsRefusedBeforeDecoding() {
        let small = ImageDecoder(limits: ImageDecodingLimits(maxBytes: 100))
        let bytes = FixtureImages.grayBaselineJPEG
        #expect(throws: ImageDecodingError.tooLarge(bytes: bytes.count, limit: 100)) { try small.decode(bytes) }
        #expect(ImageDecodingError.tooLarge(bytes: 1, limit: 0).code == "image_too_large")
    }

    @Test func unknownBytesAreAnUnsupportedFormat() {
        #expect(throws: ImageDecodingError.unsupportedFormat) { try decoder.decode(Array("GIF89a....".utf8)) }
        #expect(ImageDecodingError.unsupportedFormat.code == "unsupported_image_format")
    }

    @Test(arguments: FixtureImages.names)
    func aFileCutAfterItsSignatureIsCorrupt(name: String) {
        let cut = Array(FixtureImages.named(name).prefix(16))
        #expect(throws: ImageDecodingError.self) { try decoder.decode(cut) }
        do {
            _ = try decoder.decode(cut)
        } catch {
            #expect(error.code == "corrupt_image", "\(error)")
        }
    }

    @Test func pictureOverThePixelLimitIsRefusedFromItsHeader() {
        let tight = ImageDecoder(limits: ImageDecodingLimits(maxPixels: 1000))
        #expect(throws: ImageDecodingError.tooManyPixels(width: 87, height: 87, limit: 1000)) {
            try tight.decode(FixtureImages.lossyWebP)
        }
        #expect(throws: ImageDecodingError.tooManyPixels(width: 87, height: 87, limit: 1000)) {
            try tight.decode(FixtureImages.heic)
        }
    }

    @Test func largeJPEGIsDecodedAtTheSmallestEighthThatReachesTheTarget() throws {
        let reduced = ImageDecoder(jpegTargetLongestSide: 40)
        let image = try reduced.decode(FixtureImages.grayBaselineJPEG)
        // 87 * 4/8 rounds up to 44 (>= 40); 87 * 3/8 would give 33.
        #expect(image.width == 44 && image.height == 44)
    }

    @Test func scaleChoiceKeepsSmallPicturesWholeAndShrinksPhotos() {
        #expect(JPEGGrayDecoder.scaleEighths(longestSide: 800, target: 1200) == 8)
        #expect(JPEGGrayDecoder.scaleEighths(longestSide: 4032, target: 1200) == 3)  // 1512 px
        #expect(JPEGGrayDecoder.scaleEighths(longestSide: 12000, target: 1200) == 1)
        #expect(JPEGGrayDecoder.scaleEighths(longestSide: 4032, target: nil) == 8)
    }

    @Test func errorsCarryStableCodesAndReadableDetails() {
        let error = ImageDecodingError.tooManyPixels(width: 100_000, height: 100_000, limit: 50_000_000)
        #expect(error.code == "too_many_pixels")
        #expect(error.detail == "The image is 100000x100000 pixels; at most 50000000 pixels are accepted.")
        #expect(ImageDecodingError.corrupt("bad Huffman code").detail == "The image could not be read: bad Huffman code.")
    }
}
