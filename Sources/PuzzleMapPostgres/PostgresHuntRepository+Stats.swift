import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func statistics(at date: Date) async throws -> HuntStatistics {
        // One snapshot, so the figures add up with each other.
        try await snapshot { connection in
            let players = try await connection.value("""
                SELECT COUNT(*) FROM player WHERE deletedAt IS NULL AND role = \(Role.player.rawValue)
                """, as: Int.self, logger: logger) ?? 0
            let active = try await connection.value("""
                SELECT COUNT(DISTINCT playerId) FROM gameEvent WHERE occurredAt > \(StoredDate(date - 7 * 86_400))
                """, as: Int.self, logger: logger) ?? 0
            var scans: [String: HuntStatistics.CheckpointScans] = [:]
            for (id, outcome, count, flagged) in try await connection.rows("""
                SELECT checkpointId, outcome, COUNT(*), COUNT(*) FILTER (WHERE flagged) FROM scan GROUP BY checkpointId, outcome
                """, as: (String, String, Int, Int).self, logger: logger) {
                var entry = scans[id] ?? .init(checkpoint: id, outcomes: [:], flagged: 0)
                entry.outcomes[outcome] = count
                entry.flagged += flagged
                scans[id] = entry
            }
            var riddles: [HuntStatistics.RiddleStats] = []
            for (id, solved, givenUp, hints) in try await connection.rows("""
                SELECT riddleId, COUNT(*) FILTER (WHERE outcome = \(RiddleAttempt.Outcome.solved.rawValue)),
                       COUNT(*) FILTER (WHERE outcome = \(RiddleAttempt.Outcome.givenUp.rawValue)), SUM(hintsUsed)::bigint
                FROM riddleAttempt GROUP BY riddleId ORDER BY riddleId
                """, as: (String, Int, Int, Int).self, logger: logger) {
                let minutes = try await connection.rows("""
                    SELECT startedAt, closedAt FROM riddleAttempt WHERE riddleId = \(id) AND outcome = \(RiddleAttempt.Outcome.solved.rawValue)
                    """, as: (StoredDate, StoredDate).self, logger: logger).map { $0.1.date.timeIntervalSince($0.0.date) / 60 }.sorted()
                let median = minutes.isEmpty ? nil : minutes.count % 2 == 1
                    ? minutes[minutes.count / 2] : (minutes[minutes.count / 2 - 1] + minutes[minutes.count / 2]) / 2
                riddles.append(.init(riddle: id, solved: solved, givenUp: givenUp, hintsUsed: hints, medianMinutesToSolve: median))
            }
            let offers = try await connection.rows("""
                SELECT s.offerId, s.stock, s.issued,
                       (SELECT COUNT(*) FROM voucher v WHERE v.offerId = s.offerId AND v.redeemedAt IS NOT NULL)
                FROM offerStock s ORDER BY s.offerId
                """, as: (String, Int, Int, Int).self, logger: logger).map { offer, stock, issued, redeemed in
                HuntStatistics.OfferStats(offer: offer, issued: issued, redeemed: redeemed, left: max(0, stock - issued))
            }
            let flagged = try await connection.value("SELECT COUNT(*) FROM scan WHERE flagged", as: Int.self, logger: logger) ?? 0
            // In the order SQLite keeps them (insertion), which decides between equidistant places.
            let places = try await connection.rows("""
                SELECT id, latitude, longitude FROM checkpoint WHERE retiredAt IS NULL ORDER BY number
                """, as: (String, Double, Double).self, logger: logger).map { (id: $0.0, coordinate: Coordinate(latitude: $0.1, longitude: $0.2)) }
            let locations = try await connection.rows("SELECT latitude, longitude FROM scanFailure ORDER BY id",
                                                      as: (Double?, Double?).self, logger: logger).map { latitude, longitude -> Coordinate? in
                guard let latitude, let longitude else { return nil }
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            let failures = FailureAttribution.count(at: locations, places: places)
            return HuntStatistics(players: players, activePlayers: active, scansByCheckpoint: scans.values.sorted { $0.checkpoint < $1.checkpoint },
                                  riddles: riddles, offers: offers, flaggedScans: flagged, decodeFailuresByCheckpoint: failures)
        }
    }
}
