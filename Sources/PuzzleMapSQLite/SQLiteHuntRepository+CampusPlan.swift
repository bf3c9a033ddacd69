import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    private static func plan(_ row: Row) throws -> CampusPlan {
        CampusPlan(version: row["version"], width: row["width"], height: row["height"],
                   pins: try JSONDecoder().decode([PlanPin].self, from: Data((row["pins"] as String).utf8)),
                   uploadedAt: row["uploadedAt"], uploadedBy: row["uploadedBy"])
    }

    private static func pinsText(_ pins: [PlanPin]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(pins), as: UTF8.self)
    }

    private static func current(_ db: Database) throws -> CampusPlan? {
        try Row.fetchOne(db, sql: "SELECT version, width, height, pins, uploadedAt, uploadedBy FROM campusPlan WHERE picture IS NOT NULL")
            .map(plan)
    }

    public func campusPlan() async throws -> CampusPlan? {
        try await database.read { db in try Self.current(db) }
    }

    public func campusPlanPicture(version: Int) async throws -> [UInt8]? {
        try await database.read { db in
            try Data.fetchOne(db, sql: "SELECT picture FROM campusPlan WHERE version = ? AND picture IS NOT NULL", arguments: [version])
                .map { [UInt8]($0) }
        }
    }

    public func saveCampusPlan(picture: [UInt8], at date: Date, audit: AuditRecord,
                               make: @Sendable (CampusPlan?, Int) -> CampusPlan) async throws -> CampusPlan {
        try await database.write { db in
            let last = try Int.fetchOne(db, sql: "SELECT version FROM campusPlan") ?? 0
            let plan = make(try Self.current(db), last + 1)
            try db.execute(sql: """
                INSERT INTO campusPlan (id, version, picture, width, height, pins, uploadedAt, uploadedBy) VALUES (1, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET version = excluded.version, picture = excluded.picture, width = excluded.width,
                    height = excluded.height, pins = excluded.pins, uploadedAt = excluded.uploadedAt, uploadedBy = excluded.uploadedBy
                """, arguments: [plan.version, Data(picture), plan.width, plan.height, try Self.pinsText(plan.pins), plan.uploadedAt, plan.uploadedBy])
            _ = try Self.appendAudit(audit, at: date, in: db)
            return plan
        }
    }

    public func pinCampusPlan(version: Int, pins: [PlanPin], audit: AuditRecord, at date: Date) async throws -> CampusPlan? {
        try await database.write { db in
            try db.execute(sql: "UPDATE campusPlan SET pins = ? WHERE version = ? AND picture IS NOT NULL",
                           arguments: [try Self.pinsText(pins), version])
            guard db.changesCount > 0 else { return nil }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return try Self.current(db)
        }
    }

    public func removeCampusPlan(audit: AuditRecord, at date: Date) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE campusPlan SET picture = NULL, pins = '[]' WHERE picture IS NOT NULL")
            guard db.changesCount > 0 else { return false }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return true
        }
    }
}
