import Foundation
import PuzzleMapCore

/// What the store knows when a scan is decided, read inside the scan's transaction.
public struct ScanState: Sendable {
    public var active: [RiddleAttempt]
    public var events: [GameEvent]
    /// The player's previous scan, for the speed check.
    public var previousScan: (checkpointID: String, at: Date)?
    /// Whether another account used the same (or a near-identical) photo recently.
    public var photoUsedByAnotherPlayer: Bool

    public init(active: [RiddleAttempt], events: [GameEvent], previousScan: (checkpointID: String, at: Date)?, photoUsedByAnotherPlayer: Bool) {
        self.active = active
        self.events = events
        self.previousScan = previousScan
        self.photoUsedByAnotherPlayer = photoUsedByAnotherPlayer
    }
}

/// The photo of a scan, as fingerprints: exact bytes and a perceptual hash.
public struct PhotoFingerprint: Sendable, Hashable {
    public var sha256: String
    public var perceptual: UInt64

    public init(sha256: String, perceptual: UInt64) {
        self.sha256 = sha256
        self.perceptual = perceptual
    }
}

/// Where the phone said it was when the photo was taken.
public struct ReportedLocation: Sendable, Hashable {
    public var coordinate: Coordinate
    public var accuracyMetres: Double?

    public init(coordinate: Coordinate, accuracyMetres: Double?) {
        self.coordinate = coordinate
        self.accuracyMetres = accuracyMetres
    }
}

/// What a decided scan writes.
public struct ScanEffect: Sendable {
    /// Close this riddle as solved.
    public var solvedAttemptID: Int64?
    /// Append this event to the ledger.
    public var event: (kind: GameEvent.Kind, riddleID: String?, xp: Int, hintsUsed: Int)?
    /// Open a pending check-in with this id, lapsing at `expiresAt`.
    public var checkIn: (id: String, expiresAt: Date)?
    /// Offers the event unlocks: a voucher each, while stock lasts.
    public var grants: [VoucherGrant]
    /// What the scan log records for organisers.
    public var outcome: String
    public var flagged: Bool
    public var status: Int
    /// The answer, given the vouchers actually issued; kept for replays under the same key.
    public var respond: @Sendable ([Voucher]) throws -> Data

    public init(solvedAttemptID: Int64? = nil, event: (kind: GameEvent.Kind, riddleID: String?, xp: Int, hintsUsed: Int)? = nil,
                checkIn: (id: String, expiresAt: Date)? = nil, grants: [VoucherGrant] = [], outcome: String, flagged: Bool, status: Int,
                respond: @escaping @Sendable ([Voucher]) throws -> Data) {
        self.solvedAttemptID = solvedAttemptID
        self.event = event
        self.checkIn = checkIn
        self.grants = grants
        self.outcome = outcome
        self.flagged = flagged
        self.status = status
        self.respond = respond
    }
}

/// The stored answer of a scan: freshly decided, or replayed for a retried upload.
public struct ScanAnswer: Sendable {
    public var status: Int
    public var response: Data
    public var replayed: Bool
    /// The digest of the request the answer was first given to (empty for answers stored
    /// before digests were kept): a key sent again with another request is a client's bug.
    public var requestDigest: String

    public init(status: Int, response: Data, replayed: Bool, requestDigest: String = "") {
        self.status = status
        self.response = response
        self.replayed = replayed
        self.requestDigest = requestDigest
    }
}

/// A wrong-place check-in waiting for the player's decision.
public struct PendingCheckIn: Sendable, Hashable {
    public var id: String
    public var playerID: Int64
    public var checkpointID: String
    public var expiresAt: Date
}

/// Scans: decided and applied in one transaction, idempotent under a client's key.
public protocol ScanStore: Sendable {
    /// The answer stored under this idempotency key, if the scan was already made.
    func storedScan(playerID: Int64, idempotencyKey: String) async throws -> ScanAnswer?
    /// Reads the state, lets `decide` choose the effect, applies it and records the answer,
    /// all in one transaction. With a key, a concurrent duplicate gets the first answer.
    func performScan(playerID: Int64, checkpointID: String, idempotencyKey: String?, requestDigest: String, photo: PhotoFingerprint?,
                     location: ReportedLocation?, photoWindow: TimeInterval, at date: Date,
                     decide: @Sendable (ScanState) throws -> ScanEffect) async throws -> ScanAnswer
    /// Registers a pending check-in as a ledger event, issuing the vouchers `grants` says it
    /// unlocks (given the ledger before and the new event) in the same transaction; `nil` if the
    /// check-in is unknown, lapsed or not theirs.
    func registerCheckIn(id: String, playerID: Int64, xp: Int, at date: Date,
                         grants: @Sendable (_ before: [GameEvent], _ event: GameEvent) -> [VoucherGrant]) async throws -> (before: [GameEvent], event: GameEvent, vouchers: [Voucher])?
    /// Notes a photo that gave no usable code (`no_code_found`, `corrupt_image`, ...).
    func recordScanFailure(playerID: Int64, reason: String, location: ReportedLocation?, at date: Date) async throws
    /// Cancels a pending check-in, leaving no trace; false if there was none.
    func cancelCheckIn(id: String, playerID: Int64) async throws -> Bool
}

extension PhotoFingerprint {
    /// Perceptual hashes this close (in differing bits of 64) are the same picture, re-encoded
    /// or resized.
    public static let nearIdenticalBits = 4
}
