import Foundation

/// Something on the organisers' dashboard that asks for a look, at one place.
public struct Attention: Hashable, Codable, Sendable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// Many photos that gave no code near the place, lately: a torn, wet or badly lit sticker.
        case failedPhotos = "failed_photos"
        /// Many reports about the place still open or in hand.
        case manyReports = "many_reports"
        /// Nobody has scanned the place's code on several days it was open: a sticker gone, or
        /// a riddle nobody solves.
        case quietCode = "quiet_code"
    }

    public var kind: Kind
    public var checkpointID: String
    /// Photos (`failedPhotos`), reports (`manyReports`) or open days without a scan (`quietCode`).
    public var count: Int

    public init(kind: Kind, checkpointID: String, count: Int) {
        self.kind = kind
        self.checkpointID = checkpointID
        self.count = count
    }
}

/// The "look at this" list: which places need an organiser, by thresholds the organisers set in
/// `Campus/game.yaml` (`limits.quietCodeDays`, `failedPhotoBurst`, `failedPhotoBurstMinutes`,
/// `reportsBeforeAlert`).
public enum LookAtThis {
    /// What is known about one place.
    public struct Place: Sendable {
        public var id: String
        public var hours: OpeningHours
        /// The last time its code was read; `nil` if never.
        public var lastScanAt: Date?
        /// Photos that gave no code near it within the burst window.
        public var recentFailedPhotos: Int
        /// Its reports still open or in hand.
        public var pendingReports: Int

        public init(id: String, hours: OpeningHours, lastScanAt: Date?, recentFailedPhotos: Int, pendingReports: Int) {
            self.id = id
            self.hours = hours
            self.lastScanAt = lastScanAt
            self.recentFailedPhotos = recentFailedPhotos
            self.pendingReports = pendingReports
        }
    }

    /// The list, most urgent kind first (failed photos, then reports, then quiet codes), the
    /// larger count first within a kind, then by place id:
    ///
    /// - failed photos: at least `failedPhotoBurst` near the place within the window;
    /// - many reports: at least `reportsBeforeAlert` open or in hand;
    /// - a quiet code: at least `quietCodeDays` whole campus days on which the place was open
    ///   (had opening hours) passed after the day of its last scan and before today. A place
    ///   never scanned counts from the day the hunt started (`huntStartedAt`); with no start
    ///   known it is left out. Days it was closed (weekends, holidays) do not count.
    public static func items(for places: [Place], limits: GameLimits, huntStartedAt: Date?, now: Date, timeZone: TimeZone) -> [Attention] {
        var items: [Attention] = []
        let today = LocalDate(now, in: timeZone)
        for place in places {
            if place.recentFailedPhotos >= limits.failedPhotoBurst {
                items.append(Attention(kind: .failedPhotos, checkpointID: place.id, count: place.recentFailedPhotos))
            }
            if place.pendingReports >= limits.reportsBeforeAlert {
                items.append(Attention(kind: .manyReports, checkpointID: place.id, count: place.pendingReports))
            }
            if let since = place.lastScanAt ?? huntStartedAt {
                let days = openDays(of: place.hours, after: LocalDate(since, in: timeZone), before: today)
                if days >= limits.quietCodeDays {
                    items.append(Attention(kind: .quietCode, checkpointID: place.id, count: days))
                }
            }
        }
        let order = Dictionary(uniqueKeysWithValues: Attention.Kind.allCases.enumerated().map { ($1, $0) })
        return items.sorted {
            (order[$0.kind]!, -$0.count, $0.checkpointID) < (order[$1.kind]!, -$1.count, $1.checkpointID)
        }
    }

    /// The longest stretch counted: a year of open days is as quiet as a code gets.
    static let maximumDays = 366

    /// Campus days strictly after `first` and strictly before `last` on which `hours` opens at all.
    public static func openDays(of hours: OpeningHours, after first: LocalDate, before last: LocalDate) -> Int {
        var count = 0
        var day = first.next
        var looked = 0
        while day < last, looked < maximumDays {
            if !hours.ranges(on: day).isEmpty { count += 1 }
            day = day.next
            looked += 1
        }
        return count
    }
}
