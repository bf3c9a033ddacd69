import PuzzleMapCore

/// What an event changed in a player's standing, with the vouchers it issued.
public struct StandingChange: Codable, Sendable, Equatable {
    public var xpAwarded: Int
    public var totalXP: Int
    public var level: Int
    public var levelUp: Bool
    /// Badges newly earned, in the order of the badges file.
    public var newBadges: [Badge]
    public var newVouchers: [Voucher]

    init(_ progression: Progression, vouchers: [Voucher]) {
        xpAwarded = progression.xpAwarded
        totalXP = progression.new.totals.xp
        level = progression.new.totals.level
        levelUp = progression.levelUp
        newBadges = progression.newBadges
        newVouchers = vouchers
    }
}
