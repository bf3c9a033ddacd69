import Foundation
import PuzzleMapCore

/// What the store reads, under the player's lock, for the game to decide a scan's void.
public struct VoidState: Sendable {
    public var scan: ModeratedScan
    /// The player's whole ledger, in the order written.
    public var events: [GameEvent]
    /// The vouchers the player unlocked, wherever they are now.
    public var unlocked: [Voucher]

    public init(scan: ModeratedScan, events: [GameEvent], unlocked: [Voucher]) {
        self.scan = scan
        self.events = events
        self.unlocked = unlocked
    }
}

/// Organisers' moderation: flagged scans, voids, XP adjustments and suspensions. Each write is
/// one transaction with its audit line; a void is decided by the game on what the store read
/// under its lock.
public protocol ModerationStore: Sendable {
    /// Flagged scans, newest first.
    func flaggedScans(limit: Int) async throws -> [ModeratedScan]
    /// A player's scans, newest first.
    func scans(playerID: Int64, limit: Int) async throws -> [ModeratedScan]
    /// Reads the scan (`nil` if none) with its player's ledger and unlocked vouchers, the player
    /// locked; lets `decide` say what the void takes back; appends the void event with `reason`
    /// withdraws the vouchers it names (giving their stock back) and writes the audit line
    /// `audit` makes of it, in one transaction.
    func voidScan(id: Int64, reason: String, at date: Date,
                  decide: @Sendable (VoidState?) -> Result<ScanVoid, ModerationRefusal>,
                  audit: @Sendable (ModeratedScan, ScanVoid) -> AuditRecord) async throws -> Result<(ModeratedScan, ScanVoid), ModerationRefusal>
    /// Appends an organiser's XP adjustment (`GameEvent.adjusted`) to the player's ledger, with
    /// its audit line; the event as numbered.
    func adjustXP(_ adjustment: GameEvent, audit: AuditRecord) async throws -> GameEvent
    /// Sets (or, with `nil`, lifts) the player's suspension unless `decide`, given the current
    /// one, refuses; with its audit line, in one transaction. The account as it is afterwards.
    func setSuspension(playerID: Int64, to suspension: Suspension?, at date: Date, audit: AuditRecord,
                       decide: @Sendable (Suspension?) -> ModerationRefusal?) async throws -> Result<Account, ModerationRefusal>
}
