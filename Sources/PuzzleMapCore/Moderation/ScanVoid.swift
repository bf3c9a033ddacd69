import Foundation

/// What voiding a scan takes back, decided from the player's ledger and the vouchers they
/// unlocked: the void event's XP, the badges no longer earned, and the vouchers of offers no
/// longer earned, withdrawn unless already redeemed (a redeemed one stays redeemed: the coffee
/// was drunk). Pure: the store reads under its lock, this decides, the store writes.
public struct ScanVoid: Hashable, Sendable {
    /// The void's ledger entry: minus the XP the scan's events earned.
    public var event: GameEvent
    public var xp: Int { event.xp }
    public var levelBefore: Int
    public var levelAfter: Int
    /// Badges earned with the scan and not without it, in the order of the badges file.
    public var badgesLost: [Badge]
    /// Unredeemed vouchers of offers no longer earned: withdrawn, their stock given back.
    public var withdrawnVouchers: [Voucher]
    /// Redeemed vouchers of offers no longer earned: they stay redeemed.
    public var redeemedVouchers: [Voucher]

    public init(event: GameEvent, levelBefore: Int, levelAfter: Int, badgesLost: [Badge], withdrawnVouchers: [Voucher], redeemedVouchers: [Voucher]) {
        self.event = event
        self.levelBefore = levelBefore
        self.levelAfter = levelAfter
        self.badgesLost = badgesLost
        self.withdrawnVouchers = withdrawnVouchers
        self.redeemedVouchers = redeemedVouchers
    }

    /// Decides the void of scan `scanID` of `playerID`, for `reason`, for a player whose ledger
    /// is `events` and who unlocked `unlocked` (wherever those vouchers are now). Refused if the
    /// ledger already voids it.
    public static func decide(scanID: Int64, of playerID: Int64, checkpointID: String, reason: String, events: [GameEvent], unlocked: [Voucher],
                              at now: Date, content: CampusContent) -> Result<ScanVoid, ModerationRefusal> {
        if let earlier = events.first(where: { $0.kind == .voided && $0.scanID == scanID }) {
            return .failure(.scanAlreadyVoided(at: earlier.occurredAt))
        }
        let earned = events.filter { $0.scanID == scanID }.reduce(0) { $0 + $1.xp }
        let void = GameEvent.voided(scan: scanID, of: playerID, at: checkpointID, xp: -earned, reason: reason, on: now)
        let before = PlayerStanding(events: events, content: content)
        let after = PlayerStanding(events: events + [void], content: content)
        let stillEarned = { (offer: Offer) -> Bool in
            switch offer.unlock {
            case .level(let level): return after.totals.level >= level
            case .badge(let badge): return after.earnedAt[badge] != nil
            }
        }
        let lost = unlocked.filter { voucher in content.offer(id: voucher.offerID).map { !stillEarned($0) } ?? false }
        return .success(ScanVoid(
            event: void, levelBefore: before.totals.level, levelAfter: after.totals.level,
            badgesLost: content.badges.filter { before.earnedAt[$0.id] != nil && after.earnedAt[$0.id] == nil },
            withdrawnVouchers: lost.filter { $0.redeemedAt == nil }, redeemedVouchers: lost.filter { $0.redeemedAt != nil }))
    }
}
