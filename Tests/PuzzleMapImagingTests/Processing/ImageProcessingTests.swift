import Testing
@testable import PuzzleMapImaging

@Suite struct ImageProcessingTests {
    /// 3 wide, 2 high:  1 2 3 / 4 5 6
    let sample = GrayImage(width: 3, height: 2, pixels: [1, 2, 3, 4, 5, 6])

    @Test func quarterTurnClockwiseMovesTheLeftColumnToTheTop() {
        let turned = sample.rotated(quarterTurns: 1)
        #expect(turned == GrayImage(width: 2, height: 3, pixels: [4, 1, 5, 2, 6, 3]))
    }

    @Test func fourQuarterTurnsAndTwoHalfTurnsAreTheIdentity() {
        #expect(sample.rotated(quarterTurns: 1).rotated(quarterTurns: 3) == sample)
        #expect(sample.rotated(quarterTurns: 2).rotated(quarterTurns: 2) == sample)
        #expect(sample.rotated(quarterTurns: -1) == sample.rotated(quarterTurns: 3))
    }

    @Test func inversionMapsBlackToWhite() {
        #expect(GrayImage(width: 2, height: 1, pixels: [0, 200]).inverted().pixels == [255, 55])
    }

    @Test func contrastStretchSpreadsADullRangeToFullBlackAndWhite() {
        let dull = GrayImage(width: 4, height: 1, pixels: [100, 120, 130, 150])
        #expect(dull.contrastStretched(clipping: 0).pixels == [0, 102, 153, 255])
    }

    @Test func localThresholdSeparatesDarkModulesInsideAShadow() {
        // A shadowed left half (40 vs 80) and a bright right half (180 vs 220): one global
        // threshold could not split both, a local one does.
        let row: [UInt8] = [40, 80, 40, 80, 40, 80, 180, 220, 180, 220, 180, 220]
        let result = GrayImage(width: 12, height: 3, pixels: row + row + row).locallyThresholded(window: 3)
        let middleRow = Array(result.pixels[12..<24])
        #expect(Array(middleRow[1...4]) == [255, 0, 255, 0])
        #expect(Array(middleRow[7...10]) == [255, 0, 255, 0])
    }

    @Test func downscalingAveragesBoxesAndUpscalingKeepsFlatAreasFlat() {
        let checker = GrayImage(width: 4, height: 4, pixels: [0, 255, 0, 255, 255, 0, 255, 0, 0, 255, 0, 255, 255, 0, 255, 0])
        #expect(checker.downscaled(toLongestSide: 2).pixels == [127, 127, 127, 127])
        let flat = GrayImage(width: 2, height: 2, pixels: [90, 90, 90, 90])
        #expect(flat.upscaled(by: 3) == GrayImage(width: 6, height: 6, pixels: [UInt8](repeating: 90, count: 36)))
    }
}
