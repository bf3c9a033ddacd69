import Foundation

/// An offer a player has not unlocked yet, and how far they are from unlocking it: the same
/// unlock rules that issue vouchers (`CampusContent.grants`), read the other way round.
public struct OfferProgress: Hashable, Sendable {
    public var offer: Offer
    /// Steps done of steps needed: XP for a level, the badge rule's solves, places or levels
    /// for a badge. `current` never exceeds `target`.
    public var progress: BadgeProgress
    /// What is left, written from the unlock rule: "Earn 120 more XP to reach level 3." or
    /// "Earn the badge Social Butterfly: Solve 3 social riddles (1 of 3 so far)."
    public var howToUnlock: String
    /// The first day the offer gives vouchers, when that is still to come.
    public var startsOn: LocalDate?

    public init(offer: Offer, progress: BadgeProgress, howToUnlock: String, startsOn: LocalDate?) {
        self.offer = offer
        self.progress = progress
        self.howToUnlock = howToUnlock
        self.startsOn = startsOn
    }

    /// How many steps are left.
    public var remaining: Int { progress.target - progress.current }
}

extension CampusContent {
    /// The offers `standing` has not unlocked yet that can still be unlocked (not past their
    /// last day on `today`), in the order of the offers file. An offer already unlocked is not
    /// upcoming: its voucher is in the player's freebies.
    public func upcomingOffers(for standing: PlayerStanding, on today: LocalDate) -> [OfferProgress] {
        offers.compactMap { offer in
            guard today <= offer.validUntil else { return nil }
            let startsOn = today < offer.validFrom ? offer.validFrom : nil
            switch offer.unlock {
            case .level(let level):
                guard standing.totals.level < level else { return nil }
                // A level beyond the organiser's curve can never be reached.
                guard rules.levelThresholds.indices.contains(level - 1) else { return nil }
                let needed = rules.levelThresholds[level - 1]
                let progress = BadgeProgress(current: min(standing.totals.xp, needed), target: needed)
                let more = needed - progress.current
                return OfferProgress(offer: offer, progress: progress, howToUnlock: "Earn \(more) more XP to reach level \(level).",
                                     startsOn: startsOn)
            case .badge(let id):
                guard standing.earnedAt[id] == nil, let badge = badges.first(where: { $0.id == id }) else { return nil }
                let progress = BadgeEvaluator.progress(toward: badge.rule, history: standing.history, level: standing.totals.level)
                let how = BadgeEvaluator.howToEarn(badge, checkpoints: checkpoints, history: standing.history, level: standing.totals.level)
                return OfferProgress(offer: offer, progress: progress, howToUnlock: "Earn the badge \(badge.name): \(how)", startsOn: startsOn)
            }
        }
    }
}
