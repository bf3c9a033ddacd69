import PuzzleMapTestFixtures
import Testing
@testable import PuzzleMapImaging

@Suite struct PhotoReaderTests {
    /// Decodes JPEGs at a quarter of 1200 px, so the fixtures' 3 px modules shrink below 1 px.
    let reducingDecoder = ImageDecoder(jpegTargetLongestSide: 300)

    @Test func codeTooSmallForTheReducedDecodeIsReadAtFullResolution() throws {
        let reduced = try reducingDecoder.decode(LargePhotoFixtures.smallCode)
        #expect(reduced.width == 300 && reduced.height == 225)
        #expect(try QRScanner(timeBudget: .seconds(3600)).scan(reduced).isEmpty)

        let reader = PhotoReader(decoder: reducingDecoder, scanner: QRScanner(timeBudget: .seconds(3600)))
        let reading = try reader.read(photo: LargePhotoFixtures.smallCode)
        #expect(reading.texts == [LargePhotoFixtures.text])
        #expect(reading.scan.successfulAttempt == PhotoReader.fullResolutionTileAttempt)
        #expect(reading.image == reduced)
    }

    @Test func aPostersCodeBesideTheStickerDoesNotEndTheSearchForTheWantedCode() throws {
        let (poster, sticker) = ("https://example.org/exhibition-tickets", "https://hunt.example.ac.uk/C/0001ABCDEFGHJKMNP")
        let photo = try BesideAPoster.png(poster: poster, sticker: sticker)
        let reader = PhotoReader(scanner: QRScanner(timeBudget: .seconds(3600)))
        // Looking for any code, the first pass's find ends the search: only the poster's.
        #expect(try reader.read(photo: photo).texts == [poster])
        // Looking for ours, the search goes on and keeps both, in the order found.
        let wanted = try reader.read(photo: photo, lookingFor: { $0.contains("/C/") })
        #expect(wanted.texts == [poster, sticker])
        #expect(wanted.scan.successfulAttempt == "downscaled")
        #expect(!wanted.scan.ranOutOfTime)
    }

    @Test func pictureWithoutCodeRunsBothPassesAndFindsNothing() throws {
        let reader = PhotoReader(decoder: reducingDecoder, scanner: QRScanner(timeBudget: .seconds(3600)))
        let reading = try reader.read(photo: LargePhotoFixtures.blank)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.successfulAttempt == nil)
        #expect(!reading.scan.ranOutOfTime)
    }

    @Test func oneBudgetCoversTheLadderAndTheFullResolutionPass() throws {
        // The clock advances 1 s per reading: the start (0 s), the nine ladder checks (1-9 s,
        // seven steps apply to a 300x225 picture), the check before the full decode (10 s),
        // then two tiles (11 s, 12 s); at 13 s the 12.5 s budget is spent.
        let scanner = QRScanner(timeBudget: .milliseconds(12_500), clock: SteppingClock(step: .seconds(1)))
        let reading = try PhotoReader(decoder: reducingDecoder, scanner: scanner).read(photo: LargePhotoFixtures.blank)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.ranOutOfTime)
        #expect(reading.scan.attemptsRun == 9)
    }

    @Test func budgetSpentInTheLadderSkipsTheFullResolutionPass() throws {
        let scanner = QRScanner(timeBudget: .milliseconds(1500), clock: SteppingClock(step: .seconds(1)))
        let reading = try PhotoReader(decoder: reducingDecoder, scanner: scanner).read(photo: LargePhotoFixtures.smallCode)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.ranOutOfTime)
        #expect(reading.scan.attemptsRun == 0)
    }

    @Test func pictureDecodedWholeGetsOnlyTheLadder() throws {
        // At the default target (1200 px) the 1200x900 JPEG is decoded whole: nothing to gain
        // from a second decode, so only the seven ladder steps that apply to it run.
        let reader = PhotoReader(decoder: ImageDecoder(), scanner: QRScanner(timeBudget: .seconds(3600)))
        let reading = try reader.read(photo: LargePhotoFixtures.blank)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.attemptsRun == 7)
        #expect(!reading.scan.ranOutOfTime)
    }

    @Test func undecodableBytesAreAnImageError() {
        #expect(throws: PhotoReadingError.image(.unsupportedFormat)) {
            try PhotoReader().read(photo: [0, 1, 2, 3])
        }
    }
}

@Suite struct PhotoTilingTests {
    @Test func tilesOfATwelveMegapixelPhotoCoverItWithTheMinimumOverlap() {
        let tiling = PhotoTiling()
        #expect(PhotoTiling.starts(length: 4000, tile: 1000, overlap: 192) == [0, 750, 1500, 2250, 3000])
        #expect(PhotoTiling.starts(length: 3000, tile: 750, overlap: 192) == [0, 450, 900, 1350, 1800, 2250])
        let tiles = tiling.tiles(width: 4000, height: 3000)
        #expect(tiles.count == 30)
        // Two rows are equally near the centre; the upper one comes first.
        #expect(tiles.first == PixelRect(x: 1500, y: 900, width: 1000, height: 750))
        #expect(tiles.allSatisfy { $0.x + $0.width <= 4000 && $0.y + $0.height <= 3000 })
    }

    @Test func pictureSmallerThanATileIsOneTile() {
        #expect(PhotoTiling().tiles(width: 640, height: 480) == [PixelRect(x: 0, y: 0, width: 640, height: 480)])
    }

    @Test func portraitPhotoGetsPortraitTiles() {
        let tiles = PhotoTiling().tiles(width: 3000, height: 4000)
        #expect(tiles.allSatisfy { $0.width == 750 && $0.height == 1000 })
    }
}
