import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    private static let lookColumns = "playerId, avatar, pictureStatus, pictureVersion, uploadedAt, reviewedAt, reviewedBy"

    private static func known<Value: RawRepresentable<String>>(_ raw: String, _ column: String) throws -> Value {
        guard let value = Value(rawValue: raw) else { throw StorageError.unknownValue("\(column) \(raw)") }
        return value
    }

    private static func look(_ row: Row) throws -> PlayerLook {
        let avatar: String? = row["avatar"], status: String? = row["pictureStatus"]
        return PlayerLook(avatar: try avatar.map { try known($0, "playerLook.avatar") },
                          picture: try status.map { status in
                              ProfilePicture(status: try known(status, "playerLook.pictureStatus"),
                                             version: row["pictureVersion"], uploadedAt: row["uploadedAt"], reviewedAt: row["reviewedAt"],
                                             reviewedBy: row["reviewedBy"])
                          })
    }

    public func look(playerID: Int64) async throws -> PlayerLook {
        try await database.read { db in
            try Row.fetchOne(db, sql: "SELECT \(Self.lookColumns) FROM playerLook WHERE playerId = ?", arguments: [playerID]).map(Self.look)
                ?? PlayerLook()
        }
    }

    public func looks(playerIDs: [Int64]) async throws -> [Int64: PlayerLook] {
        guard !playerIDs.isEmpty else { return [:] }
        return try await database.read { db in
            let marks = Array(repeating: "?", count: playerIDs.count).joined(separator: ", ")
            let rows = try Row.fetchAll(db, sql: "SELECT \(Self.lookColumns) FROM playerLook WHERE playerId IN (\(marks))",
                                        arguments: StatementArguments(playerIDs))
            return Dictionary(uniqueKeysWithValues: try rows.map { (($0["playerId"] as Int64), try Self.look($0)) })
        }
    }

    public func chooseAvatar(_ avatar: Avatar?, playerID: Int64) async throws {
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO playerLook (playerId, avatar) VALUES (?, ?) ON CONFLICT(playerId) DO UPDATE SET avatar = excluded.avatar
                """, arguments: [playerID, avatar?.rawValue])
        }
    }

    public func savePicture(_ bytes: [UInt8], playerID: Int64, at date: Date) async throws -> ProfilePicture {
        try await database.write { db in
            try db.execute(sql: """
                INSERT INTO playerLook (playerId, picture, pictureStatus, pictureVersion, uploadedAt) VALUES (?, ?, 'waiting', 1, ?)
                ON CONFLICT(playerId) DO UPDATE SET picture = excluded.picture, pictureStatus = 'waiting',
                    pictureVersion = playerLook.pictureVersion + 1, uploadedAt = excluded.uploadedAt, reviewedAt = NULL, reviewedBy = NULL
                """, arguments: [playerID, Data(bytes), date])
            let version = try Int.fetchOne(db, sql: "SELECT pictureVersion FROM playerLook WHERE playerId = ?", arguments: [playerID]) ?? 1
            return ProfilePicture(status: .waiting, version: version, uploadedAt: date)
        }
    }

    public func pictureBytes(playerID: Int64) async throws -> (picture: ProfilePicture, bytes: [UInt8])? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.lookColumns), picture FROM playerLook WHERE playerId = ? AND picture IS NOT NULL",
                                             arguments: [playerID]),
                  let picture = try Self.look(row).picture
            else { return nil }
            return (picture, [UInt8](row["picture"] as Data))
        }
    }

    public func removePicture(playerID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE playerLook SET picture = NULL, pictureStatus = NULL, uploadedAt = NULL, reviewedAt = NULL, reviewedBy = NULL
                WHERE playerId = ? AND picture IS NOT NULL
                """, arguments: [playerID])
            return db.changesCount > 0
        }
    }

    public func picturesWaiting() async throws -> [WaitingPicture] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT player.*, \(Self.lookColumns.split(separator: ",").map { "playerLook.\($0.trimmingCharacters(in: .whitespaces))" }.joined(separator: ", "))
                FROM playerLook JOIN player ON player.id = playerLook.playerId
                WHERE playerLook.pictureStatus = 'waiting' AND player.deletedAt IS NULL ORDER BY playerLook.uploadedAt, player.id
                """).compactMap { row in
                guard let picture = try Self.look(row).picture else { return nil }
                return WaitingPicture(player: try PlayerRecord(row: row).player, picture: picture)
            }
        }
    }

    public func reviewPicture(playerID: Int64, version: Int, status: ProfilePicture.Status, by reviewer: String, at date: Date,
                              audit: AuditRecord) async throws -> ProfilePicture? {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE playerLook SET pictureStatus = ?, reviewedAt = ?, reviewedBy = ? WHERE playerId = ? AND pictureVersion = ? AND picture IS NOT NULL
                """, arguments: [status.rawValue, date, reviewer, playerID, version])
            guard db.changesCount > 0 else { return nil }
            _ = try Self.appendAudit(audit, at: date, in: db)
            return try Row.fetchOne(db, sql: "SELECT \(Self.lookColumns) FROM playerLook WHERE playerId = ?", arguments: [playerID])
                .flatMap { try Self.look($0).picture }
        }
    }
}
