/// Finds QR codes in a ``GrayImage`` with zbar, retrying with prepared versions of the picture
/// (downscaled, enlarged, locally thresholded, contrast-stretched, blurred, inverted) until one
/// attempt finds a code or the work budget is spent.
///
/// The budget counts work, not time: the pixels each attempt hands to zbar (and, in
/// ``PhotoReader``, the pixels a second decode produces). The same bytes therefore give the
/// same codes on any machine at any load; a crowd slows decoding down but never makes it give
/// up earlier. It is checked before each attempt, so the last attempt may overrun it by its own
/// size. CPU-bound: call it off the event loop.
public struct QRScanner: Sendable {
    /// Pixels visited after which no further attempt starts (see ``defaultWorkBudget``).
    public var workBudget: Int

    /// About what the 1.5 s wall-clock budget it replaces bought on an idle core here (56 MP a
    /// second): a 12 MP JPEG holding no code runs the whole ladder and every full-resolution
    /// tile for 68 MP (1.2 s); only larger pictures reach the budget. `puzzlemap decode --json`
    /// reports each picture's `work`.
    public static let defaultWorkBudget = 84_000_000

    public init(workBudget: Int = QRScanner.defaultWorkBudget) {
        self.workBudget = workBudget
    }

    /// The texts of the QR codes found, empty if none.
    public func scan(_ image: GrayImage) throws(QRScanningError) -> [String] {
        try read(image).codes.map(\.text)
    }

    /// The codes found, with their bytes and how they were found. With `wanted`, an attempt
    /// that finds only codes it does not want (a poster's code beside the sticker) does not end
    /// the ladder: the next attempts look on, and every code found on the way is kept.
    public func read(_ image: GrayImage, lookingFor wanted: (@Sendable (String) -> Bool)? = nil) throws(QRScanningError) -> QRScanResult {
        try read(image, attempts: QRScanLadder.attempts, lookingFor: wanted)
    }

    /// Runs `attempts` while less than ``workBudget`` is spent, so several ladders (see
    /// ``PhotoReader``) can share one budget; `earlier` is what an earlier ladder found and
    /// spent, kept in the answer and counted in `attemptsRun` and `workSpent`.
    func read(_ image: GrayImage, attempts: [QRScanAttempt], after earlier: QRScanResult? = nil,
              lookingFor wanted: (@Sendable (String) -> Bool)? = nil) throws(QRScanningError) -> QRScanResult {
        let reader = try ZBarQRReader()
        var codes = earlier?.codes ?? []
        var successfulAttempt = earlier?.successfulAttempt
        var attemptsRun = earlier?.attemptsRun ?? 0
        var spent = earlier?.workSpent ?? 0
        func found(ranOutOfBudget: Bool) -> QRScanResult {
            QRScanResult(codes: codes, successfulAttempt: successfulAttempt, attemptsRun: attemptsRun, workSpent: spent,
                         ranOutOfBudget: ranOutOfBudget)
        }
        for attempt in attempts {
            if spent >= workBudget { return found(ranOutOfBudget: true) }
            guard let prepared = attempt.prepare(image) else { continue }
            attemptsRun += 1
            spent += prepared.width * prepared.height
            let payloads = try reader.read(prepared, lineSpacing: attempt.lineSpacing)
            guard !payloads.isEmpty else { continue }
            for payload in payloads where !codes.contains(where: { $0.bytes == payload }) {
                codes.append(QRCodeReading(bytes: payload))
            }
            successfulAttempt = successfulAttempt ?? attempt.name
            if Self.holds(codes, wanted) { return found(ranOutOfBudget: false) }
        }
        return found(ranOutOfBudget: false)
    }

    /// Whether `codes` end the search: any code at all, or one that is wanted.
    static func holds(_ codes: [QRCodeReading], _ wanted: (@Sendable (String) -> Bool)?) -> Bool {
        guard let wanted else { return !codes.isEmpty }
        return codes.contains { wanted($0.text) }
    }
}
