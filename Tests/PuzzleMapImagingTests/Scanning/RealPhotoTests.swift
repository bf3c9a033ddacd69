import Foundation
import PuzzleMapImaging
import Testing

/// Real photos from other decoders' suites (`../shared/qr-corpus/real`) that chose a rung of
/// the ladder: whole-scene phone photos whose small code only the last rung reads, and a faint
/// code beside a crisp one that only the look for more codes finds. Skipped where the corpus is
/// absent.
@Suite(.enabled(if: QRCorpus.realPhotosArePresent, "needs ../shared/qr-corpus/real"))
struct RealPhotoTests {
    @Test(arguments: [
        ("jsqr-stickerbook-4.png", "Dan Burzynski <contax@phrenetic.org>"),  // a 70 px code on a sticker book
        ("jsqr-hk-ikea.png", "http://m.hkclean.net/goods.php?id=152"),      // a price tag on a shop shelf
    ])
    func aSmallCodeInAWholeScenePhotoIsReadEnlargedAndThresholded(_ file: String, text: String) throws {
        let bytes = try [UInt8](Data(contentsOf: QRCorpus.realPhotos.appendingPathComponent(file)))
        let reading = try PhotoReader().read(photo: bytes)
        #expect(reading.scan.codes.map(\.text) == [text])
        #expect(reading.scan.successfulAttempt == "upscaled-2x-threshold")
        #expect(!reading.scan.ranOutOfBudget)
    }

    /// A crisp small code beside a faint large one: the search stops at the crisp one, and
    /// looking on with the thresholded rung (every second line) finds the faint one too.
    @Test func theFaintSecondCodeBesideACrispOneIsFoundWhenEveryCodeIsAskedFor() throws {
        let bytes = try [UInt8](Data(contentsOf: QRCorpus.realPhotos.appendingPathComponent("bardecoder-multiple_codes.png")))
        let reader = PhotoReader()
        #expect(try reader.read(photo: bytes).texts == ["Ver1"])
        let every = try reader.readEveryCode(photo: bytes)
        #expect(every.texts == ["Ver1", "http://www.prolinepetfood.com/1/"])
        #expect(every.scan.successfulAttempt == "original")
        #expect(every.scan.attemptsRun == 2)
    }
}
