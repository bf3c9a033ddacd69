import Foundation
import GRDB
import PuzzleMapCore
import PuzzleMapStorage

extension SQLiteHuntRepository {
    public func savePushSubscription(_ subscription: PushSubscription, playerID: Int64, at date: Date) async throws {
        try await database.write { db in
            let cursor = try Int64.fetchOne(db, sql: "SELECT last FROM liveEventCounter WHERE playerId = ?", arguments: [playerID]) ?? 0
            try db.execute(sql: """
                INSERT INTO pushSubscription (playerId, endpoint, p256dh, auth, language, cursor, createdAt) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (endpoint) DO UPDATE SET playerId = excluded.playerId, p256dh = excluded.p256dh, auth = excluded.auth,
                    language = excluded.language,
                    cursor = CASE WHEN pushSubscription.playerId = excluded.playerId THEN pushSubscription.cursor ELSE excluded.cursor END
                """, arguments: [playerID, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth, subscription.language, cursor, date])
        }
    }

    public func removePushSubscription(endpoint: String, playerID: Int64?) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM pushSubscription WHERE endpoint = ? AND (? IS NULL OR playerId = ?)",
                           arguments: [endpoint, playerID, playerID])
            return db.changesCount > 0
        }
    }

    public func pushSubscriptions(playerID: Int64) async throws -> [StoredPushSubscription] {
        try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM pushSubscription WHERE playerId = ? ORDER BY id", arguments: [playerID]).map(Self.pushSubscription)
        }
    }

    public func pushTopicsTurnedOff(playerID: Int64) async throws -> Set<PushTopic> {
        try await database.read { db in
            Set(try String.fetchAll(db, sql: "SELECT topic FROM pushTopicOff WHERE playerId = ?", arguments: [playerID]).compactMap(PushTopic.init(rawValue:)))
        }
    }

    public func setPushTopic(_ topic: PushTopic, on: Bool, playerID: Int64) async throws {
        try await database.write { db in
            if on {
                try db.execute(sql: "DELETE FROM pushTopicOff WHERE playerId = ? AND topic = ?", arguments: [playerID, topic.rawValue])
            } else {
                try db.execute(sql: "INSERT INTO pushTopicOff (playerId, topic) VALUES (?, ?) ON CONFLICT DO NOTHING",
                               arguments: [playerID, topic.rawValue])
            }
        }
    }

    public func pendingPushes(limit: Int) async throws -> [PendingPush] {
        try await database.read { db in
            try Row.fetchAll(db, sql: """
                SELECT pushSubscription.*, liveEventCounter.last FROM pushSubscription JOIN liveEventCounter USING (playerId)
                WHERE liveEventCounter.last > pushSubscription.cursor ORDER BY pushSubscription.id LIMIT ?
                """, arguments: [limit]).map { row in
                let subscription = Self.pushSubscription(row)
                return PendingPush(subscription: subscription, latest: row["last"],
                                   events: try Self.liveEvents(playerID: subscription.playerID, after: subscription.cursor, limit: 100, db))
            }
        }
    }

    public func advancePushCursor(subscriptionID: Int64, from: Int64, to: Int64) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE pushSubscription SET cursor = ? WHERE id = ? AND cursor = ?", arguments: [to, subscriptionID, from])
            return db.changesCount == 1
        }
    }

    public func announceLapsingVouchers(before lapsingBefore: Date, at date: Date, notice: @Sendable (Voucher) -> LiveEvent) async throws -> Int {
        try await database.write { db in
            let lapsing = try VoucherRecord.fetchAll(db, sql: """
                SELECT * FROM voucher WHERE redeemedAt IS NULL AND expiresAt > ? AND expiresAt <= ? AND lapseAnnouncedAt IS NULL ORDER BY id
                """, arguments: [date, lapsingBefore]).map(\.voucher)
            for voucher in lapsing {
                try db.execute(sql: "UPDATE voucher SET lapseAnnouncedAt = ? WHERE id = ?", arguments: [date, voucher.id])
            }
            try announce(lapsing.map(notice), at: date, db)
            return lapsing.count
        }
    }

    private static func pushSubscription(_ row: Row) -> StoredPushSubscription {
        StoredPushSubscription(id: row["id"], playerID: row["playerId"],
                               subscription: PushSubscription(endpoint: row["endpoint"], keys: PushSubscriptionKeys(p256dh: row["p256dh"], auth: row["auth"]),
                                                              language: row["language"]),
                               cursor: row["cursor"])
    }
}
