import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func crew(ofPlayer playerID: Int64) async throws -> Crew? {
        try await autocommit { connection in try await crew(ofPlayer: playerID, connection) }
    }

    public func crew(id: Int64) async throws -> Crew? {
        try await autocommit { connection in try await crew(id: id, connection) }
    }

    public func createCrew(name: String, leaderID: Int64, at date: Date, decide: @Sendable (Crew?) throws -> Void) async throws -> Crew {
        try await write { connection in
            // The player locked: two crews made at once by one player cannot both be theirs.
            try await lockPlayer(leaderID, connection)
            try decide(try await crew(ofPlayer: leaderID, connection))
            let id = try await connection.returned("""
                INSERT INTO crew (name, leaderId, createdAt) VALUES (\(name), \(leaderID), \(StoredDate(date))) RETURNING id
                """, as: Int64.self, from: "crew", logger: logger)
            try await connection.run("INSERT INTO crewMember (playerId, crewId, joinedAt) VALUES (\(leaderID), \(id), \(StoredDate(date)))", logger: logger)
            try await connection.run("DELETE FROM crewInvitation WHERE playerId = \(leaderID)", logger: logger)
            guard let crew = try await crew(id: id, connection) else { throw StorageError.noRowReturned("crew") }
            return crew
        }
    }

    public func joinCrew(id: Int64, playerID: Int64, at date: Date, decide: @Sendable (Crew?, Crew?) throws -> Void,
                         announce events: @Sendable (Crew) -> [LiveEvent]) async throws -> Crew {
        try await write { connection in
            // The player, then the crew: joins at once fill the last place only once.
            try await lockPlayer(playerID, connection)
            try await connection.run("SELECT id FROM crew WHERE id = \(id) FOR UPDATE", logger: logger)
            try decide(try await crew(id: id, connection), try await crew(ofPlayer: playerID, connection))
            try await connection.run("INSERT INTO crewMember (playerId, crewId, joinedAt) VALUES (\(playerID), \(id), \(StoredDate(date)))", logger: logger)
            try await connection.run("DELETE FROM crewInvitation WHERE playerId = \(playerID)", logger: logger)
            guard let crew = try await crew(id: id, connection) else { throw StorageError.noRowReturned("crew") }
            try await announce(events(crew), at: date, connection)
            return crew
        }
    }

    public func leaveCrew(memberID: Int64, at date: Date, decide: @Sendable (Crew) throws -> Void) async throws -> Crew? {
        try await write { connection in
            try await lockPlayer(memberID, connection)
            guard let crewID = try await connection.value("SELECT crewId FROM crewMember WHERE playerId = \(memberID)", as: Int64.self, logger: logger)
            else { throw CrewRefusal.notInCrew }
            try await connection.run("SELECT id FROM crew WHERE id = \(crewID) FOR UPDATE", logger: logger)
            guard let crew = try await crew(id: crewID, connection) else { throw CrewRefusal.notInCrew }
            try decide(crew)
            try await connection.run("DELETE FROM crewMember WHERE playerId = \(memberID)", logger: logger)
            let staying = crew.members.filter { $0.player.id != memberID }
            guard let eldest = staying.first else {
                try await connection.run("DELETE FROM crew WHERE id = \(crew.id)", logger: logger)
                return nil
            }
            if crew.leaderID == memberID {
                try await connection.run("UPDATE crew SET leaderId = \(eldest.player.id) WHERE id = \(crew.id)", logger: logger)
            }
            return try await self.crew(id: crew.id, connection)
        }
    }

    public func crewRiddles(crewID: Int64) async throws -> [CrewRiddle] {
        try await autocommit { connection in
            try await crewRiddles("SELECT \(unescaped: Self.crewRiddleColumns) WHERE crewId = \(crewID) AND solvedAt IS NULL AND releasedAt IS NULL ORDER BY id", connection)
        }
    }

    public func startCrewRiddle(crewID: Int64, category: Category, at date: Date,
                                decide: @Sendable (CrewRiddleHoldings) -> CrewRiddleDecision) async throws -> CrewRiddleStart {
        try await write { connection in
            // The import lock before the crew's (as an import takes them); the crew locked: two
            // members asking at once get one riddle.
            let retired = try await retiredRiddles(connection)
            try await connection.run("SELECT id FROM crew WHERE id = \(crewID) FOR UPDATE", logger: logger)
            guard let crew = try await crew(id: crewID, connection) else { throw CrewRefusal.notInCrew }
            var ledgers: [Int64: [GameEvent]] = [:]
            for member in crew.members { ledgers[member.player.id] = try await events(playerID: member.player.id, connection) }
            let together = Set(try await connection.values("SELECT checkpointId FROM crewRiddle WHERE crewId = \(crewID) AND solvedAt IS NOT NULL",
                                                           as: String.self, logger: logger))
            let held = try await crewRiddles("""
                SELECT \(unescaped: Self.crewRiddleColumns) WHERE crewId = \(crewID) AND solvedAt IS NULL AND releasedAt IS NULL ORDER BY id
                """, connection)
            let riddle: Riddle
            switch decide(CrewRiddleHoldings(held: held, ledgers: ledgers, solvedTogether: together, retiredRiddles: retired)) {
            case .keep(let kept): return .existing(kept)
            case .refuse(let refusal): return .refused(refusal)
            case .start(let chosen): riddle = chosen
            }
            let id = try await connection.returned("""
                INSERT INTO crewRiddle (crewId, riddleId, checkpointId, category, startedAt)
                VALUES (\(crewID), \(riddle.id), \(riddle.checkpointID), \(category.rawValue), \(StoredDate(date))) RETURNING id
                """, as: Int64.self, from: "crewRiddle", logger: logger)
            guard let started = try await crewRiddles("SELECT \(unescaped: Self.crewRiddleColumns) WHERE id = \(id)", connection).first else { throw StorageError.noRowReturned("crewRiddle") }
            return .started(started)
        }
    }

    public func takeCrewHint(crewRiddleID: Int64, playerID: Int64, maxHints: Int, at date: Date,
                             announce events: @Sendable (CrewRiddle, Crew) -> [LiveEvent]) async throws -> CrewRiddle? {
        try await write { connection in
            guard try await connection.count("""
                UPDATE crewRiddle SET hintsUsed = hintsUsed + 1
                WHERE id = \(crewRiddleID) AND solvedAt IS NULL AND releasedAt IS NULL AND hintsUsed < \(maxHints)
                    AND crewId = (SELECT crewId FROM crewMember WHERE playerId = \(playerID)) RETURNING id
                """, logger: logger) == 1,
                let riddle = try await crewRiddles("SELECT \(unescaped: Self.crewRiddleColumns) WHERE id = \(crewRiddleID)", connection).first,
                let crew = try await crew(id: riddle.crewID, connection)
            else { return nil }
            try await announce(events(riddle, crew), at: date, connection)
            return riddle
        }
    }

    /// The scanner's crew play at `checkpointID`, its riddle locked until the scan's
    /// transaction ends: two members scanning at once are decided one after the other.
    func crewPlay(playerID: Int64, checkpointID: String, _ connection: PostgresConnection) async throws -> CrewPlay? {
        guard let crewID = try await connection.value(Prepared<PlayerCrew>(playerID), as: Int64.self, logger: logger),
              let riddleID = try await connection.value("""
                SELECT id FROM crewRiddle WHERE crewId = \(crewID) AND checkpointId = \(checkpointID) AND solvedAt IS NULL AND releasedAt IS NULL ORDER BY id LIMIT 1 FOR UPDATE
                """, as: Int64.self, logger: logger),
              let riddle = try await crewRiddles("SELECT \(unescaped: Self.crewRiddleColumns) WHERE id = \(riddleID) AND solvedAt IS NULL AND releasedAt IS NULL", connection).first,
              let crew = try await crew(id: crewID, connection)
        else { return nil }
        var ledgers: [Int64: [GameEvent]] = [:]
        for member in crew.members { ledgers[member.player.id] = try await events(playerID: member.player.id, connection) }
        return CrewPlay(crew: crew, riddle: riddle, ledgers: ledgers)
    }

    /// Writes a member's scan of a crew riddle's place, and the solve it makes, in the scan's transaction.
    func applyCrew(scan crewRiddleID: Int64?, solve: CrewSolve?, playerID: Int64, checkpointID: String, scanID: Int64, at date: Date,
                   _ connection: PostgresConnection) async throws {
        if let crewRiddleID {
            try await connection.run("""
                INSERT INTO crewScan (crewRiddleId, playerId, scannedAt) VALUES (\(crewRiddleID), \(playerID), \(StoredDate(date)))
                """, logger: logger)
        }
        guard let solve, try await connection.count("""
            UPDATE crewRiddle SET solvedAt = \(StoredDate(date)) WHERE id = \(solve.crewRiddleID) AND solvedAt IS NULL AND releasedAt IS NULL RETURNING id
            """, logger: logger) == 1
        else { return }
        for award in solve.awards {
            // The scanner's share names the scan, so voiding it takes the share back.
            let scan = award.playerID == playerID ? scanID : nil
            for event in award.events { try await append(event.naming(scan: scan), connection) }
            if award.playerID != playerID { _ = try await issue(award.grants, to: award.playerID, at: date, connection) }
        }
    }

    public func renewCrewCode(memberID: Int64, decide: @Sendable (Crew) throws -> Void) async throws -> Crew {
        try await write { connection in
            let crew = try await lockedCrew(ofMember: memberID, connection)
            try decide(crew)
            try await connection.run("UPDATE crew SET codeVersion = codeVersion + 1 WHERE id = \(crew.id)", logger: logger)
            guard let renewed = try await self.crew(id: crew.id, connection) else { throw StorageError.noRowReturned("crew") }
            return renewed
        }
    }

    // MARK: The crews' board

    public func crewScores(period: LeaderboardPeriod, limit: Int, at date: Date) async throws -> [CrewScore] {
        let interval = weeks.interval(of: period, at: date)
        return try await autocommit { connection in
            try await connection.rows("""
                SELECT crew.id, crew.name, (SELECT COUNT(*) FROM crewMember m WHERE m.crewId = crew.id)::integer, solved.count::integer
                FROM (SELECT r.crewId, COUNT(*) AS count FROM crewRiddle r
                      WHERE r.solvedAt >= \(StoredDate(interval.start)) AND r.solvedAt < \(StoredDate(interval.end)) GROUP BY r.crewId) solved
                JOIN crew ON crew.id = solved.crewId
                ORDER BY solved.count DESC, crew.createdAt, crew.id LIMIT \(limit)
                """, as: (Int64, String, Int, Int).self, logger: logger).map {
                CrewScore(crewID: $0.0, name: $0.1, members: $0.2, solved: $0.3)
            }
        }
    }

    public func crewScore(crewID: Int64, period: LeaderboardPeriod, at date: Date) async throws -> (solved: Int, crewsAhead: Int)? {
        let interval = weeks.interval(of: period, at: date)
        let (from, to) = (StoredDate(interval.start), StoredDate(interval.end))
        return try await snapshot { connection in
            let solved = try await connection.value("""
                SELECT COUNT(*)::integer FROM crewRiddle r WHERE r.crewId = \(crewID) AND r.solvedAt >= \(from) AND r.solvedAt < \(to)
                """, as: Int.self, logger: logger) ?? 0
            guard solved > 0 else { return nil }
            let ahead = try await connection.value("""
                SELECT COUNT(*)::integer FROM (SELECT r.crewId FROM crewRiddle r WHERE r.solvedAt >= \(from) AND r.solvedAt < \(to)
                                               GROUP BY r.crewId HAVING COUNT(*) > \(solved)) ahead
                """, as: Int.self, logger: logger) ?? 0
            return (solved, ahead)
        }
    }

    // MARK: Invitations

    public func inviteToCrew(memberID: Int64, playerID: Int64, at date: Date, decide: @Sendable (Crew) throws -> Void,
                             announce events: @Sendable (CrewInvitation) -> [LiveEvent]) async throws -> CrewInvitation {
        try await write { connection in
            let crew = try await lockedCrew(ofMember: memberID, connection)
            try decide(crew)
            if let waiting = try await crewInvitations(crewID: crew.id, playerID: playerID, connection).first { return waiting }
            let id = try await connection.returned("""
                INSERT INTO crewInvitation (crewId, playerId, invitedBy, createdAt) VALUES (\(crew.id), \(playerID), \(memberID), \(StoredDate(date)))
                RETURNING id
                """, as: Int64.self, from: "crewInvitation", logger: logger)
            guard let invitation = try await crewInvitations(id: id, connection).first else {
                throw StorageError.noRowReturned("crewInvitation")
            }
            try await announce(events(invitation), at: date, connection)
            return invitation
        }
    }

    public func crewInvitations(playerID: Int64) async throws -> [CrewInvitation] {
        try await autocommit { connection in try await crewInvitations(playerID: playerID, connection) }
    }

    public func declineCrewInvitation(id: Int64, playerID: Int64) async throws -> Bool {
        try await write { connection in
            try await connection.count("DELETE FROM crewInvitation WHERE id = \(id) AND playerId = \(playerID) RETURNING id", logger: logger) == 1
        }
    }

    /// The invitations matching every id given: one by its id, a crew's to a player, or a player's.
    func crewInvitations(id: Int64? = nil, crewID: Int64? = nil, playerID: Int64? = nil,
                                 _ connection: PostgresConnection) async throws -> [CrewInvitation] {
        try await connection.rows("""
            SELECT i.id, i.crewId, i.playerId, i.createdAt, crew.name, (SELECT COUNT(*) FROM crewMember m WHERE m.crewId = i.crewId)::integer,
                   player.id, player.email, player.username, player.displayName, player.createdAt
            FROM crewInvitation i JOIN crew ON crew.id = i.crewId JOIN player ON player.id = i.invitedBy
            WHERE (\(id)::bigint IS NULL OR i.id = \(id)) AND (\(crewID)::bigint IS NULL OR i.crewId = \(crewID))
              AND (\(playerID)::bigint IS NULL OR i.playerId = \(playerID))
            ORDER BY i.createdAt DESC, i.id DESC
            """, as: (Int64, Int64, Int64, StoredDate, String, Int, Int64, String, String, String, StoredDate).self, logger: logger).map {
            CrewInvitation(id: $0.0, crewID: $0.1, crewName: $0.4, crewMembers: $0.5,
                           invitedBy: Player(id: $0.6, email: $0.7, username: $0.8, displayName: $0.9, createdAt: $0.10.date),
                           playerID: $0.2, createdAt: $0.3.date)
        }
    }

    /// The member's crew, locked until the transaction ends.
    private func lockedCrew(ofMember memberID: Int64, _ connection: PostgresConnection) async throws -> Crew {
        guard let crewID = try await connection.value("SELECT crewId FROM crewMember WHERE playerId = \(memberID)", as: Int64.self, logger: logger),
              try await connection.count("SELECT id FROM crew WHERE id = \(crewID) FOR UPDATE", logger: logger) == 1,
              let crew = try await crew(id: crewID, connection), crew.has(memberID)
        else { throw CrewRefusal.notInCrew }
        return crew
    }

    func crew(ofPlayer playerID: Int64, _ connection: PostgresConnection) async throws -> Crew? {
        guard let id = try await connection.value("SELECT crewId FROM crewMember WHERE playerId = \(playerID)", as: Int64.self, logger: logger) else {
            return nil
        }
        return try await crew(id: id, connection)
    }

    private func crew(id: Int64, _ connection: PostgresConnection) async throws -> Crew? {
        guard let (name, leaderID, codeVersion, createdAt) = try await connection.row(
            "SELECT name, leaderId, codeVersion, createdAt FROM crew WHERE id = \(id)", as: (String, Int64, Int, StoredDate).self, logger: logger)
        else { return nil }
        let members = try await connection.rows("""
            SELECT crewMember.joinedAt, player.id, player.email, player.username, player.displayName, player.createdAt
            FROM crewMember JOIN player ON player.id = crewMember.playerId WHERE crewMember.crewId = \(id) ORDER BY crewMember.joinedAt, player.id
            """, as: (StoredDate, Int64, String, String, String, StoredDate).self, logger: logger).map {
            CrewMember(player: Player(id: $0.1, email: $0.2, username: $0.3, displayName: $0.4, createdAt: $0.5.date), joinedAt: $0.0.date)
        }
        return Crew(id: id, name: name, leaderID: leaderID, codeVersion: codeVersion, createdAt: createdAt.date, members: members)
    }

    /// The select list and table of every crew riddle query.
    /// Every riddle a crew holds, with the crew's members, for an import to judge.
    func crewHoldings(_ connection: PostgresConnection) async throws -> [CrewHolding] {
        try await connection.rows("""
            SELECT r.id, r.riddleId, r.checkpointId, r.category,
                   COALESCE(array_agg(m.playerId ORDER BY m.playerId) FILTER (WHERE m.playerId IS NOT NULL), '{}')
            FROM crewRiddle r LEFT JOIN crewMember m ON m.crewId = r.crewId
            WHERE r.solvedAt IS NULL AND r.releasedAt IS NULL GROUP BY r.id ORDER BY r.id
            """, as: (Int64, String, String, String, [Int64]).self, logger: logger).map { id, riddleID, checkpointID, category, members in
            guard let known = Category(rawValue: category) else { throw StorageError.unknownValue("crewRiddle.category \(category)") }
            return CrewHolding(crewRiddleID: id, riddleID: riddleID, checkpointID: checkpointID, category: known, members: members)
        }
    }

    private static let crewRiddleColumns = "id, crewId, riddleId, checkpointId, category, hintsUsed, startedAt, solvedAt FROM crewRiddle"

    private func crewRiddles(_ query: PostgresQuery, _ connection: PostgresConnection) async throws -> [CrewRiddle] {
        let rows = try await connection.rows(query, as: (Int64, Int64, String, String, String, Int, StoredDate, StoredDate?).self, logger: logger)
        var riddles: [CrewRiddle] = []
        for row in rows {
            guard let category = Category(rawValue: row.4) else { throw StorageError.unknownValue("crewRiddle.category \(row.4)") }
            let scans = try await connection.rows("SELECT playerId, scannedAt FROM crewScan WHERE crewRiddleId = \(row.0) ORDER BY scannedAt",
                                                  as: (Int64, StoredDate).self, logger: logger).map { CrewScan(playerID: $0.0, at: $0.1.date) }
            riddles.append(CrewRiddle(id: row.0, crewID: row.1, riddleID: row.2, checkpointID: row.3, category: category, hintsUsed: row.5,
                                      startedAt: row.6.date, solvedAt: row.7?.date, scans: scans))
        }
        return riddles
    }
}

/// The crew a player is in, read by every scan.
enum PlayerCrew: PlayerStatementText {
    static let name = "player.crew"
    static let sql = "SELECT crewId FROM crewMember WHERE playerId = $1"
}
