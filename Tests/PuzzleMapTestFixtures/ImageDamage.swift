import PuzzleMapCore

/// Damage as uploads suffer it (cut short, bytes flipped, bytes inserted or removed), for
/// fuzzing the decoders directly and through the routes.
public enum ImageDamage {
    /// One of four kinds of damage, chosen by round so every kind is exercised.
    public static func damage(_ bytes: [UInt8], round: Int, using random: inout SplitMix64) -> [UInt8] {
        var damaged = bytes
        switch round % 4 {
        case 0:
            damaged = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case 1:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                damaged[Int.random(in: 0..<damaged.count, using: &random)] = UInt8.random(in: 0...255, using: &random)
            }
        case 2:
            let at = Int.random(in: 0..<damaged.count, using: &random)
            damaged.insert(contentsOf: (0..<Int.random(in: 1...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: at)
        default:
            // Keep the signature so the decoder, not the sniffer, meets the damage.
            let start = Int.random(in: 12..<damaged.count, using: &random)
            let end = min(damaged.count, start + Int.random(in: 1...256, using: &random))
            damaged.removeSubrange(start..<end)
        }
        return damaged
    }
}
