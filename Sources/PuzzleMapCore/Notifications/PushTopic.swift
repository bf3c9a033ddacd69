import Foundation

/// The kinds of news worth waking a phone for, each of which a player may turn off. Everything
/// else waits for the app to be opened (the live stream and the pages show it).
public enum PushTopic: String, CaseIterable, Codable, Hashable, Sendable {
    /// A friend challenged the player.
    case challenges
    /// A crew mate scanned the crew riddle's place: the others have minutes to join them.
    case crewScans = "crew_scans"
    /// A freebie the player holds lapses within ``PushTopic/lapseNoticeLead``.
    case freebiesLapsing = "freebies_lapsing"

    /// How long before a freebie lapses its holder hears of it.
    public static let lapseNoticeLead: TimeInterval = 24 * 3600
    /// At most this many notices for one wake-up: a phone that was off for hours gets the latest
    /// few, not a buzz for every one.
    public static let noticesAtOnce = 3

    /// The topic a live event belongs to, if it wakes the phone at all.
    public init?(_ kind: LiveEvent.Kind) {
        switch kind {
        case .challengeReceived: self = .challenges
        case .crewScanned: self = .crewScans
        case .freebieLapsing: self = .freebiesLapsing
        default: return nil
        }
    }

    /// Which of a player's new events are pushed, given the topics they turned off: the ones of
    /// a topic still on, the latest ``noticesAtOnce``, oldest first.
    public static func notices(in events: [StoredLiveEvent], turnedOff: Set<PushTopic>) -> [StoredLiveEvent] {
        Array(events.filter { PushTopic($0.event.kind).map { !turnedOff.contains($0) } ?? false }.suffix(noticesAtOnce))
    }
}

extension LiveEvent {
    /// A freebie the player holds lapses soon: at `voucher.expiresAt`, `hours` (rounded up)
    /// after `date`.
    public static func freebieLapsing(_ voucher: Voucher, offerTitle: String, at date: Date) -> LiveEvent {
        let hours = max(1, Int((voucher.expiresAt.timeIntervalSince(date) / 3600).rounded(.up)))
        return LiveEvent(playerID: voucher.playerID, kind: .freebieLapsing, values: ["offer": offerTitle, "hours": String(hours)],
                         subjectID: voucher.id)
    }
}
