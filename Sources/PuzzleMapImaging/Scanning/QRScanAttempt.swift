/// One way of preparing a picture for zbar; the ``QRScanner`` tries them in order.
struct QRScanAttempt: Sendable {
    /// A short name for reports and benchmarks, e.g. "threshold-1/8".
    let name: String
    /// zbar scans every `lineSpacing`-th row and column (its `X_DENSITY` and `Y_DENSITY`).
    var lineSpacing: Int32 = 1
    /// The prepared picture, or nil when this attempt does not apply to `image`.
    let prepare: @Sendable (_ image: GrayImage) -> GrayImage?
}
