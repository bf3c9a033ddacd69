/// The attempts the scanner makes, in order; the first that finds a code ends the scan.
///
/// Chosen by measuring the ZXing blackbox corpus with `Scripts/bench-decode.sh --attempts`
/// over four rotations (716 pictures with a code, 188 without): plain zbar on the picture reads
/// 621; enlarging small pictures rescues 37, local thresholding 9, the downscaled first pass 4
/// and a light blur 1, with no false read on the 188. Sharpening, halving, 4x enlargement,
/// other threshold windows and offsets, and turns by 30, 45, 60 or 90 degrees were measured
/// too: the turns rescued 3 of 716 at three times the p95 scan time, the rest nothing, so they
/// are left out. Contrast stretching and inversion rescue nothing in that corpus (it has no
/// light-on-dark codes) but are cheap and meet real signage, so they stay near the end.
enum QRScanLadder {
    /// The longest side the first, fast pass works at.
    static let workingLongestSide = 1000

    static let attempts: [QRScanAttempt] = [
        QRScanAttempt(name: "downscaled") { image in
            image.longestSide > workingLongestSide ? image.downscaled(toLongestSide: workingLongestSide) : nil
        },
        QRScanAttempt(name: "original") { $0 },
        QRScanAttempt(name: "upscaled-2x") { image in
            image.longestSide < 500 ? image.upscaled(by: 2) : nil
        },
        QRScanAttempt(name: "threshold-1/8") { image in
            image.locallyThresholded(window: image.longestSide / 8)
        },
        QRScanAttempt(name: "upscaled-3x") { image in
            image.longestSide < 300 ? image.upscaled(by: 3) : nil
        },
        QRScanAttempt(name: "threshold-1/4") { image in
            image.locallyThresholded(window: image.longestSide / 4)
        },
        QRScanAttempt(name: "contrast") { $0.contrastStretched() },
        QRScanAttempt(name: "blurred") { $0.boxBlurred() },
        QRScanAttempt(name: "inverted") { $0.inverted() },
    ]
}
