import Foundation
import GRDB
import PuzzleMapCore

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

    var stored: StoredCheckpoint {
        StoredCheckpoint(checkpoint: checkpoint, number: number, tagVersion: tagVersion, retiredAt: retiredAt)
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

    enum Columns {
        static let id = Column(CodingKeys.id)
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

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var player: Player {
        Player(id: id!, email: email, username: username, displayName: displayName, createdAt: createdAt)
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
    var occurredAt: Date

    enum Columns {
        static let id = Column(CodingKeys.id)
        static let playerId = Column(CodingKeys.playerId)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    var event: GameEvent {
        GameEvent(id: id!, playerID: playerId, kind: kind, checkpointID: checkpointId, riddleID: riddleId, xp: xp, occurredAt: occurredAt)
    }
}
