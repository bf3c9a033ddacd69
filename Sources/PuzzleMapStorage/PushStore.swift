import Foundation
import PuzzleMapCore

/// Players' push subscriptions, the topics they turned off, and which of their live events
/// each subscription has been sent. Which events wake a phone is the game's rule
/// (``PushTopic``); a store keeps and hands out.
public protocol PushStore: Sendable {
    /// Keeps the subscription for the player; the same endpoint again (a browser renewing its
    /// keys, or another player signing in on the phone) replaces what was kept for it. A new
    /// subscription starts after the player's latest live event: no old news is pushed.
    func savePushSubscription(_ subscription: PushSubscription, playerID: Int64, at date: Date) async throws
    /// Forgets a subscription: the player's own (`playerID`), or any player's when the push
    /// service said it is gone (`nil`). Whether one was kept.
    @discardableResult
    func removePushSubscription(endpoint: String, playerID: Int64?) async throws -> Bool
    func pushSubscriptions(playerID: Int64) async throws -> [StoredPushSubscription]
    func pushTopicsTurnedOff(playerID: Int64) async throws -> Set<PushTopic>
    func setPushTopic(_ topic: PushTopic, on: Bool, playerID: Int64) async throws
    /// Subscriptions whose player has live events after their cursor, each with the player's
    /// latest event number and those events still kept (oldest first, at most 100): at most
    /// `limit` subscriptions.
    func pendingPushes(limit: Int) async throws -> [PendingPush]
    /// Moves a subscription's cursor from `from` to `to` unless someone moved it first: the
    /// instance that wins sends those events, so each is sent once however many instances look.
    func advancePushCursor(subscriptionID: Int64, from: Int64, to: Int64) async throws -> Bool
    /// For every voucher not redeemed that lapses after `date` but before `lapsingBefore`, and
    /// that has not been announced yet: marks it announced and writes the live event `notice`
    /// makes of it, in one transaction. How many were announced.
    func announceLapsingVouchers(before lapsingBefore: Date, at date: Date, notice: @Sendable (Voucher) -> LiveEvent) async throws -> Int
}

/// A subscription with news after its cursor.
public struct PendingPush: Sendable {
    public var subscription: StoredPushSubscription
    /// The player's latest live event number.
    public var latest: Int64
    /// The events after the cursor still kept, oldest first.
    public var events: [StoredLiveEvent]

    public init(subscription: StoredPushSubscription, latest: Int64, events: [StoredLiveEvent]) {
        self.subscription = subscription
        self.latest = latest
        self.events = events
    }
}
