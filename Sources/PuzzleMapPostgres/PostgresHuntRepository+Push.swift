import Foundation
import PostgresNIO
import PuzzleMapCore
import PuzzleMapStorage

extension PostgresHuntRepository {
    public func savePushSubscription(_ subscription: PushSubscription, playerID: Int64, at date: Date) async throws {
        try await write { connection in
            try await connection.run("""
                INSERT INTO pushSubscription AS kept (playerId, endpoint, p256dh, auth, language, cursor, createdAt)
                VALUES (\(playerID), \(subscription.endpoint), \(subscription.keys.p256dh), \(subscription.keys.auth), \(subscription.language),
                        COALESCE((SELECT last FROM liveEventCounter WHERE playerId = \(playerID)), 0), \(StoredDate(date)))
                ON CONFLICT (endpoint) DO UPDATE SET playerId = excluded.playerId, p256dh = excluded.p256dh, auth = excluded.auth,
                    language = excluded.language,
                    cursor = CASE WHEN kept.playerId = excluded.playerId THEN kept.cursor ELSE excluded.cursor END
                """, logger: logger)
        }
    }

    public func removePushSubscription(endpoint: String, playerID: Int64?) async throws -> Bool {
        try await write { connection in
            try await connection.count("""
                DELETE FROM pushSubscription WHERE endpoint = \(endpoint) AND (\(playerID)::bigint IS NULL OR playerId = \(playerID)) RETURNING id
                """, logger: logger) > 0
        }
    }

    public func pushSubscriptions(playerID: Int64) async throws -> [StoredPushSubscription] {
        try await autocommit { connection in
            try await connection.rows("SELECT \(unescaped: Self.pushColumns) FROM pushSubscription WHERE playerId = \(playerID) ORDER BY id",
                                      as: PushRow.self, logger: logger).map(Self.pushSubscription)
        }
    }

    public func pushTopicsTurnedOff(playerID: Int64) async throws -> Set<PushTopic> {
        try await autocommit { connection in
            Set(try await connection.values("SELECT topic FROM pushTopicOff WHERE playerId = \(playerID)", as: String.self, logger: logger)
                .compactMap(PushTopic.init(rawValue:)))
        }
    }

    public func setPushTopic(_ topic: PushTopic, on: Bool, playerID: Int64) async throws {
        try await write { connection in
            if on {
                try await connection.run("DELETE FROM pushTopicOff WHERE playerId = \(playerID) AND topic = \(topic.rawValue)", logger: logger)
            } else {
                try await connection.run("INSERT INTO pushTopicOff (playerId, topic) VALUES (\(playerID), \(topic.rawValue)) ON CONFLICT DO NOTHING",
                                         logger: logger)
            }
        }
    }

    public func pendingPushes(limit: Int) async throws -> [PendingPush] {
        try await autocommit { connection in
            let waiting = try await connection.rows("""
                SELECT \(unescaped: Self.pushColumns), liveEventCounter.last FROM pushSubscription JOIN liveEventCounter USING (playerId)
                WHERE liveEventCounter.last > pushSubscription.cursor ORDER BY pushSubscription.id LIMIT \(limit)
                """, as: (Int64, Int64, String, Data, Data, String, Int64, Int64).self, logger: logger)
            var pending: [PendingPush] = []
            for row in waiting {
                let subscription = Self.pushSubscription((row.0, row.1, row.2, row.3, row.4, row.5, row.6))
                pending.append(PendingPush(subscription: subscription, latest: row.7,
                                           events: try await liveEvents(playerID: subscription.playerID, after: subscription.cursor, limit: 100, connection)))
            }
            return pending
        }
    }

    public func advancePushCursor(subscriptionID: Int64, from: Int64, to: Int64) async throws -> Bool {
        try await write { connection in
            try await connection.count("""
                UPDATE pushSubscription SET cursor = \(to) WHERE id = \(subscriptionID) AND cursor = \(from) RETURNING id
                """, logger: logger) == 1
        }
    }

    public func announceLapsingVouchers(before lapsingBefore: Date, at date: Date, notice: @Sendable (Voucher) -> LiveEvent) async throws -> Int {
        try await write { connection in
            // SKIP LOCKED: instances looking at once each announce different vouchers, never one twice.
            let lapsing = try await connection.rows("""
                SELECT \(unescaped: Columns.voucher) FROM voucher
                WHERE redeemedAt IS NULL AND expiresAt > \(StoredDate(date)) AND expiresAt <= \(StoredDate(lapsingBefore)) AND lapseAnnouncedAt IS NULL
                ORDER BY id FOR UPDATE SKIP LOCKED
                """, as: Columns.VoucherRow.self, logger: logger).map(Columns.voucher)
            guard !lapsing.isEmpty else { return 0 }
            try await connection.run("UPDATE voucher SET lapseAnnouncedAt = \(StoredDate(date)) WHERE id = ANY(\(lapsing.map(\.id)))", logger: logger)
            try await announce(lapsing.map(notice), at: date, connection)
            return lapsing.count
        }
    }

    private static let pushColumns = """
        pushSubscription.id, pushSubscription.playerId, pushSubscription.endpoint, pushSubscription.p256dh, pushSubscription.auth,
        pushSubscription.language, pushSubscription.cursor
        """
    private typealias PushRow = (Int64, Int64, String, Data, Data, String, Int64)

    private static func pushSubscription(_ row: PushRow) -> StoredPushSubscription {
        StoredPushSubscription(id: row.0, playerID: row.1,
                               subscription: PushSubscription(endpoint: row.2, keys: PushSubscriptionKeys(p256dh: row.3, auth: row.4), language: row.5),
                               cursor: row.6)
    }
}
