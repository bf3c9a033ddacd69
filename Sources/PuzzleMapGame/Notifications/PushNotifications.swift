import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A player's notices as they stand: how many phones of theirs will be woken, and which
/// topics are on.
public struct PushSettings: Equatable, Sendable {
    /// Browsers that turned notifications on for this player.
    public var devices: Int
    /// Every topic, in the order shown, with whether it is on.
    public var topics: [(topic: PushTopic, on: Bool)]

    public static func == (left: PushSettings, right: PushSettings) -> Bool {
        left.devices == right.devices && left.topics.map(\.topic) == right.topics.map(\.topic) && left.topics.map(\.on) == right.topics.map(\.on)
    }
}

/// Notices sent to a phone while the app is closed (Web Push): what a player turns on and off,
/// and what is due to be sent, each event once however many instances look.
extension Hunt {
    /// Keeps a browser's subscription for the player, once its endpoint is one of the push
    /// services and its keys are a browser's.
    public func subscribeToPush(playerID: Int64, subscription: PushSubscription) async throws {
        if let refusal = subscription.refusal(services: pushServices) { throw refusal }
        try await repository.savePushSubscription(subscription, playerID: playerID, at: now())
    }

    /// Forgets the player's subscription with this endpoint (turned off on that phone).
    public func unsubscribeFromPush(playerID: Int64, endpoint: String) async throws {
        try await repository.removePushSubscription(endpoint: endpoint, playerID: playerID)
    }

    public func pushSettings(playerID: Int64) async throws -> PushSettings {
        async let devices = repository.pushSubscriptions(playerID: playerID).count
        let off = try await repository.pushTopicsTurnedOff(playerID: playerID)
        return PushSettings(devices: try await devices, topics: PushTopic.allCases.map { ($0, !off.contains($0)) })
    }

    /// Turns topics on or off, by name; an unknown name is refused before anything changes.
    public func setPushTopics(_ choices: [String: Bool], playerID: Int64) async throws -> PushSettings {
        let known = try choices.map { name, on in
            guard let topic = PushTopic(rawValue: name) else { throw PushRefusal.unknownTopic(name) }
            return (topic, on)
        }
        for (topic, on) in known.sorted(by: { $0.0.rawValue < $1.0.rawValue }) {
            try await repository.setPushTopic(topic, on: on, playerID: playerID)
        }
        return try await pushSettings(playerID: playerID)
    }

    /// Announces every freebie lapsing within ``PushTopic/lapseNoticeLead`` that was not
    /// announced yet, to whoever holds it now; how many.
    @discardableResult
    public func announceLapsingFreebies() async throws -> Int {
        let date = now()
        let offers = Dictionary(content.offers.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
        return try await repository.announceLapsingVouchers(before: date + PushTopic.lapseNoticeLead, at: date) { voucher in
            .freebieLapsing(voucher, offerTitle: offers[voucher.offerID] ?? voucher.offerID, at: date)
        }
    }

    /// The notices due now, each subscription's claimed for this caller: its cursor moved past
    /// what was read, so no other instance sends the same. Subscriptions whose new events hold
    /// nothing to push (or only topics turned off) are moved on and left out.
    public func claimDuePushes(limit: Int = 50) async throws -> [(StoredPushSubscription, [StoredLiveEvent])] {
        var due: [(StoredPushSubscription, [StoredLiveEvent])] = []
        var turnedOff: [Int64: Set<PushTopic>] = [:]
        for pending in try await repository.pendingPushes(limit: limit) {
            let (subscription, events) = (pending.subscription, pending.events)
            // Past what was read, or past the latest when what was missed is no longer kept.
            let through = events.last?.sequence ?? pending.latest
            guard try await repository.advancePushCursor(subscriptionID: subscription.id, from: subscription.cursor, to: through) else { continue }
            if turnedOff[subscription.playerID] == nil {
                turnedOff[subscription.playerID] = try await repository.pushTopicsTurnedOff(playerID: subscription.playerID)
            }
            let notices = PushTopic.notices(in: events, turnedOff: turnedOff[subscription.playerID] ?? [])
            if !notices.isEmpty { due.append((subscription, notices)) }
        }
        return due
    }

    /// The push service says the subscription is gone (the browser dropped it): forget it.
    public func forgetPushEndpoint(_ endpoint: String) async throws {
        try await repository.removePushSubscription(endpoint: endpoint, playerID: nil)
    }
}
