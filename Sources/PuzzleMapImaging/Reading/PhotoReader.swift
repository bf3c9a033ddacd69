/// Reads the QR codes in an uploaded photo's bytes, within one time budget for decoding and
/// scanning together.
///
/// First the picture is decoded as ``ImageDecoder`` does (large JPEGs at reduced scale, which
/// is fast and enough for most codes) and the ``QRScanner`` ladder runs on it. If that finds
/// nothing and the decode had thrown pixels away, the JPEG is decoded again at full resolution
/// (under the same limits) and scanned in overlapping tiles (``PhotoTiling``), centre first,
/// plainly and then locally thresholded, until a tile holds a code: a code at 2-3 px per
/// module in a 12-megapixel photo is about one pixel per module after the reduced decode and
/// only readable at full size.
///
/// The budget is checked before each attempt and before the full-resolution decode, so the
/// answer may come one attempt (or one decode) late. CPU-bound: call it off the event loop.
public struct PhotoReader: Sendable {
    /// Limits and the reduced JPEG scale of the first pass.
    public var decoder: ImageDecoder
    /// The time budget (for both passes and both decodes) and its clock.
    public var scanner: QRScanner

    /// The ``QRScanResult/successfulAttempt`` of a code found only at full resolution.
    public static let fullResolutionTileAttempt = "full-resolution-tile"
    /// The ``QRScanResult/successfulAttempt`` of a code found only in a locally thresholded
    /// full-resolution tile.
    public static let fullResolutionThresholdedTileAttempt = "full-resolution-tile-threshold"

    public init(decoder: ImageDecoder = ImageDecoder(), scanner: QRScanner = QRScanner()) {
        self.decoder = decoder
        self.scanner = scanner
    }

    /// A reader with the default budget (1.5 s) and JPEG scale, refusing pictures beyond `limits`.
    public init(limits: ImageDecodingLimits) {
        self.init(decoder: ImageDecoder(limits: limits))
    }

    /// The codes in the picture `bytes` (JPEG, PNG, WebP or HEIF), and the picture decoded.
    /// With `wanted`, codes it does not want (a poster's beside the sticker) do not end the
    /// search: it goes on, through the full-resolution tiles if need be, and keeps them all.
    public func read(photo bytes: [UInt8], lookingFor wanted: (@Sendable (String) -> Bool)? = nil) throws(PhotoReadingError) -> PhotoReading {
        try read(photo: bytes, on: scanner.clock, lookingFor: wanted)
    }

    private func read<C: Clock<Duration>>(photo bytes: [UInt8], on clock: C,
                                          lookingFor wanted: (@Sendable (String) -> Bool)?) throws(PhotoReadingError) -> PhotoReading {
        let start = clock.now
        let image: GrayImage
        do { image = try decoder.decode(bytes) } catch { throw .image(error) }
        let first: QRScanResult
        do {
            first = try scanner.read(image, attempts: QRScanLadder.attempts, on: clock, since: start, lookingFor: wanted)
        } catch { throw .scanner(error) }
        guard !QRScanner.holds(first.codes, wanted), !first.ranOutOfTime else { return PhotoReading(image: image, scan: first) }

        guard start.duration(to: clock.now) < scanner.timeBudget else {
            return PhotoReading(image: image, scan: QRScanResult(codes: first.codes, successfulAttempt: first.successfulAttempt,
                                                                 attemptsRun: first.attemptsRun, ranOutOfTime: true))
        }
        let fullResolution: GrayImage?
        do { fullResolution = try decoder.decodeFullResolutionIfReduced(bytes) } catch { throw .image(error) }
        guard let fullResolution else { return PhotoReading(image: image, scan: first) }
        do {
            let second = try scanner.read(
                fullResolution, attempts: Self.tileAttempts(for: fullResolution), on: clock, since: start, after: first, lookingFor: wanted
            )
            return PhotoReading(image: image, scan: second)
        } catch { throw .scanner(error) }
    }

    /// A plain zbar attempt per tile, then a locally thresholded one per tile. On the
    /// synthetic 12-megapixel photo set (`Scripts/bench-photos.sh`, seed 1, 260 pictures) the
    /// plain tiles rescued 34 pictures the reduced ladder missed (all 20 of "small") and the
    /// thresholded tiles 3 more (a tilted, an underexposed and a blurred code) with a 32 px
    /// window; 64 and 128 px windows rescued 2.
    static func tileAttempts(for image: GrayImage) -> [QRScanAttempt] {
        let tiles = PhotoTiling().tiles(width: image.width, height: image.height)
        let plain = tiles.map { tile in
            QRScanAttempt(name: fullResolutionTileAttempt) { $0.cropped(to: tile) }
        }
        let thresholded = tiles.map { tile in
            QRScanAttempt(name: fullResolutionThresholdedTileAttempt) { $0.cropped(to: tile).locallyThresholded(window: 32) }
        }
        return plain + thresholded
    }

}
