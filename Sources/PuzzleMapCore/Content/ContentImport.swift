import Foundation

/// A checkpoint as stored, with its place in the campus file's order.
public struct PlacedCheckpoint: Hashable, Sendable {
    public var stored: StoredCheckpoint
    public var position: Int

    public init(stored: StoredCheckpoint, position: Int) {
        self.stored = stored
        self.position = position
    }
}

/// A riddle as stored, with when it left the files.
public struct StoredRiddle: Hashable, Sendable {
    public var riddle: Riddle
    public var retiredAt: Date?

    public init(riddle: Riddle, retiredAt: Date?) {
        self.riddle = riddle
        self.retiredAt = retiredAt
    }
}

/// The stored content an import compares the organiser's files with, read in the import's
/// transaction: every checkpoint and riddle ever imported, retired ones included.
public struct StoredContent: Sendable {
    public var checkpoints: [PlacedCheckpoint]
    public var riddles: [StoredRiddle]
    public var lastImport: ContentImportSummary?
    /// Whether the last import kept its content whole (imports before versions were kept did
    /// not: the next import records the content even when it is the same).
    public var lastImportIsKept: Bool
    /// Every riddle players hold now: the import takes back those it stops playing.
    public var activeAttempts: [RiddleAttempt]
    /// Every riddle crews hold now, likewise.
    public var crewHoldings: [CrewHolding]

    public init(checkpoints: [PlacedCheckpoint], riddles: [StoredRiddle], lastImport: ContentImportSummary?, lastImportIsKept: Bool = true,
                activeAttempts: [RiddleAttempt] = [], crewHoldings: [CrewHolding] = []) {
        self.checkpoints = checkpoints
        self.riddles = riddles
        self.lastImport = lastImport
        self.lastImportIsKept = lastImportIsKept
        self.activeAttempts = activeAttempts
        self.crewHoldings = crewHoldings
    }
}

/// A riddle a crew holds (unsolved), with the crew's members: who hears if it is taken back.
public struct CrewHolding: Hashable, Sendable {
    public var crewRiddleID: Int64
    public var riddleID: String
    public var checkpointID: String
    public var category: Category
    public var members: [Int64]

    public init(crewRiddleID: Int64, riddleID: String, checkpointID: String, category: Category, members: [Int64]) {
        self.crewRiddleID = crewRiddleID
        self.riddleID = riddleID
        self.checkpointID = checkpointID
        self.category = category
        self.members = members
    }
}

/// What importing the organiser's content writes: new checkpoints and riddles added, changed
/// ones updated, missing ones retired (never deleted, so players' history keeps its places),
/// and the offers' stock. A store writes the rows as given, in one transaction.
public struct ContentImport: Sendable {
    public var summary: ContentImportSummary
    /// Stock follows the files on every import; vouchers already issued stay. In offer id
    /// order, the order scans lock them in.
    public var offers: [Offer]
    /// Checkpoint rows to write: added, changed or retired. A new one gets the next number
    /// (numbers are never reused) and code version 1; a kept one keeps both.
    public var checkpoints: [PlacedCheckpoint]
    /// Riddle rows to write: added, changed or retired.
    public var riddles: [StoredRiddle]
    /// False when the files are the very content imported last: then only the stock is
    /// written and no import is recorded.
    public var isRecorded: Bool
    /// Held riddles the content no longer plays: closed as released, their holders told. Even
    /// an unchanged import releases any left stranded by an earlier version.
    public var releases: [RiddleRelease]
    /// Crew riddles the content no longer plays: closed as released, every member told.
    public var crewReleases: [CrewRiddleRelease]
    /// The content imported, kept whole (`encoded.json`) as the published version when the
    /// import is recorded.
    public var encoded: EncodedContent
    public var origin: ContentOrigin

    public init(importing content: CampusContent, over stored: StoredContent, at date: Date) {
        self.init(importing: EncodedContent(content), over: stored, at: date)
    }

    /// The import of content already encoded (and so fingerprinted).
    public init(importing encoded: EncodedContent, origin: ContentOrigin = .files, over stored: StoredContent, at date: Date) {
        let (content, fingerprint) = (encoded.content, encoded.fingerprint)
        self.encoded = encoded
        self.origin = origin
        offers = content.offers.sorted { $0.id < $1.id }
        releases = RiddleHolding.releases(of: stored.activeAttempts, under: content)
        crewReleases = RiddleHolding.releases(of: stored.crewHoldings, under: content)
        if let last = stored.lastImport, last.fingerprint == fingerprint, stored.lastImportIsKept {
            summary = ContentImportSummary(fingerprint: fingerprint, importedAt: last.importedAt)
            checkpoints = []
            riddles = []
            isRecorded = false
            return
        }
        summary = ContentImportSummary(fingerprint: fingerprint, importedAt: date)
        checkpoints = []
        riddles = []
        isRecorded = true

        var existing = Dictionary(uniqueKeysWithValues: stored.checkpoints.map { ($0.stored.id, $0) })
        var nextNumber = (stored.checkpoints.map(\.stored.number).max() ?? 0) + 1
        for (position, checkpoint) in content.checkpoints.enumerated() {
            if let old = existing.removeValue(forKey: checkpoint.id) {
                // The stores keep the organiser's words; translations are read from the files.
                guard old.stored.checkpoint != checkpoint.withoutTranslations || old.position != position || old.stored.isRetired else { continue }
                var kept = old.stored
                kept.checkpoint = checkpoint
                kept.retiredAt = nil
                checkpoints.append(PlacedCheckpoint(stored: kept, position: position))
                summary.checkpointsUpdated += 1
            } else {
                let added = StoredCheckpoint(checkpoint: checkpoint, number: nextNumber, tagVersion: 1, retiredAt: nil)
                checkpoints.append(PlacedCheckpoint(stored: added, position: position))
                nextNumber += 1
                summary.checkpointsAdded += 1
            }
        }
        for var gone in existing.values.sorted(by: { $0.stored.number < $1.stored.number }) where !gone.stored.isRetired {
            gone.stored.retiredAt = date
            checkpoints.append(gone)
            summary.checkpointsRetired += 1
        }

        var existingRiddles = Dictionary(uniqueKeysWithValues: stored.riddles.map { ($0.riddle.id, $0) })
        for riddle in content.riddles {
            if let old = existingRiddles.removeValue(forKey: riddle.id) {
                // The stores keep the organiser's words; translations are read from the files.
                guard old.riddle != riddle.withoutTranslations || old.retiredAt != nil else { continue }
                riddles.append(StoredRiddle(riddle: riddle, retiredAt: nil))
                summary.riddlesUpdated += 1
            } else {
                riddles.append(StoredRiddle(riddle: riddle, retiredAt: nil))
                summary.riddlesAdded += 1
            }
        }
        for var gone in existingRiddles.values.sorted(by: { $0.riddle.id < $1.riddle.id }) where gone.retiredAt == nil {
            gone.retiredAt = date
            riddles.append(gone)
            summary.riddlesRetired += 1
        }
    }
}
