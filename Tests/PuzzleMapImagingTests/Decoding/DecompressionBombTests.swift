import PuzzleMapTestFixtures
import Testing
import PuzzleMapImaging

/// Files whose headers announce enormous pictures are refused before any pixel is allocated.
@Suite struct DecompressionBombTests {
    let decoder = ImageDecoder()

    @Test func pngClaiming100000By100000IsRefused() {
        let bomb = PNGChunks.grayFile(width: 100_000, height: 100_000)
        #expect(throws: ImageDecodingError.tooManyPixels(width: 100_000, height: 100_000, limit: 50_000_000)) {
            try decoder.decode(bomb)
        }
    }

    @Test func jpegClaiming65000By65000IsRefused() throws {
        var bomb = FixtureImages.grayBaselineJPEG
        // Start of frame: FF C0, length (2), precision (1), height (2), width (2).
        let sof = try #require((0..<(bomb.count - 1)).first { bomb[$0] == 0xFF && bomb[$0 + 1] == 0xC0 })
        bomb.replaceSubrange((sof + 5)..<(sof + 9), with: [0xFD, 0xE8, 0xFD, 0xE8])
        #expect(throws: ImageDecodingError.tooManyPixels(width: 65_000, height: 65_000, limit: 50_000_000)) {
            try decoder.decode(bomb)
        }
    }

    @Test func losslessWebPClaiming16384By16384IsRefused() throws {
        var bomb = FixtureImages.losslessWebP
        // VP8L: "VP8L", chunk size (4), signature 0x2F, then 14 bits width-1 and 14 bits height-1.
        let vp8l = try #require((0..<(bomb.count - 4)).first { Array(bomb[$0..<($0 + 4)]) == Array("VP8L".utf8) })
        let packed: UInt32 = 16383 | (16383 << 14) | (UInt32(bomb[vp8l + 12] >> 4) << 28)
        bomb.replaceSubrange((vp8l + 9)..<(vp8l + 13), with: [
            UInt8(packed & 0xFF), UInt8((packed >> 8) & 0xFF), UInt8((packed >> 16) & 0xFF), UInt8(packed >> 24),
        ])
        #expect(throws: ImageDecodingError.tooManyPixels(width: 16384, height: 16384, limit: 50_000_000)) {
            try decoder.decode(bomb)
        }
    }
}
