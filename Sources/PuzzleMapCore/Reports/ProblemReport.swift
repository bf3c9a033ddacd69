import Foundation

/// What a player tells the organisers is wrong: a sticker damaged or gone, a wrong fact, a bug.
public struct ProblemReport: Hashable, Codable, Sendable {
    /// What kind of problem it is; the organisers sort their list by it.
    public enum Kind: String, CaseIterable, Codable, Sendable {
        case stickerDamaged = "sticker_damaged"
        case stickerMissing = "sticker_missing"
        case wrongInformation = "wrong_information"
        case bug
        case other

        /// A sticker report is about one place, so it must name it.
        public var needsPlace: Bool { self == .stickerDamaged || self == .stickerMissing }
    }

    /// The longest description kept: enough for what happened, not for an essay.
    public static let maxTextLength = 1000
    /// The longest note on where the report was made from (the page and problem code).
    public static let maxContextLength = 200

    public var kind: Kind
    public var checkpointID: String?
    public var text: String
    /// Where the player was when they reported it (`invalid_code on /scan`), if known.
    public var context: String?

    public init(kind: Kind, checkpointID: String?, text: String, context: String?) {
        self.kind = kind
        self.checkpointID = checkpointID
        self.text = text
        self.context = context
    }
}

/// Where a report stands, as the organisers set it: every report starts open.
public enum ReportStatus: String, CaseIterable, Codable, Sendable {
    /// Nobody has looked at it yet.
    case open
    /// An organiser is on it (a new sticker is being printed).
    case inHand = "in_hand"
    /// Put right.
    case fixed
    /// Nothing to do (a duplicate, not a problem).
    case dismissed

    /// Whether the report still asks for something to be done.
    public var isPending: Bool { self == .open || self == .inHand }
}

/// A report as the organisers read it.
public struct StoredReport: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    /// `nil` once the reporter has erased their account.
    public var playerID: Int64?
    public var report: ProblemReport
    public var createdAt: Date
    public var status: ReportStatus
    /// The reporter's username, when the store read it with the report (`nil` once erased).
    public var reporter: String?
    /// Who last set the status (an organiser's username) and when; `nil` while it is as sent.
    public var statusSetBy: String?
    public var statusSetAt: Date?

    public init(id: Int64, playerID: Int64?, report: ProblemReport, createdAt: Date, status: ReportStatus = .open, reporter: String? = nil,
                statusSetBy: String? = nil, statusSetAt: Date? = nil) {
        self.id = id
        self.playerID = playerID
        self.report = report
        self.createdAt = createdAt
        self.status = status
        self.reporter = reporter
        self.statusSetBy = statusSetBy
        self.statusSetAt = statusSetAt
    }
}

/// Why a report was not taken.
public enum ReportRefusal: Error, Equatable, Sendable {
    /// Nothing was said: a report other than a sticker's needs a description.
    case emptyReport
    case textTooLong(max: Int)
    /// A sticker report without a place, or a place that is not in play.
    case unknownPlace
    /// More reports than the day's limit.
    case tooManyReports(perDay: Int)
    /// An organiser named a report that does not exist.
    case reportNotFound
}
