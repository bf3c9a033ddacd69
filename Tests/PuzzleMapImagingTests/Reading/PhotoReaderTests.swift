import Foundation
import PuzzleMapTestFixtures
import Synchronization
import Testing
@testable import PuzzleMapImaging

@Suite struct PhotoReaderTests {
    /// Decodes JPEGs at a quarter of 1200 px, so the fixtures' 3 px modules shrink below 1 px.
    let reducingDecoder = ImageDecoder(jpegTargetLongestSide: 300)

    @Test func codeTooSmallForTheReducedDecodeIsReadAtFullResolution() throws {
        let reduced = try reducingDecoder.decode(LargePhotoFixtures.smallCode)
        #expect(reduced.width == 300 && reduced.height == 225)
        #expect(try QRScanner(workBudget: .max).scan(reduced).isEmpty)

        let reader = PhotoReader(decoder: reducingDecoder, scanner: QRScanner(workBudget: .max))
        let reading = try reader.read(photo: LargePhotoFixtures.smallCode)
        #expect(reading.texts == [LargePhotoFixtures.text])
        #expect(reading.scan.successfulAttempt == PhotoReader.fullResolutionTileAttempt)
        #expect(reading.image == reduced)
    }

    @Test func aPostersCodeBesideTheStickerDoesNotEndTheSearchForTheWantedCode() throws {
        let (poster, sticker) = ("https://example.org/exhibition-tickets", "https://hunt.example.ac.uk/C/0001ABCDEFGHJKMNP")
        let photo = try BesideAPoster.png(poster: poster, sticker: sticker)
        let reader = PhotoReader(scanner: QRScanner(workBudget: .max))
        // Looking for any code, the first pass's find ends the search: only the poster's.
        #expect(try reader.read(photo: photo).texts == [poster])
        // Looking for ours, the search goes on and keeps both, in the order found.
        let wanted = try reader.read(photo: photo, lookingFor: { $0.contains("/C/") })
        #expect(wanted.texts == [poster, sticker])
        #expect(wanted.scan.successfulAttempt == "downscaled")
        #expect(!wanted.scan.ranOutOfBudget)
    }

    @Test func everyCodeInTheFrameIsReadWhenAskedFor() throws {
        let (poster, sticker) = ("https://example.org/exhibition-tickets", "https://hunt.example.ac.uk/C/0001ABCDEFGHJKMNP")
        let photo = try BesideAPoster.png(poster: poster, sticker: sticker)
        let every = try PhotoReader(scanner: QRScanner(workBudget: .max)).readEveryCode(photo: photo)
        #expect(Set(every.texts) == [poster, sticker])
        // A code too small for the reduced decode, alone in its photo: still one code, found once.
        let small = try PhotoReader(decoder: reducingDecoder, scanner: QRScanner(workBudget: .max)).readEveryCode(photo: LargePhotoFixtures.smallCode)
        #expect(small.texts == [LargePhotoFixtures.text])
    }

    @Test func pictureWithoutCodeRunsBothPassesAndFindsNothing() throws {
        let reader = PhotoReader(decoder: reducingDecoder, scanner: QRScanner(workBudget: .max))
        let reading = try reader.read(photo: LargePhotoFixtures.blank)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.successfulAttempt == nil)
        #expect(!reading.scan.ranOutOfBudget)
    }

    @Test func oneBudgetCoversTheLadderAndTheFullResolutionPass() throws {
        // The seven ladder steps that apply to the 300x225 picture, the second decode at
        // 1200x900, then exactly two tiles' pixels: the budget is spent after the second tile.
        let ladder = try QRScanner(workBudget: .max).read(try reducingDecoder.decode(LargePhotoFixtures.blank))
        #expect(ladder.attemptsRun == 7)
        let tiles = PhotoTiling().tiles(width: 1200, height: 900)
        let budget = ladder.workSpent + 1200 * 900 + tiles[0].width * tiles[0].height + tiles[1].width * tiles[1].height
        let reading = try PhotoReader(decoder: reducingDecoder, scanner: QRScanner(workBudget: budget)).read(photo: LargePhotoFixtures.blank)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.ranOutOfBudget)
        #expect(reading.scan.attemptsRun == 9)
        #expect(reading.scan.workSpent == budget)
    }

    @Test func budgetSpentInTheLadderSkipsTheFullResolutionPass() throws {
        let ladder = try QRScanner(workBudget: .max).read(try reducingDecoder.decode(LargePhotoFixtures.smallCode))
        let reading = try PhotoReader(decoder: reducingDecoder, scanner: QRScanner(workBudget: ladder.workSpent))
            .read(photo: LargePhotoFixtures.smallCode)
        #expect(reading.texts.isEmpty, "the code is only readable at full resolution, which the budget does not reach")
        #expect(reading.scan.ranOutOfBudget)
        #expect(reading.scan.attemptsRun == 7)
    }

    @Test func theSamePhotoGivesTheSameAnswerWhateverTheLoad() throws {
        // A budget that ends the search among the full-resolution tiles: with a time budget,
        // where it ends would move with the machine's load.
        let ladder = try QRScanner(workBudget: .max).read(try reducingDecoder.decode(LargePhotoFixtures.blank))
        let reader = PhotoReader(decoder: reducingDecoder, scanner: QRScanner(workBudget: ladder.workSpent + 1200 * 900 + 500_000))
        let photos = [LargePhotoFixtures.blank, LargePhotoFixtures.smallCode]
        let idle = try photos.map { try reader.read(photo: $0).scan }
        #expect(idle[0].ranOutOfBudget)

        // Every core busy with a loop of its own while each photo is read again, twice.
        let busy = Atomic<Bool>(true)
        let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount).map { _ in
            Thread { var x = 0; while busy.load(ordering: .relaxed) { x &+= 1 } }
        }
        spinners.forEach { $0.start() }
        defer { busy.store(false, ordering: .relaxed) }
        for _ in 0..<2 {
            for (index, photo) in photos.enumerated() {
                #expect(try reader.read(photo: photo).scan == idle[index])
            }
        }
    }

    @Test func pictureDecodedWholeGetsOnlyTheLadder() throws {
        // At the default target (1200 px) the 1200x900 JPEG is decoded whole: nothing to gain
        // from a second decode, so only the seven ladder steps that apply to it run.
        let reader = PhotoReader(decoder: ImageDecoder(), scanner: QRScanner(workBudget: .max))
        let reading = try reader.read(photo: LargePhotoFixtures.blank)
        #expect(reading.texts.isEmpty)
        #expect(reading.scan.attemptsRun == 7)
        #expect(!reading.scan.ranOutOfBudget)
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
