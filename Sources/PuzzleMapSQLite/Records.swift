import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

/// A row of `checkpoint`: the organiser's checkpoint flattened, plus its code version.
struct CheckpointRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "checkpoint"

    var id: String
    var number: Int
    var position: Int
    var name: String
    var category: Category
    var building: String
    var floor: Int
    var latitude: Double
    var longitude: Double
    var hours: OpeningHours
    var tags: [String]
    var facts: [String]
    var tagVersion: Int
    var retiredAt: Date?
    var updatedAt: Date

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let number = Column(CodingKeys.number)
        static let position = Column(CodingKeys.position)
        static let retiredAt = Column(CodingKeys.retiredAt)
    }

    init(_ checkpoint: Checkpoint, number: Int, position: Int, tagVersion: Int, retiredAt: Date?, updatedAt: Date) {
        id = checkpoint.id
        self.number = number
        self.position = position
        name = checkpoint.name
        category = checkpoint.category
        building = checkpoint.building
        floor = checkpoint.floor
        latitude = checkpoint.coordinate.latitude
        longitude = checkpoint.coordinate.longitude
        hours = checkpoint.hours
        tags = checkpoint.tags
        facts = checkpoint.facts
        self.tagVersion = tagVersion
        self.retiredAt = retiredAt
        self.updatedAt = updatedAt
    }

    var checkpoint: Checkpoint {
        Checkpoint(id: id, name: name, category: category, building: building, floor: floor,
                   coordinate: Coordinate(latitude: latitude, longitude: longitude),
                   hours: hours, tags: tags, facts: facts)
    }

    var stored: StoredCheckpoint { stored(closure: nil) }

    func stored(closure: CheckpointClosure?) -> StoredCheckpoint {
        StoredCheckpoint(checkpoint: checkpoint, number: number, tagVersion: tagVersion, retiredAt: retiredAt, closure: closure)
    }
}

/// A row of `riddle`.
struct RiddleRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "riddle"

    var id: String
    var checkpointId: String
    var difficulty: Difficulty
    var text: String
    var hints: [String]
    var insider: String
    var retiredAt: Date?
    var updatedAt: Date

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let retiredAt = Column(CodingKeys.retiredAt)
    }

    init(_ riddle: Riddle, retiredAt: Date?, updatedAt: Date) {
        id = riddle.id
        checkpointId = riddle.checkpointID
        difficulty = riddle.difficulty
        text = riddle.text
        hints = riddle.hints
        insider = riddle.insider
        self.retiredAt = retiredAt
        self.updatedAt = updatedAt
    }

    var riddle: Riddle {
        Riddle(id: id, checkpointID: checkpointId, difficulty: difficulty, text: text, hints: hints, insider: insider)
    }
}

/// A row of `contentImport`: one import of the organiser's files.
struct ContentImportRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "contentImport"

    var id: Int64?
    var fingerprint: String
    var importedAt: Date
    var summary: ContentImportSummary
    /// The whole content, JSON; `nil` for imports recorded before versions were kept.
    var content: Data?
    var origin: String
    var rolledBackFrom: Int64?

    enum Columns {
        static let id = Column(CodingKeys.id)
    }

    init(id: Int64?, summary: ContentImportSummary, content: Data?, origin: ContentOrigin) {
        self.id = id
        fingerprint = summary.fingerprint
        importedAt = summary.importedAt
        self.summary = summary
        self.content = content
        (self.origin, rolledBackFrom) = (origin.name, origin.rolledBackFrom)
    }

    /// Every column but the content (which may be large): what lists and summaries read.
    static let columnsWithoutContent = "id, fingerprint, importedAt, summary, NULL AS content, origin, rolledBackFrom"
    static var withoutContent: QueryInterfaceRequest<ContentImportRecord> { select(sql: columnsWithoutContent) }

    var version: ContentVersion {
        ContentVersion(id: id ?? 0, summary: summary, origin: ContentOrigin(name: origin, rolledBackFrom: rolledBackFrom), isKept: content != nil)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A row of `setting`.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"
    var key: String
    var value: String
}

/// A row of `player`.
struct PlayerRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "player"

    var id: Int64?
    var email: String
    var username: String
    var displayName: String
    var createdAt: Date
    var passwordHash: String
    var role: Role
    var partnerId: String?
    var emailVerifiedAt: Date?
    var deletedAt: Date?
    var suspendedAt: Date?
    var suspensionReason: String?
    var guestEventId: Int64?

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let email = Column(CodingKeys.email)
        static let username = Column(CodingKeys.username)
        static let deletedAt = Column(CodingKeys.deletedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var player: Player {
        Player(id: id!, email: email, username: username, displayName: displayName, createdAt: createdAt)
    }

    var account: Account {
        Account(player: player, role: role, partnerID: partnerId, emailVerifiedAt: emailVerifiedAt,
                passwordHash: passwordHash, deletedAt: deletedAt,
                suspension: suspendedAt.map { Suspension(reason: suspensionReason ?? "", since: $0) }, guestEventID: guestEventId)
    }
}

/// A row of `gameEvent`: one entry of a player's append-only ledger.
struct GameEventRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "gameEvent"

    var id: Int64?
    var playerId: Int64
    var kind: GameEvent.Kind
    var checkpointId: String?
    var riddleId: String?
    var xp: Int
    var hintsUsed: Int
    var occurredAt: Date
    var scanId: Int64? = nil
    var reason: String? = nil

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let playerId = Column(CodingKeys.playerId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// Read by column, not through `Decodable`: a ledger is read whole on every progress check, and the
    /// decoder's containers were most of that read's time.
    init(row: Row) throws {
        let kindName = try row.decode(String.self, forColumn: "kind")
        guard let kind = GameEvent.Kind(rawValue: kindName) else { throw StorageError.unknownValue("gameEvent kind \(kindName)") }
        self.init(id: try row.decode(forColumn: "id"), playerId: try row.decode(forColumn: "playerId"), kind: kind,
                  checkpointId: try row.decode(forColumn: "checkpointId"), riddleId: try row.decode(forColumn: "riddleId"),
                  xp: try row.decode(forColumn: "xp"), hintsUsed: try row.decode(forColumn: "hintsUsed"),
                  occurredAt: try row.decode(forColumn: "occurredAt"), scanId: try row.decode(forColumn: "scanId"),
                  reason: try row.decode(forColumn: "reason"))
    }

    init(id: Int64?, playerId: Int64, kind: GameEvent.Kind, checkpointId: String?, riddleId: String?, xp: Int, hintsUsed: Int,
         occurredAt: Date, scanId: Int64? = nil, reason: String? = nil) {
        (self.id, self.playerId, self.kind, self.checkpointId, self.riddleId) = (id, playerId, kind, checkpointId, riddleId)
        (self.xp, self.hintsUsed, self.occurredAt, self.scanId, self.reason) = (xp, hintsUsed, occurredAt, scanId, reason)
    }

    var event: GameEvent {
        GameEvent(id: id!, playerID: playerId, kind: kind, checkpointID: checkpointId, riddleID: riddleId, xp: xp,
                  hintsUsed: hintsUsed, occurredAt: occurredAt, scanID: scanId, reason: reason)
    }
}

/// A row of `session`.
struct SessionRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "session"

    var id: Int64?
    var playerId: Int64
    var familyId: String
    var accessHash: String
    var refreshHash: String
    var accessExpiresAt: Date
    var refreshExpiresAt: Date
    var createdAt: Date
    var refreshedAt: Date?
    var revokedAt: Date?

    enum Columns {
        static let playerId = Column(CodingKeys.playerId)
        static let familyId = Column(CodingKeys.familyId)
        static let accessHash = Column(CodingKeys.accessHash)
        static let refreshHash = Column(CodingKeys.refreshHash)
        static let revokedAt = Column(CodingKeys.revokedAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var session: Session {
        Session(id: id!, playerID: playerId, familyID: familyId, accessExpiresAt: accessExpiresAt, refreshExpiresAt: refreshExpiresAt)
    }
}

/// A row of `emailVerification`.
struct EmailVerificationRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "emailVerification"
    var playerId: Int64
    var codeHash: String
    var expiresAt: Date
    var failedAttempts: Int
}

/// A row of `passwordReset`.
struct PasswordResetRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "passwordReset"
    var tokenHash: String
    var playerId: Int64
    var expiresAt: Date
    var usedAt: Date?
}

/// A row of `mailOutbox`.
struct MailRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "mailOutbox"

    var id: Int64?
    var recipient: String
    var subject: String
    var body: String
    var createdAt: Date
    var sentAt: Date?
    var attempts: Int
    var lastError: String?
    var nextAttemptAt: Date

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let sentAt = Column(CodingKeys.sentAt)
        static let nextAttemptAt = Column(CodingKeys.nextAttemptAt)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    init(_ draft: MailDraft, at date: Date) {
        recipient = draft.recipient
        subject = draft.subject
        body = draft.body
        createdAt = date
        attempts = 0
        nextAttemptAt = date
    }

    var mail: OutgoingMail {
        OutgoingMail(id: id!, recipient: recipient, subject: subject, body: body, createdAt: createdAt,
                     sentAt: sentAt, attempts: attempts, lastError: lastError)
    }
}

extension Category: DatabaseValueConvertible {}
