import Foundation

/// The hunt's identity: what posters say and which clock opening hours follow.
public struct CampusInfo: Hashable, Codable, Sendable {
    public var title: String
    public var university: String
    /// IANA identifier, e.g. `Europe/London`.
    public var timeZoneIdentifier: String
    /// Every trait tag the content may use; tags anywhere else must be one of these.
    public var traits: [String]

    public init(title: String, university: String, timeZoneIdentifier: String, traits: [String]) {
        self.title = title
        self.university = university
        self.timeZoneIdentifier = timeZoneIdentifier
        self.traits = traits
    }
}

/// Everything an organiser describes in `Campus/` and `Riddles/`, validated and ready to serve.
public struct CampusContent: Hashable, Codable, Sendable {
    public var info: CampusInfo
    /// In the order of the campus file; printed codes follow it.
    public var checkpoints: [Checkpoint]
    public var riddles: [Riddle]
    public var quiz: [QuizQuestion]
    public var rules: GameRules
    public var badges: [Badge]
    public var partners: [Partner]
    public var offers: [Offer]

    public init(
        info: CampusInfo, checkpoints: [Checkpoint], riddles: [Riddle], quiz: [QuizQuestion],
        rules: GameRules, badges: [Badge], partners: [Partner], offers: [Offer]
    ) {
        self.info = info
        self.checkpoints = checkpoints
        self.riddles = riddles
        self.quiz = quiz
        self.rules = rules
        self.badges = badges
        self.partners = partners
        self.offers = offers
    }

    public func checkpoint(id: String) -> Checkpoint? { checkpoints.first { $0.id == id } }
    public func offer(id: String) -> Offer? { offers.first { $0.id == id } }
    public func partner(id: String) -> Partner? { partners.first { $0.id == id } }
}

extension CampusContent {
    /// The campus's clock zone (opening hours, offers' days, weekly boards); UTC for an
    /// identifier the system does not know, which `check` refuses anyway.
    public var timeZone: TimeZone { TimeZone(identifier: info.timeZoneIdentifier) ?? .gmt }

    /// The weeks weekly leaderboards run by.
    public var weeks: CampusWeek { CampusWeek(timeZone: timeZone) }
}
