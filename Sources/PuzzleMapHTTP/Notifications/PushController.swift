import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// Notices to a phone while the app is closed: the key browsers subscribe with, a browser's
/// subscription kept and forgotten, and the topics a player turns on and off. The game's push
/// use cases decide; this only renders.
struct PushController {
    let services: HuntServices

    struct KeyView: ResponseCodable {
        /// The VAPID public key, base64url: `applicationServerKey` for `PushManager.subscribe`.
        var publicKey: String
    }

    /// A browser's `PushSubscription.toJSON()`, and the language its notices are written in.
    struct SubscriptionBody: Decodable {
        struct Keys: Decodable {
            var p256dh: String
            var auth: String
        }
        var endpoint: String
        var keys: Keys
        var language: String?
    }

    struct EndpointBody: Decodable {
        var endpoint: String
    }

    struct SettingsView: ResponseCodable {
        var devices: Int
        /// Every topic, on or off.
        var topics: [String: Bool]

        init(_ settings: PushSettings) {
            devices = settings.devices
            topics = Dictionary(uniqueKeysWithValues: settings.topics.map { ($0.topic.rawValue, $0.on) })
        }
    }

    struct TopicsBody: Decodable {
        var topics: [String: Bool]
    }

    func addPublicRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("push/key") { _, _ in KeyView(publicKey: services.hunt.vapidKey.publicKey) }
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.put("me/push-subscription") { request, context -> SettingsView in
            let player = try context.requirePlayer().playerID
            let body = try await request.decode(as: SubscriptionBody.self, context: context)
            try await services.hunt.subscribeToPush(playerID: player, subscription: try Self.subscription(
                endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, language: body.language ?? "en", library: .shipped))
            return SettingsView(try await services.hunt.pushSettings(playerID: player))
        }
        router.delete("me/push-subscription") { request, context -> SettingsView in
            let player = try context.requirePlayer().playerID
            let body = try await request.decode(as: EndpointBody.self, context: context)
            try await services.hunt.unsubscribeFromPush(playerID: player, endpoint: body.endpoint)
            return SettingsView(try await services.hunt.pushSettings(playerID: player))
        }
        router.get("me/notifications") { _, context -> SettingsView in
            SettingsView(try await services.hunt.pushSettings(playerID: try context.requirePlayer().playerID))
        }
        router.put("me/notifications") { request, context -> SettingsView in
            let player = try context.requirePlayer().playerID
            let body = try await request.decode(as: TopicsBody.self, context: context)
            return SettingsView(try await services.hunt.setPushTopics(body.topics, playerID: player))
        }
    }

    /// A subscription from a browser's base64url keys; keys that are not base64url are refused
    /// as the game refuses keys that are not a browser's. The language is one the app has.
    static func subscription(endpoint: String, p256dh: String, auth: String, language: String, library: PageLibrary) throws -> PushSubscription {
        guard let key = Data(base64URLEncoded: p256dh), let secret = Data(base64URLEncoded: auth) else { throw PushRefusal.invalidKeys }
        return PushSubscription(endpoint: endpoint, keys: PushSubscriptionKeys(p256dh: key, auth: secret),
                                language: library.language(chosen: language, accepted: nil).tag)
    }
}
