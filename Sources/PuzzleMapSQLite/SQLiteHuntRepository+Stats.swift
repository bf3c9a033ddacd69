import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func figures(activeSince: Date) async throws -> HuntFigures {
        try await database.read { db in
            let solveDurations = Dictionary(grouping: try Row.fetchAll(db, sql: """
                SELECT riddleId, startedAt, closedAt FROM riddleAttempt WHERE outcome = 'solved'
                """), by: { $0["riddleId"] as String }).mapValues { rows in
                rows.map { ($0["closedAt"] as Date).timeIntervalSince($0["startedAt"] as Date) }
            }
            return HuntFigures(
                players: try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player WHERE deletedAt IS NULL AND role = 'player'") ?? 0,
                activePlayers: try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT playerId) FROM gameEvent WHERE occurredAt > ?",
                                                arguments: [activeSince]) ?? 0,
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
                failureLocations: try Row.fetchAll(db, sql: "SELECT latitude, longitude FROM scanFailure ORDER BY id").map { row in
                    guard let latitude = row["latitude"] as Double?, let longitude = row["longitude"] as Double? else { return nil }
                    return Coordinate(latitude: latitude, longitude: longitude)
                })
        }
    }
}
