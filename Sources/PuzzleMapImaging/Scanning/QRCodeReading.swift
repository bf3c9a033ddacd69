/// One QR code found in a picture: its bytes as stored and the text they most plausibly mean.
public struct QRCodeReading: Sendable, Hashable {
    /// The payload as text (see ``QRPayloadText``).
    public let text: String
    /// The payload exactly as the code stores it (after any ECI conversion zbar applies).
    public let bytes: [UInt8]

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        self.text = QRPayloadText.decode(bytes)
    }
}

/// What one ``QRScanner/read(_:)`` found, and which preparation of the picture found it.
public struct QRScanResult: Sendable, Hashable {
    /// The codes found, in zbar's order; empty if none (or the work budget ran out).
    public let codes: [QRCodeReading]
    /// The name of the attempt that succeeded, nil if none did.
    public let successfulAttempt: String?
    /// How many attempts ran before the ladder stopped.
    public let attemptsRun: Int
    /// Pixels visited: handed to zbar, and decoded again at full resolution.
    public let workSpent: Int
    /// True if the ladder stopped because the work budget was spent.
    public let ranOutOfBudget: Bool
}

extension QRScanResult {
    /// The same result with `work` more spent.
    func spending(_ work: Int) -> QRScanResult {
        QRScanResult(codes: codes, successfulAttempt: successfulAttempt, attemptsRun: attemptsRun, workSpent: workSpent + work,
                     ranOutOfBudget: ranOutOfBudget)
    }

    /// The same result, stopped for want of budget.
    var outOfBudget: QRScanResult {
        QRScanResult(codes: codes, successfulAttempt: successfulAttempt, attemptsRun: attemptsRun, workSpent: workSpent, ranOutOfBudget: true)
    }
}
