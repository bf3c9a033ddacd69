/// What ``PhotoReader/read(photo:)`` found in one uploaded picture.
public struct PhotoReading: Sendable, Hashable {
    /// The picture as the first pass saw it (a large JPEG at reduced scale): what a perceptual
    /// hash or a preview wants, whichever pass found the code.
    public let image: GrayImage
    /// The codes found and how: ``QRScanResult/successfulAttempt`` names a ladder step, or
    /// ``PhotoReader/fullResolutionTileAttempt`` or
    /// ``PhotoReader/fullResolutionThresholdedTileAttempt`` when only the full-resolution pass
    /// found one.
    /// ``QRScanResult/attemptsRun`` counts both passes.
    public let scan: QRScanResult

    /// The texts of the codes found, empty if none.
    public var texts: [String] { scan.codes.map(\.text) }
}
