/// Reads the QR codes in an uploaded photo's bytes, within one work budget for decoding and
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
/// The budget (``QRScanner/workBudget``) counts pixels, so a photo yields the same codes
/// whatever the machine's load; it is checked before each attempt and before the
/// full-resolution decode, whose pixels it counts too. CPU-bound: call it off the event loop.
public struct PhotoReader: Sendable {
    /// Limits and the reduced JPEG scale of the first pass.
    public var decoder: ImageDecoder
    /// The work budget, for both passes and the second decode.
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

    /// A reader with the default budget and JPEG scale, refusing pictures beyond `limits`.
    public init(limits: ImageDecodingLimits) {
        self.init(decoder: ImageDecoder(limits: limits))
    }

    /// The codes in the picture `bytes` (JPEG, PNG, WebP or HEIF), and the picture decoded.
    /// With `wanted`, codes it does not want (a poster's beside the sticker) do not end the
    /// search: it goes on, through the full-resolution tiles if need be, and keeps them all.
    public func read(photo bytes: [UInt8], lookingFor wanted: (@Sendable (String) -> Bool)? = nil) throws(PhotoReadingError) -> PhotoReading {
        let image: GrayImage
        do { image = try decoder.decode(bytes) } catch { throw .image(error) }
        let first: QRScanResult
        do { first = try scanner.read(image, attempts: QRScanLadder.attempts, lookingFor: wanted) } catch { throw .scanner(error) }
        guard !QRScanner.holds(first.codes, wanted), !first.ranOutOfBudget else { return PhotoReading(image: image, scan: first) }
        guard first.workSpent < scanner.workBudget else {
            return PhotoReading(image: image, scan: first.outOfBudget)
        }
        let fullResolution: GrayImage?
        do { fullResolution = try decoder.decodeFullResolutionIfReduced(bytes) } catch { throw .image(error) }
        guard let fullResolution else { return PhotoReading(image: image, scan: first) }
        do {
            let second = try scanner.read(fullResolution, attempts: Self.tileAttempts(for: fullResolution),
                                          after: first.spending(fullResolution.width * fullResolution.height), lookingFor: wanted)
            return PhotoReading(image: image, scan: second)
        } catch { throw .scanner(error) }
    }

    /// Every code in the picture, for tools that report what a photo holds (`puzzlemap
    /// decode`): the search as ``read(photo:lookingFor:)`` with no code wanted, then, once a
    /// code is found, a look for more where the first find may have hidden them: at full
    /// resolution when it was found at a reduced one (a large JPEG decoded at reduced scale, or
    /// the ladder's downscaled pass), which sees the codes too small for the pass that found
    /// the first (a herbarium sheet's second label); and in a picture small enough not to be
    /// downscaled, the thresholded rung of `QRScanLadder.lookingForMore(after:)` if it is still
    /// ahead, which sees a faint code beside a crisp one. Within the same work budget.
    public func readEveryCode(photo bytes: [UInt8]) throws(PhotoReadingError) -> PhotoReading {
        let reading = try read(photo: bytes)
        guard let found = reading.scan.successfulAttempt, reading.scan.workSpent < scanner.workBudget,
              QRScanLadder.attempts.contains(where: { $0.name == found })
        else { return reading }
        let fullResolution: GrayImage?
        do { fullResolution = try decoder.decodeFullResolutionIfReduced(bytes) } catch { throw .image(error) }
        let picture: GrayImage
        let attempts: [QRScanAttempt]
        var spent = reading.scan
        if let fullResolution {
            (picture, attempts) = (fullResolution, [QRScanLadder.everyCodeAttempt])
            spent = spent.spending(fullResolution.width * fullResolution.height)
        } else if found == QRScanLadder.downscaledAttempt {
            (picture, attempts) = (reading.image, [QRScanLadder.everyCodeAttempt])
        } else if reading.image.longestSide <= QRScanLadder.workingLongestSide {
            (picture, attempts) = (reading.image, QRScanLadder.lookingForMore(after: found))
        } else {
            return reading
        }
        do {
            let every = try scanner.read(picture, attempts: attempts, after: spent, lookingFor: { _ in false })
            return PhotoReading(image: reading.image, scan: every)
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
