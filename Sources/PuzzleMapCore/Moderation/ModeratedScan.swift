import Foundation

/// A scan as organisers see it: who, when, where, what came of it and why it was flagged.
public struct ModeratedScan: Hashable, Sendable {
    /// A scan's void, as the ledger records it.
    public struct Voiding: Hashable, Sendable {
        public var at: Date
        public var reason: String

        public init(at: Date, reason: String) {
            self.at = at
            self.reason = reason
        }
    }

    public var id: Int64
    public var playerID: Int64
    public var username: String
    public var displayName: String
    public var checkpointID: String
    /// The scan log's outcome: `solved`, `explored`, `wrong_place`, `already_visited`, `photo_already_used`.
    public var outcome: String
    /// Why it was flagged; `nil` when it was not, or when it was flagged before reasons were kept.
    public var flag: ScanFlag?
    public var flagged: Bool
    /// Where the phone said it was, if it said.
    public var location: ReportedLocation?
    public var scannedAt: Date
    /// Set once an organiser voided it.
    public var voiding: Voiding?

    public init(id: Int64, playerID: Int64, username: String, displayName: String, checkpointID: String, outcome: String,
                flag: ScanFlag?, flagged: Bool, location: ReportedLocation?, scannedAt: Date, voiding: Voiding?) {
        self.id = id
        self.playerID = playerID
        self.username = username
        self.displayName = displayName
        self.checkpointID = checkpointID
        self.outcome = outcome
        self.flag = flag
        self.flagged = flagged
        self.location = location
        self.scannedAt = scannedAt
        self.voiding = voiding
    }
}
