import Testing
import PuzzleMapImaging

@Suite struct QRScannerTests {
    let patientScanner = QRScanner(workBudget: .max)

    @Test func blankPictureHoldsNoCode() throws {
        let blank = GrayImage(width: 200, height: 200, pixels: [UInt8](repeating: 255, count: 40_000))
        let result = try patientScanner.read(blank)
        #expect(result.codes.isEmpty)
        #expect(result.successfulAttempt == nil)
        #expect(!result.ranOutOfBudget)
    }

    @Test func spentBudgetStopsTheLadderAfterExactlyTheAttemptsItAllowed() throws {
        // Large enough that the first attempt (the downscaled pass, 1000x750) applies: a budget
        // of its pixels lets exactly that one run.
        let blank = GrayImage(width: 1600, height: 1200, pixels: [UInt8](repeating: 255, count: 1600 * 1200))
        let result = try QRScanner(workBudget: 1000 * 750).read(blank)
        #expect(result.attemptsRun == 1)
        #expect(result.workSpent == 1000 * 750)
        #expect(result.ranOutOfBudget)
        #expect(result.codes.isEmpty)
    }

    @Test func zeroBudgetAnswersNoCodeWithoutScanning() throws {
        let code = try QREncoder().encode("PUZZLE").rendered(scale: 4)
        let result = try QRScanner(workBudget: 0).read(code)
        #expect(result.attemptsRun == 0)
        #expect(result.codes.isEmpty)
    }

    @Test func lightOnDarkCodeIsFoundByTheInvertedAttempt() throws {
        let code = try QREncoder().encode("NIGHT-WALK").rendered(scale: 4)
        let result = try patientScanner.read(GrayImage(width: code.width, height: code.height, pixels: code.pixels.map { 255 - $0 }))
        #expect(result.codes.map(\.text) == ["NIGHT-WALK"])
        #expect(result.successfulAttempt == "inverted")
    }

    @Test func codeDrawnAtOnePixelPerModuleIsRead() throws {
        let code = try QREncoder().encode("TINY").rendered(scale: 1, quietZone: 4)
        #expect(try patientScanner.scan(code) == ["TINY"])
    }

    @Test func rawBytesAreKeptBesideTheText() throws {
        let code = try QREncoder().encode("Grüße").rendered(scale: 4)
        let reading = try #require(try patientScanner.read(code).codes.first)
        #expect(reading.text == "Grüße")
        #expect(reading.bytes == Array("Grüße".utf8))
    }
}
