import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    private static let planColumns = "version, width, height, pins, uploadedAt, uploadedBy"
    private typealias PlanRow = (Int, Int, Int, String, StoredDate, String)

    private static func plan(_ row: PlanRow) throws -> CampusPlan {
        CampusPlan(version: row.0, width: row.1, height: row.2, pins: try StoredJSON.decode([PlanPin].self, from: row.3),
                   uploadedAt: row.4.date, uploadedBy: row.5)
    }

    private func current(on connection: PostgresConnection, locking: Bool = false) async throws -> CampusPlan? {
        try await connection.row("""
            SELECT \(unescaped: Self.planColumns) FROM campusPlan WHERE picture IS NOT NULL\(unescaped: locking ? " FOR UPDATE" : "")
            """, as: PlanRow.self, logger: logger).map(Self.plan)
    }

    public func campusPlan() async throws -> CampusPlan? {
        try await autocommit { connection in try await current(on: connection) }
    }

    public func campusPlanPicture(version: Int) async throws -> [UInt8]? {
        try await autocommit { connection in
            try await connection.row("SELECT picture FROM campusPlan WHERE version = \(version) AND picture IS NOT NULL", as: ByteBuffer.self,
                                     logger: logger).map { Array(buffer: $0) }
        }
    }

    public func saveCampusPlan(picture: [UInt8], at date: Date, audit: AuditRecord,
                               make: @Sendable (CampusPlan?, Int) -> CampusPlan) async throws -> CampusPlan {
        try await write { connection in
            // The one row, locked, so two uploads at once are numbered one after the other.
            let last = try await connection.row("SELECT version FROM campusPlan FOR UPDATE", as: Int.self, logger: logger) ?? 0
            let plan = make(try await current(on: connection), last + 1)
            try await connection.run("""
                INSERT INTO campusPlan (id, version, picture, width, height, pins, uploadedAt, uploadedBy)
                VALUES (1, \(plan.version), \(ByteBuffer(bytes: picture)), \(plan.width), \(plan.height), \(try StoredJSON.encode(plan.pins)),
                        \(StoredDate(plan.uploadedAt)), \(plan.uploadedBy))
                ON CONFLICT (id) DO UPDATE SET version = excluded.version, picture = excluded.picture, width = excluded.width,
                    height = excluded.height, pins = excluded.pins, uploadedAt = excluded.uploadedAt, uploadedBy = excluded.uploadedBy
                """, logger: logger)
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return plan
        }
    }

    public func pinCampusPlan(version: Int, pins: [PlanPin], audit: AuditRecord, at date: Date) async throws -> CampusPlan? {
        try await write { connection in
            guard let row = try await connection.row("""
                UPDATE campusPlan SET pins = \(try StoredJSON.encode(pins)) WHERE version = \(version) AND picture IS NOT NULL
                RETURNING \(unescaped: Self.planColumns)
                """, as: PlanRow.self, logger: logger)
            else { return nil }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return try Self.plan(row)
        }
    }

    public func removeCampusPlan(audit: AuditRecord, at date: Date) async throws -> Bool {
        try await write { connection in
            guard try await connection.count("""
                UPDATE campusPlan SET picture = NULL, pins = '[]' WHERE picture IS NOT NULL RETURNING version
                """, logger: logger) > 0
            else { return false }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return true
        }
    }
}
