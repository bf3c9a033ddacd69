import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func crew(ofPlayer playerID: Int64) async throws -> Crew? {
        try await database.read { db in try Self.crew(ofPlayer: playerID, db) }
    }

    public func crew(id: Int64) async throws -> Crew? {
        try await database.read { db in try Self.crew(id: id, db) }
    }

    public func createCrew(name: String, leaderID: Int64, at date: Date, decide: @Sendable (Crew?) throws -> Void) async throws -> Crew {
        // The write transaction is the lock: SQLite runs one at a time.
        try await database.write { db in
            try decide(try Self.crew(ofPlayer: leaderID, db))
            try db.execute(sql: "INSERT INTO crew (name, leaderId, createdAt) VALUES (?, ?, ?)", arguments: [name, leaderID, date])
            let id = db.lastInsertedRowID
            try db.execute(sql: "INSERT INTO crewMember (playerId, crewId, joinedAt) VALUES (?, ?, ?)", arguments: [leaderID, id, date])
            try db.execute(sql: "DELETE FROM crewInvitation WHERE playerId = ?", arguments: [leaderID])
            guard let crew = try Self.crew(id: id, db) else { throw StorageError.noRowReturned("crew") }
            return crew
        }
    }

    public func joinCrew(id: Int64, playerID: Int64, at date: Date, decide: @Sendable (Crew?, Crew?) throws -> Void,
                         announce events: @Sendable (Crew) -> [LiveEvent]) async throws -> Crew {
        try await database.write { db in
            try decide(try Self.crew(id: id, db), try Self.crew(ofPlayer: playerID, db))
            try db.execute(sql: "INSERT INTO crewMember (playerId, crewId, joinedAt) VALUES (?, ?, ?)", arguments: [playerID, id, date])
            try db.execute(sql: "DELETE FROM crewInvitation WHERE playerId = ?", arguments: [playerID])
            guard let crew = try Self.crew(id: id, db) else { throw StorageError.noRowReturned("crew") }
            try announce(events(crew), at: date, db)
            return crew
        }
    }

    public func leaveCrew(memberID: Int64, at date: Date, decide: @Sendable (Crew) throws -> Void) async throws -> Crew? {
        try await database.write { db in
            guard let crew = try Self.crew(ofPlayer: memberID, db) else { throw CrewRefusal.notInCrew }
            try decide(crew)
            try db.execute(sql: "DELETE FROM crewMember WHERE playerId = ?", arguments: [memberID])
            let staying = crew.members.filter { $0.player.id != memberID }
            guard let eldest = staying.first else {
                try db.execute(sql: "DELETE FROM crew WHERE id = ?", arguments: [crew.id])
                return nil
            }
            if crew.leaderID == memberID {
                try db.execute(sql: "UPDATE crew SET leaderId = ? WHERE id = ?", arguments: [eldest.player.id, crew.id])
            }
            return try Self.crew(id: crew.id, db)
        }
    }

    public func crewRiddles(crewID: Int64) async throws -> [CrewRiddle] {
        try await database.read { db in try Self.crewRiddles(where: "crewId = ? AND solvedAt IS NULL AND releasedAt IS NULL", [crewID], db) }
    }

    public func startCrewRiddle(crewID: Int64, category: Category, at date: Date,
                                decide: @Sendable (CrewRiddleHoldings) -> CrewRiddleDecision) async throws -> CrewRiddleStart {
        try await database.write { db in
            guard let crew = try Self.crew(id: crewID, db) else { throw CrewRefusal.notInCrew }
            var ledgers: [Int64: [GameEvent]] = [:]
            for member in crew.members { ledgers[member.player.id] = try Self.events(playerID: member.player.id, db) }
            let together = Set(try String.fetchAll(db, sql: "SELECT checkpointId FROM crewRiddle WHERE crewId = ? AND solvedAt IS NOT NULL",
                                                   arguments: [crewID]))
            let held = try Self.crewRiddles(where: "crewId = ? AND solvedAt IS NULL AND releasedAt IS NULL", [crewID], db)
            let riddle: Riddle
            switch decide(CrewRiddleHoldings(held: held, ledgers: ledgers, solvedTogether: together, retiredRiddles: try Self.retiredRiddles(db))) {
            case .keep(let kept): return .existing(kept)
            case .refuse(let refusal): return .refused(refusal)
            case .start(let chosen): riddle = chosen
            }
            try db.execute(sql: """
                INSERT INTO crewRiddle (crewId, riddleId, checkpointId, category, startedAt) VALUES (?, ?, ?, ?, ?)
                """, arguments: [crewID, riddle.id, riddle.checkpointID, category.rawValue, date])
            guard let started = try Self.crewRiddles(where: "id = ?", [db.lastInsertedRowID], db).first else { throw StorageError.noRowReturned("crewRiddle") }
            return .started(started)
        }
    }

    public func takeCrewHint(crewRiddleID: Int64, playerID: Int64, maxHints: Int, at date: Date,
                             announce events: @Sendable (CrewRiddle, Crew) -> [LiveEvent]) async throws -> CrewRiddle? {
        try await database.write { db in
            try db.execute(sql: """
                UPDATE crewRiddle SET hintsUsed = hintsUsed + 1
                WHERE id = ? AND solvedAt IS NULL AND releasedAt IS NULL AND hintsUsed < ? AND crewId = (SELECT crewId FROM crewMember WHERE playerId = ?)
                """, arguments: [crewRiddleID, maxHints, playerID])
            guard db.changesCount == 1, let riddle = try Self.crewRiddles(where: "id = ?", [crewRiddleID], db).first,
                  let crew = try Self.crew(id: riddle.crewID, db)
            else { return nil }
            try announce(events(riddle, crew), at: date, db)
            return riddle
        }
    }

    /// The scanner's crew play at `checkpointID`, for the scan's transaction.
    static func crewPlay(playerID: Int64, checkpointID: String, _ db: Database) throws -> CrewPlay? {
        guard let crew = try crew(ofPlayer: playerID, db),
              let riddle = try crewRiddles(where: "crewId = ? AND checkpointId = ? AND solvedAt IS NULL AND releasedAt IS NULL", [crew.id, checkpointID], db).first
        else { return nil }
        var ledgers: [Int64: [GameEvent]] = [:]
        for member in crew.members {
            ledgers[member.player.id] = try Self.events(playerID: member.player.id, db)
        }
        return CrewPlay(crew: crew, riddle: riddle, ledgers: ledgers)
    }

    /// Writes a member's scan of a crew riddle's place, and the solve it makes, in the scan's transaction.
    func applyCrew(scan crewRiddleID: Int64?, solve: CrewSolve?, playerID: Int64, checkpointID: String, scanID: Int64, at date: Date,
                   _ db: Database) throws {
        if let crewRiddleID {
            try db.execute(sql: "INSERT INTO crewScan (crewRiddleId, playerId, scannedAt) VALUES (?, ?, ?)", arguments: [crewRiddleID, playerID, date])
        }
        guard let solve else { return }
        try db.execute(sql: "UPDATE crewRiddle SET solvedAt = ? WHERE id = ? AND solvedAt IS NULL AND releasedAt IS NULL", arguments: [date, solve.crewRiddleID])
        guard db.changesCount == 1 else { return }
        for award in solve.awards {
            // The scanner's share names the scan, so voiding it takes the share back.
            let scan = award.playerID == playerID ? scanID : nil
            for event in award.events { try append(event.naming(scan: scan), db) }
            if award.playerID != playerID { _ = try Self.issue(award.grants, to: award.playerID, at: date, db) }
        }
    }

    public func renewCrewCode(memberID: Int64, decide: @Sendable (Crew) throws -> Void) async throws -> Crew {
        try await database.write { db in
            guard let crew = try Self.crew(ofPlayer: memberID, db) else { throw CrewRefusal.notInCrew }
            try decide(crew)
            try db.execute(sql: "UPDATE crew SET codeVersion = codeVersion + 1 WHERE id = ?", arguments: [crew.id])
            guard let renewed = try Self.crew(id: crew.id, db) else { throw StorageError.noRowReturned("crew") }
            return renewed
        }
    }

    // MARK: The crews' board

    /// The condition on `crewRiddle r` that picks the period's solves, and its arguments.
    private func solvedIn(_ period: LeaderboardPeriod, at date: Date) -> (String, StatementArguments) {
        let interval = weeks.interval(of: period, at: date)
        return ("r.solvedAt >= ? AND r.solvedAt < ?", [interval.start, interval.end])
    }

    public func crewScores(period: LeaderboardPeriod, limit: Int, at date: Date) async throws -> [CrewScore] {
        try await database.read { db in
            let (condition, arguments) = solvedIn(period, at: date)
            return try Row.fetchAll(db, sql: """
                SELECT crew.id, crew.name, (SELECT COUNT(*) FROM crewMember m WHERE m.crewId = crew.id) AS members, solved.count
                FROM (SELECT r.crewId, COUNT(*) AS count FROM crewRiddle r WHERE \(condition) GROUP BY r.crewId) solved
                JOIN crew ON crew.id = solved.crewId
                ORDER BY solved.count DESC, crew.createdAt, crew.id LIMIT ?
                """, arguments: arguments + [limit]).map {
                CrewScore(crewID: $0["id"], name: $0["name"], members: $0["members"], solved: $0["count"])
            }
        }
    }

    public func crewScore(crewID: Int64, period: LeaderboardPeriod, at date: Date) async throws -> (solved: Int, crewsAhead: Int)? {
        try await database.read { db in
            let (condition, arguments) = solvedIn(period, at: date)
            let solved = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM crewRiddle r WHERE r.crewId = ? AND \(condition)",
                                          arguments: [crewID] + arguments) ?? 0
            guard solved > 0 else { return nil }
            let ahead = try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM (SELECT r.crewId FROM crewRiddle r WHERE \(condition) GROUP BY r.crewId HAVING COUNT(*) > ?)
                """, arguments: arguments + [solved]) ?? 0
            return (solved, ahead)
        }
    }

    // MARK: Invitations

    public func inviteToCrew(memberID: Int64, playerID: Int64, at date: Date, decide: @Sendable (Crew) throws -> Void,
                             announce events: @Sendable (CrewInvitation) -> [LiveEvent]) async throws -> CrewInvitation {
        try await database.write { db in
            guard let crew = try Self.crew(ofPlayer: memberID, db) else { throw CrewRefusal.notInCrew }
            try decide(crew)
            if let waiting = try Self.crewInvitations(where: "i.crewId = ? AND i.playerId = ?", [crew.id, playerID], db).first { return waiting }
            try db.execute(sql: "INSERT INTO crewInvitation (crewId, playerId, invitedBy, createdAt) VALUES (?, ?, ?, ?)",
                           arguments: [crew.id, playerID, memberID, date])
            guard let invitation = try Self.crewInvitations(where: "i.id = ?", [db.lastInsertedRowID], db).first else {
                throw StorageError.noRowReturned("crewInvitation")
            }
            try announce(events(invitation), at: date, db)
            return invitation
        }
    }

    public func crewInvitations(playerID: Int64) async throws -> [CrewInvitation] {
        try await database.read { db in try Self.crewInvitations(where: "i.playerId = ?", [playerID], db) }
    }

    public func declineCrewInvitation(id: Int64, playerID: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM crewInvitation WHERE id = ? AND playerId = ?", arguments: [id, playerID])
            return db.changesCount > 0
        }
    }

    static func crewInvitations(where condition: String, _ arguments: StatementArguments, _ db: Database) throws -> [CrewInvitation] {
        try Row.fetchAll(db, sql: """
            SELECT i.id AS invitationId, i.crewId, i.playerId AS invitee, i.createdAt AS invitedAt, crew.name AS crewName,
                   (SELECT COUNT(*) FROM crewMember m WHERE m.crewId = i.crewId) AS crewMembers, player.*
            FROM crewInvitation i JOIN crew ON crew.id = i.crewId JOIN player ON player.id = i.invitedBy
            WHERE \(condition) ORDER BY i.createdAt DESC, i.id DESC
            """, arguments: arguments).map { row in
            CrewInvitation(id: row["invitationId"], crewID: row["crewId"], crewName: row["crewName"], crewMembers: row["crewMembers"],
                           invitedBy: try PlayerRecord(row: row).player, playerID: row["invitee"], createdAt: row["invitedAt"])
        }
    }

    static func crew(ofPlayer playerID: Int64, _ db: Database) throws -> Crew? {
        guard let id = try Int64.fetchOne(db.cachedStatement(sql: "SELECT crewId FROM crewMember WHERE playerId = ?"), arguments: [playerID]) else {
            return nil
        }
        return try crew(id: id, db)
    }

    static func crew(id: Int64, _ db: Database) throws -> Crew? {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT id, name, leaderId, codeVersion, createdAt FROM crew WHERE id = ?"),
                                         arguments: [id]) else {
            return nil
        }
        let members = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT player.*, crewMember.joinedAt AS memberSince FROM crewMember JOIN player ON player.id = crewMember.playerId
            WHERE crewMember.crewId = ? ORDER BY crewMember.joinedAt, player.id
            """), arguments: [id]).map { CrewMember(player: try PlayerRecord(row: $0).player, joinedAt: $0["memberSince"]) }
        return Crew(id: row["id"], name: row["name"], leaderID: row["leaderId"], codeVersion: row["codeVersion"], createdAt: row["createdAt"],
                    members: members)
    }

    /// Every riddle a crew holds, with the crew's members, for an import to judge.
    static func crewHoldings(_ db: Database) throws -> [CrewHolding] {
        try Row.fetchAll(db, sql: """
            SELECT r.id, r.riddleId, r.checkpointId, r.category, GROUP_CONCAT(m.playerId) AS members
            FROM crewRiddle r LEFT JOIN crewMember m ON m.crewId = r.crewId
            WHERE r.solvedAt IS NULL AND r.releasedAt IS NULL GROUP BY r.id ORDER BY r.id
            """).map { row in
            let category: String = row["category"]
            guard let known = Category(rawValue: category) else { throw StorageError.unknownValue("crewRiddle.category \(category)") }
            let members = (row["members"] as String?)?.split(separator: ",").compactMap { Int64($0) }.sorted() ?? []
            return CrewHolding(crewRiddleID: row["id"], riddleID: row["riddleId"], checkpointID: row["checkpointId"], category: known, members: members)
        }
    }

    static func crewRiddles(where condition: String, _ arguments: StatementArguments, _ db: Database) throws -> [CrewRiddle] {
        // Cached: every condition is written in this file, so the statements are few.
        try Row.fetchAll(db.cachedStatement(sql: """
            SELECT id, crewId, riddleId, checkpointId, category, hintsUsed, startedAt, solvedAt FROM crewRiddle WHERE \(condition) ORDER BY id
            """), arguments: arguments).map { row in
            let category: String = row["category"]
            guard let known = Category(rawValue: category) else { throw StorageError.unknownValue("crewRiddle.category \(category)") }
            let id: Int64 = row["id"]
            let scans = try Row.fetchAll(db.cachedStatement(sql: "SELECT playerId, scannedAt FROM crewScan WHERE crewRiddleId = ? ORDER BY scannedAt"),
                                         arguments: [id])
                .map { CrewScan(playerID: $0["playerId"], at: $0["scannedAt"]) }
            return CrewRiddle(id: id, crewID: row["crewId"], riddleID: row["riddleId"], checkpointID: row["checkpointId"], category: known,
                              hintsUsed: row["hintsUsed"], startedAt: row["startedAt"], solvedAt: row["solvedAt"], scans: scans)
        }
    }
}
