import Foundation
import PuzzleMapCore

/// Everything the service keeps between requests, behind one protocol: the SQLite
/// implementation is the embedded default; PostgreSQL carries larger deployments. It is
/// composed of one protocol per concern so each reads on its own.
public protocol HuntRepository: ContentStore, DraftStore, SettingsStore, AccountStore, LedgerStore, PlayStore, ScanStore, VoucherStore, SocialStore, StatsStore, ReportStore,
    AuditStore, OperationsStore, ModerationStore, StaffInvitationStore, ExportStore, ChallengeStore, LiveEventStore, CrewStore, PushStore,
    OpenDayStore, LookStore, CampusPlanStore {
    /// Cheap round trip proving the database answers.
    func ping() async throws
    /// How busy the database is, for metrics.
    var activity: StorageActivity { get }
    /// Finishes with the database at shutdown: waits for running queries, then closes its
    /// connections. Nothing may use the repository afterwards.
    func close() async throws
}

/// Failures of the storage layer that callers can act on.
public enum StorageError: Error, Equatable, Sendable {
    /// A unique value (email, username) is already taken; the text names the column.
    case conflict(String)
    /// The referenced row does not exist.
    case notFound(String)
    /// The database did not give back the row a write must return (an id, a count); the text
    /// names the table.
    case noRowReturned(String)
    /// A stored value this version does not know (written by a newer one); the text names it.
    case unknownValue(String)
}

/// The organiser's content as imported.
public protocol ContentStore: Sendable {
    /// Reads the stored content under the import's lock, lets `plan` decide what the import
    /// writes, writes it and records the import, in one transaction: instances starting together
    /// import one after the other, and the later ones find the content in place.
    /// `audit`, when given, is written in the same transaction (an organiser's reload).
    /// `discardingDraft`, when given, removes the organisers' draft of that revision in the
    /// same transaction (the draft just published).
    func importContent(at date: Date, audit: AuditRecord?, discardingDraft: Int64?,
                       plan: @Sendable (StoredContent) -> ContentImport) async throws -> ContentImportSummary
    /// The last import, if content was ever imported.
    func lastImport() async throws -> ContentImportSummary?
    /// Every published version (recorded import), newest first, without their content.
    func contentVersions() async throws -> [ContentVersion]
    /// The whole content of a published version; `nil` when there is no such version or it
    /// was published before versions were kept whole.
    func content(ofVersion id: Int64) async throws -> CampusContent?
    /// Checkpoints in the order of the campus file, with any closure; retired ones only when asked for.
    func checkpoints(includingRetired: Bool) async throws -> [StoredCheckpoint]
    /// The checkpoint a printed code names, retired or not.
    func checkpoint(number: Int) async throws -> StoredCheckpoint?
    /// Bumps a checkpoint's code version: codes printed before stop counting. The audit line
    /// is written in the same transaction.
    func rotateTag(checkpointID: String, audit: AuditRecord, at date: Date) async throws -> StoredCheckpoint
    /// Riddles that are offered (not retired).
    func activeRiddles() async throws -> [Riddle]
}

extension ContentStore {
    public func importContent(at date: Date, audit: AuditRecord?, plan: @Sendable (StoredContent) -> ContentImport) async throws -> ContentImportSummary {
        try await importContent(at: date, audit: audit, discardingDraft: nil, plan: plan)
    }
}

/// The organisers' edits not yet published: one draft for the hunt, saved whole.
public protocol DraftStore: Sendable {
    /// The draft, if organisers have saved edits since the last publish.
    func draft() async throws -> DraftContent?
    /// Saves the draft with its audit line, in one transaction, when the stored draft is still
    /// the one of revision `replacing` (`nil`: when there is none). Revisions count on across
    /// drafts (a publish form of a draft already published never names the next one). `nil`
    /// when another save came first: nothing is written.
    func saveDraft(_ content: CampusContent, base: Int64, savedBy: String, at date: Date, replacing revision: Int64?,
                   audit: AuditRecord) async throws -> DraftContent?
    /// Removes the draft of revision `revision` with the audit line; false when the stored
    /// draft is another (or none).
    func discardDraft(revision: Int64, audit: AuditRecord, at date: Date) async throws -> Bool
}

/// Values the service keeps for itself.
public protocol SettingsStore: Sendable {
    /// A value the service keeps for itself (the signing key's fingerprint, ...).
    func setting(_ key: String) async throws -> String?
    /// Stores the value unless the key already has one; returns the value that is stored.
    func setSettingIfAbsent(_ key: String, to value: String) async throws -> String
}

/// A player's append-only ledger of game events.
public protocol LedgerStore: Sendable {
    func appendEvent(playerID: Int64, kind: GameEvent.Kind, checkpointID: String?, riddleID: String?, xp: Int, at date: Date) async throws -> GameEvent
    func events(playerID: Int64) async throws -> [GameEvent]
}
