import Testing
import PuzzleMapImaging

@Suite struct QRScannerTests {
    let patientScanner = QRScanner(timeBudget: .seconds(3600))

    @Test func blankPictureHoldsNoCode() throws {
        let blank = GrayImage(width: 200, height: 200, pixels: [UInt8](repeating: 255, count: 40_000))
        let result = try patientScanner.read(blank)
        #expect(result.codes.isEmpty)
        #expect(result.successfulAttempt == nil)
        #expect(!result.ranOutOfTime)
    }

    @Test func spentBudgetStopsTheLadderAfterExactlyTheAttemptsItAllowed() throws {
        // Large enough that the first attempt (the downscaled pass) applies.
        let blank = GrayImage(width: 1600, height: 1200, pixels: [UInt8](repeating: 255, count: 1600 * 1200))
        // Each reading of the clock advances it one second: the start, then one check per attempt,
        // so a budget of 1.5 s lets exactly one attempt start.
        let scanner = QRScanner(timeBudget: .milliseconds(1500), clock: SteppingClock(step: .seconds(1)))
        let result = try scanner.read(blank)
        #expect(result.attemptsRun == 1)
        #expect(result.ranOutOfTime)
        #expect(result.codes.isEmpty)
    }

    @Test func zeroBudgetAnswersNoCodeWithoutScanning() throws {
        let code = try QREncoder().encode("PUZZLE").rendered(scale: 4)
        let scanner = QRScanner(timeBudget: .zero, clock: SteppingClock(step: .seconds(1)))
        let result = try scanner.read(code)
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
