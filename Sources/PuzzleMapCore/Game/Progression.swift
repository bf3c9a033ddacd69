import Foundation

/// What one event changes in a player's standing. The ledger is replayed once before, and the
/// events carried on from there; the answer a player sees and the offers the event unlocks both
/// read the same pair.
public struct Progression: Sendable {
    public let content: CampusContent
    public let old: PlayerStanding
    public let new: PlayerStanding

    public init(before: [GameEvent], adding event: GameEvent?, content: CampusContent) {
        self.init(before: before, adding: event.map { [$0] } ?? [], content: content)
    }

    /// What several events written together change (a solve and the challenge it wins).
    public init(before: [GameEvent], adding events: [GameEvent], content: CampusContent) {
        self.init(old: PlayerStanding(events: before, content: content), of: before, adding: events, content: content)
    }

    /// The same, from `old`, the standing of the ledger `before` (carried forward rather than
    /// replayed).
    public init(old: PlayerStanding, of before: [GameEvent], adding events: [GameEvent], content: CampusContent) {
        self.content = content
        self.old = old
        new = old.adding(events, content: content) ?? PlayerStanding(events: before + events, content: content)
    }

    public var xpAwarded: Int { new.totals.xp - old.totals.xp }
    public var levelUp: Bool { new.totals.level > old.totals.level }

    /// The badges the event completed, in the order of the badges file.
    public var newBadges: [Badge] {
        content.badges.filter { new.earnedAt[$0.id] != nil && old.earnedAt[$0.id] == nil }
    }

    /// The offers the event unlocks: levels newly reached and badges newly earned, on the
    /// campus's calendar day.
    public func grants(at now: Date, in timeZone: TimeZone) -> [VoucherGrant] {
        content.grants(fromLevel: old.totals.level, toLevel: new.totals.level,
                       newBadges: Set(new.earnedAt.keys).subtracting(old.earnedAt.keys), at: now, in: timeZone)
    }
}
