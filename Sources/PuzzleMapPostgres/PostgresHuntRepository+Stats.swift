import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func figures(activeSince: Date) async throws -> HuntFigures {
        // One snapshot, so the figures add up with each other.
        try await snapshot { connection in try await figures(activeSince: activeSince, connection) }
    }

    public func dashboardFigures(dayStart: Date, activeNowSince: Date) async throws -> DashboardFigures {
        try await snapshot { connection in
            func instants(_ query: PostgresQuery) async throws -> [Date] {
                try await connection.values(query, as: StoredDate.self, logger: logger).map(\.date)
            }
            let since = StoredDate(dayStart)
            let player = Role.player.rawValue
            return DashboardFigures(
                figures: try await figures(activeSince: dayStart, connection),
                activeNow: try await activePlayers(since: activeNowSince, connection),
                // Played at all: a riddle taken (hints need one), a ledger event, a scan or a failed photo.
                everActive: try await connection.value("""
                    SELECT COUNT(*) FROM player p WHERE p.role = \(player) AND (
                        EXISTS (SELECT 1 FROM gameEvent WHERE playerId = p.id) OR EXISTS (SELECT 1 FROM scan WHERE playerId = p.id)
                        OR EXISTS (SELECT 1 FROM scanFailure WHERE playerId = p.id) OR EXISTS (SELECT 1 FROM riddleAttempt WHERE playerId = p.id))
                    """, as: Int.self, logger: logger) ?? 0,
                signUps: try await instants("SELECT createdAt FROM player WHERE role = \(player) AND createdAt >= \(since) ORDER BY createdAt"),
                scans: try await instants("SELECT scannedAt FROM scan WHERE scannedAt >= \(since) ORDER BY scannedAt"),
                solves: try await instants("""
                    SELECT occurredAt FROM gameEvent WHERE kind = \(GameEvent.Kind.solved.rawValue) AND occurredAt >= \(since) ORDER BY occurredAt
                    """),
                hints: try await instants("SELECT takenAt FROM hintTaken WHERE takenAt >= \(since) ORDER BY takenAt"),
                huntStartedAt: try await connection.value("SELECT MIN(importedAt) FROM contentImport", as: StoredDate?.self, logger: logger)??.date)
        }
    }

    /// Players who did something in the game after `since`: a ledger event, a scan, a photo
    /// that gave no code, a riddle taken or a hint.
    func activePlayers(since: Date, _ connection: PostgresConnection) async throws -> Int {
        let since = StoredDate(since)
        return try await connection.value("""
            SELECT COUNT(*) FROM (
                SELECT playerId FROM gameEvent WHERE occurredAt > \(since)
                UNION SELECT playerId FROM scan WHERE scannedAt > \(since)
                UNION SELECT playerId FROM scanFailure WHERE failedAt > \(since)
                UNION SELECT playerId FROM riddleAttempt WHERE startedAt > \(since)
                UNION SELECT playerId FROM hintTaken WHERE takenAt > \(since)) AS active
            """, as: Int.self, logger: logger) ?? 0
    }

    func figures(activeSince: Date, _ connection: PostgresConnection) async throws -> HuntFigures {
        let solved = RiddleAttempt.Outcome.solved.rawValue
        let pending = ReportStatus.allCases.filter(\.isPending).map(\.rawValue)
        let solveDurations = Dictionary(grouping: try await connection.rows("""
            SELECT riddleId, startedAt, closedAt FROM riddleAttempt WHERE outcome = \(solved)
            """, as: (String, StoredDate, StoredDate).self, logger: logger), by: \.0).mapValues { rows in
            rows.map { $0.2.date.timeIntervalSince($0.1.date) }
        }
        return HuntFigures(
            players: try await connection.value("""
                SELECT COUNT(*) FROM player WHERE deletedAt IS NULL AND role = \(Role.player.rawValue)
                """, as: Int.self, logger: logger) ?? 0,
            activePlayers: try await activePlayers(since: activeSince, connection),
            scans: try await connection.rows("""
                SELECT checkpointId, outcome, COUNT(*), COUNT(*) FILTER (WHERE flagged) FROM scan GROUP BY checkpointId, outcome
                """, as: (String, String, Int, Int).self, logger: logger).map(HuntFigures.ScanCount.init),
            riddles: try await connection.rows("""
                SELECT riddleId, COUNT(*) FILTER (WHERE outcome = \(solved)),
                       COUNT(*) FILTER (WHERE outcome = \(RiddleAttempt.Outcome.givenUp.rawValue)), SUM(hintsUsed)::bigint
                FROM riddleAttempt GROUP BY riddleId
                """, as: (String, Int, Int, Int).self, logger: logger).map { id, solved, givenUp, hints in
                HuntFigures.RiddleCount(riddle: id, solved: solved, givenUp: givenUp, hintsUsed: hints, solveDurations: solveDurations[id] ?? [])
            },
            offers: try await connection.rows("""
                SELECT s.offerId, s.stock, s.issued,
                       (SELECT COUNT(*) FROM voucher v WHERE v.offerId = s.offerId AND v.redeemedAt IS NOT NULL)
                FROM offerStock s
                """, as: (String, Int, Int, Int).self, logger: logger).map(HuntFigures.OfferCount.init),
            places: try await connection.rows("""
                SELECT id, latitude, longitude FROM checkpoint WHERE retiredAt IS NULL ORDER BY number
                """, as: (String, Double, Double).self, logger: logger).map { (id: $0.0, coordinate: Coordinate(latitude: $0.1, longitude: $0.2)) },
            failures: try await connection.rows("SELECT latitude, longitude, failedAt FROM scanFailure ORDER BY id",
                                                as: (Double?, Double?, StoredDate).self, logger: logger).map { latitude, longitude, failedAt in
                var location: Coordinate?
                if let latitude, let longitude { location = Coordinate(latitude: latitude, longitude: longitude) }
                return HuntFigures.FailedPhoto(location: location, at: failedAt.date)
            },
            lastScans: Dictionary(uniqueKeysWithValues: try await connection.rows("""
                SELECT checkpointId, MAX(scannedAt) FROM scan WHERE outcome <> \(HuntDashboard.reusedPhotoOutcome) GROUP BY checkpointId
                """, as: (String, StoredDate).self, logger: logger).map { ($0.0, $0.1.date) }),
            pendingReportsByCheckpoint: Dictionary(uniqueKeysWithValues: try await connection.rows("""
                SELECT checkpointId, COUNT(*) FROM problemReport WHERE status = ANY(\(pending)) AND checkpointId IS NOT NULL GROUP BY checkpointId
                """, as: (String, Int).self, logger: logger).map { ($0.0, $0.1) }),
            pendingReports: try await connection.value("SELECT COUNT(*) FROM problemReport WHERE status = ANY(\(pending))",
                                                       as: Int.self, logger: logger) ?? 0)
    }
}
