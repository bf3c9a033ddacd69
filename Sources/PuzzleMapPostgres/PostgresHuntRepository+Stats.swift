import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func figures(activeSince: Date) async throws -> HuntFigures {
        let solved = RiddleAttempt.Outcome.solved.rawValue
        // One snapshot, so the figures add up with each other.
        return try await snapshot { connection in
            let solveDurations = Dictionary(grouping: try await connection.rows("""
                SELECT riddleId, startedAt, closedAt FROM riddleAttempt WHERE outcome = \(solved)
                """, as: (String, StoredDate, StoredDate).self, logger: logger), by: \.0).mapValues { rows in
                rows.map { $0.2.date.timeIntervalSince($0.1.date) }
            }
            return HuntFigures(
                players: try await connection.value("""
                    SELECT COUNT(*) FROM player WHERE deletedAt IS NULL AND role = \(Role.player.rawValue)
                    """, as: Int.self, logger: logger) ?? 0,
                activePlayers: try await connection.value("""
                    SELECT COUNT(DISTINCT playerId) FROM gameEvent WHERE occurredAt > \(StoredDate(activeSince))
                    """, as: Int.self, logger: logger) ?? 0,
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
                failureLocations: try await connection.rows("SELECT latitude, longitude FROM scanFailure ORDER BY id",
                                                            as: (Double?, Double?).self, logger: logger).map { latitude, longitude in
                    guard let latitude, let longitude else { return nil }
                    return Coordinate(latitude: latitude, longitude: longitude)
                })
        }
    }
}
