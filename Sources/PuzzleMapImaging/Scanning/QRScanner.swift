/// Finds QR codes in a ``GrayImage`` with zbar, retrying with prepared versions of the picture
/// (downscaled, enlarged, locally thresholded, contrast-stretched, blurred, inverted) until one
/// attempt finds a code or the time budget is spent.
///
/// The budget is checked between attempts, so one attempt may overrun it by its own duration.
/// CPU-bound: call it off the event loop.
public struct QRScanner: Sendable {
    /// After this much time no further attempt starts and the answer is "no code found".
    public var timeBudget: Duration
    /// The clock the budget is measured on; tests inject their own.
    public var clock: any Clock<Duration>

    public init(timeBudget: Duration = .milliseconds(1500), clock: any Clock<Duration> = ContinuousClock()) {
        self.timeBudget = timeBudget
        self.clock = clock
    }

    /// The texts of the QR codes found, empty if none.
    public func scan(_ image: GrayImage) throws(QRScanningError) -> [String] {
        try read(image).codes.map(\.text)
    }

    /// The codes found, with their bytes and how they were found.
    public func read(_ image: GrayImage) throws(QRScanningError) -> QRScanResult {
        try read(image, attempts: QRScanLadder.attempts, on: clock)
    }

    func read(_ image: GrayImage, attempts: [QRScanAttempt], on clock: some Clock<Duration>) throws(QRScanningError) -> QRScanResult {
        try read(image, attempts: attempts, on: clock, since: clock.now)
    }

    /// Runs `attempts` while less than ``timeBudget`` has passed since `start`, so several
    /// ladders (see ``PhotoReader``) can share one budget; `attemptsAlreadyRun` is added to the
    /// count reported.
    func read<C: Clock<Duration>>(
        _ image: GrayImage, attempts: [QRScanAttempt], on clock: C, since start: C.Instant, attemptsAlreadyRun: Int = 0
    ) throws(QRScanningError) -> QRScanResult {
        let reader = try ZBarQRReader()
        var attemptsRun = attemptsAlreadyRun
        for attempt in attempts {
            if start.duration(to: clock.now) >= timeBudget {
                return QRScanResult(codes: [], successfulAttempt: nil, attemptsRun: attemptsRun, ranOutOfTime: true)
            }
            guard let prepared = attempt.prepare(image) else { continue }
            attemptsRun += 1
            let payloads = try reader.read(prepared)
            if !payloads.isEmpty {
                return QRScanResult(
                    codes: payloads.map(QRCodeReading.init(bytes:)),
                    successfulAttempt: attempt.name, attemptsRun: attemptsRun, ranOutOfTime: false
                )
            }
        }
        return QRScanResult(codes: [], successfulAttempt: nil, attemptsRun: attemptsRun, ranOutOfTime: false)
    }
}
