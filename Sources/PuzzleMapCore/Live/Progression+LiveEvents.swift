extension Progression {
    /// What the player hears of at once: each badge the event completed, and the level reached.
    public func liveEvents(for playerID: Int64) -> [LiveEvent] {
        newBadges.map { LiveEvent(playerID: playerID, kind: .badgeEarned, values: ["badge": $0.name]) }
            + (levelUp ? [LiveEvent(playerID: playerID, kind: .levelReached, values: ["level": "\(new.totals.level)"])] : [])
    }
}
