import Foundation

/// An organiser's "closed for now" on a checkpoint in play: the building is shut for the
/// afternoon, the sticker is gone. A closed checkpoint is not offered, its scans are refused
/// with the note, and the map shows it closed (with the note, to players who have found it),
/// until an organiser reopens it.
public struct CheckpointClosure: Hashable, Codable, Sendable {
    /// What players read: why, and until when if known.
    public var note: String
    public var closedAt: Date
    /// The organiser's username.
    public var closedBy: String

    public init(note: String, closedAt: Date, closedBy: String) {
        self.note = note
        self.closedAt = closedAt
        self.closedBy = closedBy
    }

    /// The longest note: a sentence or two on a phone.
    public static let maxNoteLength = 280
}

/// A message from the organisers to every player (errata, "the library is closed today"),
/// shown in the web app until it is taken down or replaced.
public struct Broadcast: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    public var text: String
    public var sentAt: Date
    /// The organiser's username.
    public var sentBy: String

    public init(id: Int64, text: String, sentAt: Date, sentBy: String) {
        self.id = id
        self.text = text
        self.sentAt = sentAt
        self.sentBy = sentBy
    }

    /// The longest message: what fits a banner on a phone.
    public static let maxLength = 280
}
