import Foundation
import PuzzleMapCore

/// What the store knows when a scan is decided, read inside the scan's transaction.
public struct ScanState: Sendable {
    public var active: [RiddleAttempt]
    public var events: [GameEvent]
    /// The player's previous scan, for the speed check.
    public var previousScan: (checkpointID: String, at: Date)?
    /// The photos other players scanned the same checkpoint with, within the window asked for.
    public var othersRecentPhotos: [PhotoFingerprint]
    /// The player's accepted challenges not yet won or withdrawn, locked until the scan's
    /// transaction ends: of two friends scanning at once, the second sees the first's win.
    public var acceptedChallenges: [Challenge]
    /// The scanner's crew, when its unsolved riddle leads to the scanned place.
    public var crew: CrewPlay?

    public init(active: [RiddleAttempt], events: [GameEvent], previousScan: (checkpointID: String, at: Date)?, othersRecentPhotos: [PhotoFingerprint],
                acceptedChallenges: [Challenge] = []) {
        self.active = active
        self.events = events
        self.previousScan = previousScan
        self.othersRecentPhotos = othersRecentPhotos
        self.acceptedChallenges = acceptedChallenges
        crew = nil
    }
}

/// What a decided scan writes.
public struct ScanEffect: Sendable {
    /// Close this riddle as solved.
    public var solvedAttemptID: Int64?
    /// Append this event to the ledger, naming the scan.
    public var event: GameEvent?
    /// Open a pending check-in with this id, lapsing at `expiresAt`.
    public var checkIn: (id: String, expiresAt: Date)?
    /// Offers the event unlocks: a voucher each, while stock lasts.
    public var grants: [VoucherGrant]
    /// The challenge this scan wins, and the bonus appended to the ledger for it (naming the scan).
    public var challengeWon: (challengeID: Int64, bonus: GameEvent)?
    /// What the scan announces: badges, a level, the friend beaten, the crew's news.
    public var liveEvents: [LiveEvent] = []
    /// Record the scan on this crew riddle (a member's scan of its place).
    public var crewScan: Int64?
    /// The crew riddle this scan solves, and each member's share.
    public var crewSolve: CrewSolve?
    /// What the scan log records for organisers.
    public var outcome: String
    /// Why organisers should look at the scan, if they should.
    public var flag: ScanFlag?
    public var flagged: Bool { flag != nil }
    /// The answer, given the vouchers actually issued: bytes the store keeps, uninterpreted,
    /// for replays under the same key.
    public var answer: @Sendable ([Voucher]) throws -> Data

    public init(solvedAttemptID: Int64? = nil, event: GameEvent? = nil,
                checkIn: (id: String, expiresAt: Date)? = nil, grants: [VoucherGrant] = [],
                challengeWon: (challengeID: Int64, bonus: GameEvent)? = nil, outcome: String, flag: ScanFlag?,
                answer: @escaping @Sendable ([Voucher]) throws -> Data) {
        self.solvedAttemptID = solvedAttemptID
        self.event = event
        self.checkIn = checkIn
        self.grants = grants
        self.challengeWon = challengeWon
        self.outcome = outcome
        self.flag = flag
        self.answer = answer
    }
}

/// The stored answer of a scan: freshly decided, or replayed for a retried upload.
public struct ScanAnswer: Sendable {
    /// What the decision wrote for the answer, as `ScanEffect.answer` gave it.
    public var answer: Data
    public var replayed: Bool
    /// The digest of the request the answer was first given to: a key sent again with another
    /// request is a client's bug.
    public var requestDigest: String

    public init(answer: Data, replayed: Bool, requestDigest: String) {
        self.answer = answer
        self.replayed = replayed
        self.requestDigest = requestDigest
    }
}

/// What registering a check-in earns, as the game decided it, and the answer it gives.
public struct CheckInEffect<Answer>: Sendable {
    /// The `checkedIn` event to append.
    public var event: GameEvent
    /// Offers the check-in unlocks: a voucher each, while stock lasts.
    public var grants: [VoucherGrant]
    /// What the check-in announces: badges, a level.
    public var liveEvents: [LiveEvent]
    /// The answer, given the vouchers actually issued.
    public var answer: @Sendable ([Voucher]) -> Answer

    public init(event: GameEvent, grants: [VoucherGrant], liveEvents: [LiveEvent] = [], answer: @escaping @Sendable ([Voucher]) -> Answer) {
        self.event = event
        self.grants = grants
        self.liveEvents = liveEvents
        self.answer = answer
    }
}

/// A wrong-place check-in waiting for the player's decision.
public struct PendingCheckIn: Sendable, Hashable {
    public var id: String
    public var playerID: Int64
    public var checkpointID: String
    public var expiresAt: Date

    public init(id: String, playerID: Int64, checkpointID: String, expiresAt: Date) {
        self.id = id
        self.playerID = playerID
        self.checkpointID = checkpointID
        self.expiresAt = expiresAt
    }
}

/// Scans: decided and applied in one transaction, idempotent under a client's key.
public protocol ScanStore: Sendable {
    /// The answer stored under this idempotency key, if the scan was already made.
    func storedScan(playerID: Int64, idempotencyKey: String) async throws -> ScanAnswer?
    /// Reads the state, lets `decide` choose the effect, applies it and records the answer,
    /// all in one transaction. With a key, a concurrent duplicate gets the first answer.
    /// `photoWindow` bounds how far back other players' photos of the checkpoint are read.
    func performScan(playerID: Int64, checkpointID: String, idempotencyKey: String?, requestDigest: String, photo: PhotoFingerprint?,
                     location: ReportedLocation?, photoWindow: TimeInterval, at date: Date,
                     decide: @Sendable (ScanState) throws -> ScanEffect) async throws -> ScanAnswer
    /// Takes the player's pending check-in out and, with the player's ledger before it, lets
    /// `decide` say what registering it earns: `nil` earns nothing (and leaves no trace). The
    /// event and the vouchers it unlocks are written in the same transaction, and the effect's
    /// answer is given the vouchers issued. `nil` if the check-in is unknown, not theirs, or
    /// `decide` refused it.
    func registerCheckIn<Answer: Sendable>(id: String, playerID: Int64, at date: Date,
                                           decide: @Sendable (_ checkIn: PendingCheckIn, _ before: [GameEvent]) -> CheckInEffect<Answer>?)
        async throws -> Answer?
    /// Notes a photo that gave no usable code (`no_code_found`, `corrupt_image`, ...).
    func recordScanFailure(playerID: Int64, reason: String, location: ReportedLocation?, at date: Date) async throws
    /// Cancels a pending check-in, leaving no trace; false if there was none.
    func cancelCheckIn(id: String, playerID: Int64) async throws -> Bool
}
