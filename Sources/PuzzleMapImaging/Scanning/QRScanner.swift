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

    /// The codes found, with their bytes and how they were found. With `wanted`, an attempt
    /// that finds only codes it does not want (a poster's code beside the sticker) does not end
    /// the ladder: the next attempts look on, and every code found on the way is kept.
    public func read(_ image: GrayImage, lookingFor wanted: (@Sendable (String) -> Bool)? = nil) throws(QRScanningError) -> QRScanResult {
        try read(image, attempts: QRScanLadder.attempts, on: clock, lookingFor: wanted)
    }

    func read(_ image: GrayImage, attempts: [QRScanAttempt], on clock: some Clock<Duration>,
              lookingFor wanted: (@Sendable (String) -> Bool)? = nil) throws(QRScanningError) -> QRScanResult {
        try read(image, attempts: attempts, on: clock, since: clock.now, lookingFor: wanted)
    }

    /// Runs `attempts` while less than ``timeBudget`` has passed since `start`, so several
    /// ladders (see ``PhotoReader``) can share one budget; `earlier` is what an earlier ladder
    /// found, kept in the answer and counted in `attemptsRun`.
    func read<C: Clock<Duration>>(
        _ image: GrayImage, attempts: [QRScanAttempt], on clock: C, since start: C.Instant, after earlier: QRScanResult? = nil,
        lookingFor wanted: (@Sendable (String) -> Bool)? = nil
    ) throws(QRScanningError) -> QRScanResult {
        let reader = try ZBarQRReader()
        var codes = earlier?.codes ?? []
        var successfulAttempt = earlier?.successfulAttempt
        var attemptsRun = earlier?.attemptsRun ?? 0
        func found(ranOutOfTime: Bool) -> QRScanResult {
            QRScanResult(codes: codes, successfulAttempt: successfulAttempt, attemptsRun: attemptsRun, ranOutOfTime: ranOutOfTime)
        }
        for attempt in attempts {
            if start.duration(to: clock.now) >= timeBudget { return found(ranOutOfTime: true) }
            guard let prepared = attempt.prepare(image) else { continue }
            attemptsRun += 1
            let payloads = try reader.read(prepared)
            guard !payloads.isEmpty else { continue }
            for payload in payloads where !codes.contains(where: { $0.bytes == payload }) {
                codes.append(QRCodeReading(bytes: payload))
            }
            successfulAttempt = successfulAttempt ?? attempt.name
            if Self.holds(codes, wanted) { return found(ranOutOfTime: false) }
        }
        return found(ranOutOfTime: false)
    }

    /// Whether `codes` end the search: any code at all, or one that is wanted.
    static func holds(_ codes: [QRCodeReading], _ wanted: (@Sendable (String) -> Bool)?) -> Bool {
        guard let wanted else { return !codes.isEmpty }
        return codes.contains { wanted($0.text) }
    }
}
