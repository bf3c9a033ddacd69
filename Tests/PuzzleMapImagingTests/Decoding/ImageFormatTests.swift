import PuzzleMapTestFixtures
import Testing
@testable import PuzzleMapImaging

@Suite struct ImageFormatTests {
    @Test(arguments: FixtureImages.all.map { ($0.name, $0.format) })
    func everyFixtureIsSniffedByItsLeadingBytes(name: String, format: String) {
        #expect(ImageFormat.sniff(FixtureImages.named(name))?.rawValue == format)
    }

    @Test func textGifAndShortInputsAreNotRecognised() {
        #expect(ImageFormat.sniff(Array("hello, world".utf8)) == nil)
        #expect(ImageFormat.sniff(Array("GIF89a".utf8) + [0, 0, 0, 0]) == nil)
        #expect(ImageFormat.sniff([0xFF, 0xD8]) == nil)
        #expect(ImageFormat.sniff([]) == nil)
    }

    @Test func aFileNamedLikeAPictureIsStillJudgedByItsBytes() throws {
        let pngBytesWithJPEGLookingName = FixtureImages.palettePNG
        #expect(ImageFormat.sniff(pngBytesWithJPEGLookingName) == .png)
    }
}
