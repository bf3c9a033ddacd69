import Testing
import PuzzleMapImaging

@Suite struct QREncoderTests {
    let scanner = QRScanner(workBudget: .max)

    @Test(arguments: ["PUZZLE-MAP-42", "https://puzzle.example/t/AbC123", "謎解き: 図書館の三階", "line one\nline two"])
    func encodedCodeServedAsPNGScansBackToTheSameText(_ text: String) throws {
        let png = try QREncoder().encode(text).renderPNG(scale: 4, quietZone: 4)
        #expect(ImageFormat.sniff(png) == .png)
        let image = try ImageDecoder().decode(png)
        #expect(try scanner.scan(image) == [text])
    }

    @Test func upperCaseTagCodeUsesTheSmallestVersion() throws {
        // 13 alphanumeric characters fit version 1 at level M only in alphanumeric mode.
        let matrix = try QREncoder(errorCorrection: .medium).encode("PUZZLE-MAP-42")
        #expect(matrix.size == 21)
        #expect(matrix.version == 1)
    }

    @Test func higherErrorCorrectionNeedsALargerCode() throws {
        let text = "https://puzzle.example/riddle/17"
        let low = try QREncoder(errorCorrection: .low).encode(text)
        let high = try QREncoder(errorCorrection: .high).encode(text)
        #expect(low.version < high.version)
    }

    @Test func renderingHasTheQuietZoneAndScaleAsked() throws {
        let matrix = try QREncoder().encode("A")
        let image = try matrix.rendered(scale: 3, quietZone: 2)
        #expect(image.width == (21 + 4) * 3)
        #expect(image[x: 0, y: 0] == 255)
        #expect(image[x: 6, y: 6] == 0)  // top-left finder corner module
    }

    @Test func textTooLongForVersion40IsRefused() {
        let text = String(repeating: "x", count: 3000)
        #expect(throws: ImageEncodingError.textTooLong(bytes: 3000)) { try QREncoder(errorCorrection: .high).encode(text) }
    }

    @Test func emptyTextIsRefused() {
        #expect(throws: ImageEncodingError.self) { try QREncoder().encode("") }
    }

    @Test func renderingRejectsAZeroScale() throws {
        let matrix = try QREncoder().encode("A")
        #expect(throws: ImageEncodingError.invalidRendering("scale must be 1...64, not 0")) { try matrix.rendered(scale: 0) }
    }
}
