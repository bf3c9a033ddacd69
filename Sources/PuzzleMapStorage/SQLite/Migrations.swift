import GRDB

/// The database schema, one migration at a time. A migration is never edited once it has
/// landed: changes come as new migrations, so every existing database can follow.
enum Migrations {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 content, players and ledger") { db in
            try db.create(table: "checkpoint") { t in
                t.primaryKey("id", .text)
                // Printed codes name a checkpoint by this short number; never reused.
                t.column("number", .integer).notNull().unique()
                t.column("position", .integer).notNull()
                t.column("name", .text).notNull()
                t.column("category", .text).notNull()
                t.column("building", .text).notNull()
                t.column("floor", .integer).notNull()
                t.column("latitude", .double).notNull()
                t.column("longitude", .double).notNull()
                t.column("hours", .jsonText).notNull()
                t.column("tags", .jsonText).notNull()
                t.column("facts", .jsonText).notNull()
                t.column("tagVersion", .integer).notNull().defaults(to: 1)
                t.column("retiredAt", .datetime)
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "riddle") { t in
                t.primaryKey("id", .text)
                t.column("checkpointId", .text).notNull().indexed().references("checkpoint", onDelete: .restrict)
                t.column("difficulty", .text).notNull()
                t.column("text", .text).notNull()
                t.column("hints", .jsonText).notNull()
                t.column("insider", .text).notNull()
                t.column("retiredAt", .datetime)
                t.column("updatedAt", .datetime).notNull()
            }
            try db.create(table: "contentImport") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("fingerprint", .text).notNull()
                t.column("importedAt", .datetime).notNull()
                t.column("summary", .jsonText).notNull()
            }
            try db.create(table: "setting") { t in
                t.primaryKey("key", .text)
                t.column("value", .text).notNull()
            }
            try db.create(table: "player") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("email", .text).notNull().unique().collate(.nocase)
                t.column("username", .text).notNull().unique().collate(.nocase)
                t.column("displayName", .text).notNull()
                t.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "gameEvent") { t in
                t.autoIncrementedPrimaryKey("id")
                t.column("playerId", .integer).notNull().indexed().references("player", onDelete: .cascade)
                t.column("kind", .text).notNull()
                t.column("checkpointId", .text).indexed().references("checkpoint", onDelete: .restrict)
                t.column("riddleId", .text).references("riddle", onDelete: .restrict)
                t.column("xp", .integer).notNull()
                t.column("occurredAt", .datetime).notNull()
            }
        }
        return migrator
    }
}
