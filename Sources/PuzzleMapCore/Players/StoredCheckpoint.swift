import Foundation

/// A checkpoint as the service holds it: the organiser's description plus what the files
/// cannot say, the version of its printed code and whether it has been retired.
public struct StoredCheckpoint: Hashable, Codable, Sendable, Identifiable {
    public var checkpoint: Checkpoint
    /// The short number its printed code names it by; assigned once, never reused.
    public var number: Int
    /// Bumped by `puzzlemap codes rotate`; codes printed with an older version stop counting.
    public var tagVersion: Int
    /// Set when the checkpoint left the campus file: no longer offered, its history kept.
    public var retiredAt: Date?
    /// Set while an organiser has closed it for now.
    public var closure: CheckpointClosure?

    public var id: String { checkpoint.id }
    public var isRetired: Bool { retiredAt != nil }

    public init(checkpoint: Checkpoint, number: Int, tagVersion: Int, retiredAt: Date?, closure: CheckpointClosure? = nil) {
        self.checkpoint = checkpoint
        self.number = number
        self.tagVersion = tagVersion
        self.retiredAt = retiredAt
        self.closure = closure
    }
}

/// What an import of the organiser's content changed.
public struct ContentImportSummary: Hashable, Codable, Sendable {
    public var fingerprint: String
    public var importedAt: Date
    public var checkpointsAdded: Int
    public var checkpointsUpdated: Int
    public var checkpointsRetired: Int
    public var riddlesAdded: Int
    public var riddlesUpdated: Int
    public var riddlesRetired: Int

    public init(
        fingerprint: String, importedAt: Date, checkpointsAdded: Int = 0, checkpointsUpdated: Int = 0,
        checkpointsRetired: Int = 0, riddlesAdded: Int = 0, riddlesUpdated: Int = 0, riddlesRetired: Int = 0
    ) {
        self.fingerprint = fingerprint
        self.importedAt = importedAt
        self.checkpointsAdded = checkpointsAdded
        self.checkpointsUpdated = checkpointsUpdated
        self.checkpointsRetired = checkpointsRetired
        self.riddlesAdded = riddlesAdded
        self.riddlesUpdated = riddlesUpdated
        self.riddlesRetired = riddlesRetired
    }

    /// Whether the import found nothing to change.
    public var changedNothing: Bool {
        checkpointsAdded + checkpointsUpdated + checkpointsRetired + riddlesAdded + riddlesUpdated + riddlesRetired == 0
    }
}
