import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    private static let lookColumns = """
        playerLook.playerId, playerLook.avatar, playerLook.pictureStatus, playerLook.pictureVersion, playerLook.uploadedAt,
        playerLook.reviewedAt, playerLook.reviewedBy
        """
    private typealias LookRow = (Int64, String?, String?, Int, StoredDate?, StoredDate?, String?)

    private static func look(_ row: LookRow) throws -> PlayerLook {
        let (_, avatar, status, version, uploadedAt, reviewedAt, reviewedBy) = row
        return PlayerLook(avatar: try avatar.map { try Avatar(stored: $0, column: "playerLook.avatar") },
                          picture: try status.map { status in
                              ProfilePicture(status: try ProfilePicture.Status(stored: status, column: "playerLook.pictureStatus"), version: version,
                                             uploadedAt: uploadedAt?.date ?? Date(timeIntervalSince1970: 0), reviewedAt: reviewedAt?.date,
                                             reviewedBy: reviewedBy)
                          })
    }

    public func look(playerID: Int64) async throws -> PlayerLook {
        try await autocommit { connection in
            try await connection.row("SELECT \(unescaped: Self.lookColumns) FROM playerLook WHERE playerId = \(playerID)", as: LookRow.self,
                                     logger: logger).map(Self.look) ?? PlayerLook()
        }
    }

    public func looks(playerIDs: [Int64]) async throws -> [Int64: PlayerLook] {
        guard !playerIDs.isEmpty else { return [:] }
        return try await autocommit { connection in
            let rows = try await connection.rows("SELECT \(unescaped: Self.lookColumns) FROM playerLook WHERE playerId = ANY(\(playerIDs))",
                                                 as: LookRow.self, logger: logger)
            return Dictionary(uniqueKeysWithValues: try rows.map { ($0.0, try Self.look($0)) })
        }
    }

    public func chooseAvatar(_ avatar: Avatar?, playerID: Int64) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO playerLook (playerId, avatar) VALUES (\(playerID), \(avatar?.rawValue))
                ON CONFLICT (playerId) DO UPDATE SET avatar = excluded.avatar
                """, logger: logger)
        }
    }

    public func savePicture(_ bytes: [UInt8], playerID: Int64, at date: Date) async throws -> ProfilePicture {
        try await write { connection in
            let version = try await connection.returned("""
                INSERT INTO playerLook (playerId, picture, pictureStatus, pictureVersion, uploadedAt)
                VALUES (\(playerID), \(ByteBuffer(bytes: bytes)), 'waiting', 1, \(StoredDate(date)))
                ON CONFLICT (playerId) DO UPDATE SET picture = excluded.picture, pictureStatus = 'waiting',
                    pictureVersion = playerLook.pictureVersion + 1, uploadedAt = excluded.uploadedAt, reviewedAt = NULL, reviewedBy = NULL
                RETURNING pictureVersion
                """, as: Int.self, from: "playerLook", logger: logger)
            return ProfilePicture(status: .waiting, version: version, uploadedAt: date)
        }
    }

    public func pictureBytes(playerID: Int64) async throws -> (picture: ProfilePicture, bytes: [UInt8])? {
        try await autocommit { connection in
            guard let row = try await connection.row("""
                SELECT \(unescaped: Self.lookColumns), playerLook.picture FROM playerLook WHERE playerId = \(playerID) AND picture IS NOT NULL
                """, as: (Int64, String?, String?, Int, StoredDate?, StoredDate?, String?, ByteBuffer).self, logger: logger),
                let picture = try Self.look((row.0, row.1, row.2, row.3, row.4, row.5, row.6)).picture
            else { return nil }
            return (picture, Array(buffer: row.7))
        }
    }

    public func removePicture(playerID: Int64) async throws -> Bool {
        try await write { connection in
            try await connection.count("""
                UPDATE playerLook SET picture = NULL, pictureStatus = NULL, uploadedAt = NULL, reviewedAt = NULL, reviewedBy = NULL
                WHERE playerId = \(playerID) AND picture IS NOT NULL RETURNING playerId
                """, logger: logger) > 0
        }
    }

    public func picturesWaiting() async throws -> [WaitingPicture] {
        let rows = try await autocommit { connection in
            try await connection.rows("""
                SELECT \(unescaped: Columns.player), \(unescaped: Self.lookColumns) FROM playerLook JOIN player ON player.id = playerLook.playerId
                WHERE playerLook.pictureStatus = 'waiting' AND player.deletedAt IS NULL ORDER BY playerLook.uploadedAt, player.id
                """, as: (Int64, String, String, String, StoredDate, String, String, String?, StoredDate?, StoredDate?, StoredDate?, String?, Int64?,
                          Int64, String?, String?, Int, StoredDate?, StoredDate?, String?).self, logger: logger)
        }
        return try rows.compactMap { row in
            let account = try Columns.account((row.0, row.1, row.2, row.3, row.4, row.5, row.6, row.7, row.8, row.9, row.10, row.11, row.12))
            guard let picture = try Self.look((row.13, row.14, row.15, row.16, row.17, row.18, row.19)).picture else { return nil }
            return WaitingPicture(player: account.player, picture: picture)
        }
    }

    public func reviewPicture(playerID: Int64, version: Int, status: ProfilePicture.Status, by reviewer: String, at date: Date,
                              audit: AuditRecord) async throws -> ProfilePicture? {
        try await write { connection in
            guard let row = try await connection.row("""
                UPDATE playerLook SET pictureStatus = \(status.rawValue), reviewedAt = \(StoredDate(date)), reviewedBy = \(reviewer)
                WHERE playerId = \(playerID) AND pictureVersion = \(version) AND picture IS NOT NULL
                RETURNING \(unescaped: Self.lookColumns)
                """, as: LookRow.self, logger: logger)
            else { return nil }
            _ = try await Self.appendAudit(audit, at: date, on: connection, logger: logger)
            return try Self.look(row).picture
        }
    }
}
