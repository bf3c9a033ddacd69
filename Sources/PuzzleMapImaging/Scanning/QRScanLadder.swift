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

    /// The name of the first, downscaled pass.
    static let downscaledAttempt = "downscaled"

    /// The plain pass at full resolution that looks for more codes once one is found (see
    /// ``PhotoReader/readEveryCode(photo:)``), on every second row and column: measured on the
    /// real photos (38) and the synthetic seed 1 (260), scanning every line, every second and
    /// every third read the same codes (32 photos fully read; 249 exact), in 2.84, 2.25 and
    /// 2.05 s in all on the real photos and 157, 110 and 97 s on the synthetic ones. Every
    /// second line keeps a code at 2 px a module crossed three times through each finder
    /// pattern's centre.
    static let everyCodeAttempt = QRScanAttempt(name: "every-code-full-resolution", lineSpacing: 2) { $0 }

    /// The rungs that look on in a small picture once a code is found there (see
    /// ``PhotoReader/readEveryCode(photo:)``): those of `lookingForMoreRungs` still ahead of
    /// `found`, on every second row and column. On the real photos the thresholded rung finds the
    /// faint second code of `bardecoder-multiple_codes.png`; it still does on every third line,
    /// and every second line read the same codes everywhere (ZXing corpus, real photos) in 6 %
    /// less time on the real photos (2.04 -> 1.91 s in one process).
    static func lookingForMore(after found: String) -> [QRScanAttempt] {
        guard let rung = attempts.firstIndex(where: { $0.name == found }) else { return [] }
        return attempts[(rung + 1)...].filter { lookingForMoreRungs.contains($0.name) }.map { attempt in
            var attempt = attempt
            attempt.lineSpacing = 2
            return attempt
        }
    }

    /// The 1/4 window found the faint code too, and both together nothing more, for 8 % more
    /// time on the real photos; the whole rest of the ladder found nothing more there, at up to
    /// four times the time (a median of 34 ms a picture on the ZXing corpus against 9).
    static let lookingForMoreRungs: Set<String> = ["threshold-1/8"]

    /// The last rung: a picture of 500 to 1000 px, enlarged twice and locally thresholded with a
    /// 32 px window (the full-resolution tiles' window). Whole-scene phone photos of that size
    /// hold small codes at about 2 px a module that zbar misses as they are; chosen on the real
    /// photos (`../shared/qr-corpus/real`, `phone-far`), where it reads two the rest of the
    /// ladder misses (a sticker book, a shop shelf; plain enlargement reads only the shelf). On
    /// the ZXing corpus it reads nothing more and nothing false, and adds 0.9 s to the 5.7 s of
    /// the corpus at rotation 0, all of it on pictures no rung reads. Smaller pictures are
    /// enlarged by the earlier rungs; enlarging them once more here read nothing more there.
    static let enlargedThresholdedAttempt = QRScanAttempt(name: "upscaled-2x-threshold") { image in
        (500...workingLongestSide).contains(image.longestSide) ? image.upscaled(by: 2).locallyThresholded(window: 32) : nil
    }

    static let attempts: [QRScanAttempt] = [
        QRScanAttempt(name: downscaledAttempt) { image in
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
        enlargedThresholdedAttempt,
    ]
}
