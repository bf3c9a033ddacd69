import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func figures(activeSince: Date) async throws -> HuntFigures {
        try await database.read { db in try Self.figures(activeSince: activeSince, db) }
    }

    public func dashboardFigures(dayStart: Date, activeNowSince: Date) async throws -> DashboardFigures {
        try await database.read { db in
            func instants(_ sql: String) throws -> [Date] { try Date.fetchAll(db, sql: sql, arguments: [dayStart]) }
            return DashboardFigures(
                figures: try Self.figures(activeSince: dayStart, db),
                activeNow: try Self.activePlayers(since: activeNowSince, db),
                // Played at all: a riddle taken (hints need one), a ledger event, a scan or a failed photo.
                everActive: try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM player p WHERE p.role = 'player' AND (
                        EXISTS (SELECT 1 FROM gameEvent WHERE playerId = p.id) OR EXISTS (SELECT 1 FROM scan WHERE playerId = p.id)
                        OR EXISTS (SELECT 1 FROM scanFailure WHERE playerId = p.id) OR EXISTS (SELECT 1 FROM riddleAttempt WHERE playerId = p.id))
                    """) ?? 0,
                signUps: try instants("SELECT createdAt FROM player WHERE role = 'player' AND createdAt >= ? ORDER BY createdAt"),
                scans: try instants("SELECT scannedAt FROM scan WHERE scannedAt >= ? ORDER BY scannedAt"),
                solves: try instants("SELECT occurredAt FROM gameEvent WHERE kind = 'solved' AND occurredAt >= ? ORDER BY occurredAt"),
                hints: try instants("SELECT takenAt FROM hintTaken WHERE takenAt >= ? ORDER BY takenAt"),
                huntStartedAt: try Date.fetchOne(db, sql: "SELECT MIN(importedAt) FROM contentImport"))
        }
    }

    /// Players who did something in the game after `since`: a ledger event, a scan, a photo
    /// that gave no code, a riddle taken or a hint.
    static func activePlayers(since: Date, _ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: """
            SELECT COUNT(*) FROM (
                SELECT playerId FROM gameEvent WHERE occurredAt > :since
                UNION SELECT playerId FROM scan WHERE scannedAt > :since
                UNION SELECT playerId FROM scanFailure WHERE failedAt > :since
                UNION SELECT playerId FROM riddleAttempt WHERE startedAt > :since
                UNION SELECT playerId FROM hintTaken WHERE takenAt > :since)
            """, arguments: ["since": since]) ?? 0
    }

    static func figures(activeSince: Date, _ db: Database) throws -> HuntFigures {
        let solveDurations = Dictionary(grouping: try Row.fetchAll(db, sql: """
            SELECT riddleId, startedAt, closedAt FROM riddleAttempt WHERE outcome = 'solved'
            """), by: { $0["riddleId"] as String }).mapValues { rows in
            rows.map { ($0["closedAt"] as Date).timeIntervalSince($0["startedAt"] as Date) }
        }
        let pending = ReportStatus.allCases.filter(\.isPending).map(\.rawValue)
        let pendingList = pending.map { _ in "?" }.joined(separator: ", ")
        return HuntFigures(
            players: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE deletedAt IS NULL AND role = 'player'") ?? 0,
            activePlayers: try activePlayers(since: activeSince, db),
            scans: try Row.fetchAll(db, sql: """
                SELECT checkpointId, outcome, COUNT(*) AS n, SUM(flagged) AS flagged FROM scan GROUP BY checkpointId, outcome
                """).map { HuntFigures.ScanCount(checkpoint: $0["checkpointId"], outcome: $0["outcome"], count: $0["n"], flagged: $0["flagged"]) },
            riddles: try Row.fetchAll(db, sql: """
                SELECT riddleId, SUM(outcome = 'solved') AS solved, SUM(outcome = 'given_up') AS givenUp, SUM(hintsUsed) AS hints
                FROM riddleAttempt GROUP BY riddleId
                """).map { row in
                let id: String = row["riddleId"]
                return HuntFigures.RiddleCount(riddle: id, solved: row["solved"] ?? 0, givenUp: row["givenUp"] ?? 0, hintsUsed: row["hints"] ?? 0,
                                               solveDurations: solveDurations[id] ?? [])
            },
            offers: try Row.fetchAll(db, sql: """
                SELECT s.offerId, s.stock, s.issued,
                       (SELECT COUNT(*) FROM voucher v WHERE v.offerId = s.offerId AND v.redeemedAt IS NOT NULL) AS redeemed
                FROM offerStock s
                """).map { HuntFigures.OfferCount(offer: $0["offerId"], stock: $0["stock"], issued: $0["issued"], redeemed: $0["redeemed"]) },
            places: try Row.fetchAll(db, sql: "SELECT id, latitude, longitude FROM checkpoint WHERE retiredAt IS NULL ORDER BY number").map {
                (id: $0["id"] as String, coordinate: Coordinate(latitude: $0["latitude"], longitude: $0["longitude"]))
            },
            failures: try Row.fetchAll(db, sql: "SELECT latitude, longitude, failedAt FROM scanFailure ORDER BY id").map { row in
                var location: Coordinate?
                if let latitude = row["latitude"] as Double?, let longitude = row["longitude"] as Double? {
                    location = Coordinate(latitude: latitude, longitude: longitude)
                }
                return HuntFigures.FailedPhoto(location: location, at: row["failedAt"])
            },
            lastScans: Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
                SELECT checkpointId, MAX(scannedAt) AS lastAt FROM scan WHERE outcome <> ? GROUP BY checkpointId
                """, arguments: [HuntDashboard.reusedPhotoOutcome]).map { ($0["checkpointId"] as String, $0["lastAt"] as Date) }),
            pendingReportsByCheckpoint: Dictionary(uniqueKeysWithValues: try Row.fetchAll(db, sql: """
                SELECT checkpointId, COUNT(*) AS n FROM problemReport WHERE status IN (\(pendingList)) AND checkpointId IS NOT NULL GROUP BY checkpointId
                """, arguments: StatementArguments(pending)).map { ($0["checkpointId"] as String, $0["n"] as Int) }),
            pendingReports: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM problemReport WHERE status IN (\(pendingList))",
                                             arguments: StatementArguments(pending)) ?? 0)
    }
}
