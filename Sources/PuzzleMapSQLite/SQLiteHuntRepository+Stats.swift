import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func statistics(at date: Date) async throws -> HuntStatistics {
        try await database.read { db in
            let players = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE deletedAt IS NULL AND role = 'player'") ?? 0
            let active = try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT playerId) FROM gameEvent WHERE occurredAt > ?",
                                          arguments: [date - 7 * 86_400]) ?? 0
            var scans: [String: HuntStatistics.CheckpointScans] = [:]
            for row in try Row.fetchAll(db, sql: """
                SELECT checkpointId, outcome, COUNT(*) AS n, SUM(flagged) AS flagged FROM scan GROUP BY checkpointId, outcome
                """) {
                let id: String = row["checkpointId"]
                var entry = scans[id] ?? .init(checkpoint: id, outcomes: [:], flagged: 0)
                entry.outcomes[row["outcome"]] = row["n"]
                entry.flagged += row["flagged"] as Int
                scans[id] = entry
            }
            var riddles: [HuntStatistics.RiddleStats] = []
            for row in try Row.fetchAll(db, sql: """
                SELECT riddleId, SUM(outcome = 'solved') AS solved, SUM(outcome = 'given_up') AS givenUp, SUM(hintsUsed) AS hints
                FROM riddleAttempt GROUP BY riddleId ORDER BY riddleId
                """) {
                let id: String = row["riddleId"]
                let minutes = try Row.fetchAll(db, sql: """
                    SELECT startedAt, closedAt FROM riddleAttempt WHERE riddleId = ? AND outcome = 'solved'
                    """, arguments: [id]).map { (($0["closedAt"] as Date).timeIntervalSince($0["startedAt"] as Date)) / 60 }.sorted()
                let median = minutes.isEmpty ? nil : minutes.count % 2 == 1
                    ? minutes[minutes.count / 2] : (minutes[minutes.count / 2 - 1] + minutes[minutes.count / 2]) / 2
                riddles.append(.init(riddle: id, solved: row["solved"] ?? 0, givenUp: row["givenUp"] ?? 0, hintsUsed: row["hints"] ?? 0,
                                     medianMinutesToSolve: median))
            }
            let offers = try Row.fetchAll(db, sql: """
                SELECT s.offerId, s.stock, s.issued, (SELECT COUNT(*) FROM voucher v WHERE v.offerId = s.offerId AND v.redeemedAt IS NOT NULL) AS redeemed
                FROM offerStock s ORDER BY s.offerId
                """).map { row in
                HuntStatistics.OfferStats(offer: row["offerId"], issued: row["issued"], redeemed: row["redeemed"],
                                          left: max(0, (row["stock"] as Int) - (row["issued"] as Int)))
            }
            let flagged = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scan WHERE flagged") ?? 0
            let places = try Row.fetchAll(db, sql: "SELECT id, latitude, longitude FROM checkpoint WHERE retiredAt IS NULL").map {
                (id: $0["id"] as String, coordinate: Coordinate(latitude: $0["latitude"], longitude: $0["longitude"]))
            }
            let locations = try Row.fetchAll(db, sql: "SELECT latitude, longitude FROM scanFailure").map { row -> Coordinate? in
                guard let latitude = row["latitude"] as Double?, let longitude = row["longitude"] as Double? else { return nil }
                return Coordinate(latitude: latitude, longitude: longitude)
            }
            let failures = FailureAttribution.count(at: locations, places: places)
            return HuntStatistics(players: players, activePlayers: active, scansByCheckpoint: scans.values.sorted { $0.checkpoint < $1.checkpoint },
                                  riddles: riddles, offers: offers, flaggedScans: flagged, decodeFailuresByCheckpoint: failures)
        }
    }
}
