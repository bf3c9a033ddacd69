import Testing
import PuzzleMapImaging

/// A few pictures of the shared ZXing corpus, one per difficulty, read exactly as ZXing reads
/// them. Skipped where the corpus is not checked out beside the repository.
@Suite(.enabled(if: QRCorpus.isPresent, "needs ../shared/qr-corpus/zxing"))
struct QRCorpusTests {
    let decoder = ImageDecoder()
    let scanner = QRScanner(workBudget: .max)

    @Test(arguments: [
        "qrcode-1/1",    // phone photo
        "qrcode-2/17",   // Shift_JIS half-width katakana with CR LF
        "qrcode-2/31",   // Shift_JIS kanji
        "qrcode-3/10",   // 240x240 crop
        "qrcode-5/16",   // self-shadowing
        "qrcode-6/1",    // small and rotated
    ])
    func photoDecodesToItsExactText(_ stem: String) throws {
        let image = try decoder.decode(QRCorpus.bytes(stem + ".png"))
        #expect(try scanner.scan(image).contains(try QRCorpus.expectedText(stem + ".txt")))
    }

    /// Photos plain zbar misses, each rescued by a later attempt of the ladder.
    @Test(arguments: [
        ("qrcode-1/2", "threshold-1/8"),   // uneven lighting
        ("qrcode-2/12", "threshold-1/4"),  // code over an aerial photograph
        ("qrcode-5/16", "upscaled-2x"),    // small, shadowed
    ])
    func ladderRescuesPhotoPlainZBarMisses(_ stem: String, attempt: String) throws {
        let image = try decoder.decode(QRCorpus.bytes(stem + ".png"))
        let result = try scanner.read(image)
        #expect(result.codes.map(\.text).contains(try QRCorpus.expectedText(stem + ".txt")))
        #expect(result.successfulAttempt == attempt)
    }

    @Test(arguments: ["falsepositives/01", "falsepositives/05", "falsepositives-2/01", "falsepositives-2/10"])
    func pictureWithoutACodeYieldsNothing(_ stem: String) throws {
        let image = try decoder.decode(QRCorpus.bytes(stem + ".png"))
        #expect(try scanner.scan(image).isEmpty)
    }
}
