import Crypto
import Foundation

/// A browser's promise to wake a player's phone: where to send (the push service's endpoint
/// for that browser), what to encrypt to, and the language its notices are written in.
public struct PushSubscription: Hashable, Sendable {
    public var endpoint: String
    public var keys: PushSubscriptionKeys
    /// The page's language when the player turned notifications on (`en`, `zh`).
    public var language: String

    public init(endpoint: String, keys: PushSubscriptionKeys, language: String) {
        self.endpoint = endpoint
        self.keys = keys
        self.language = language
    }

    /// The longest endpoint kept; the big push services' are under 500 characters.
    public static let longestEndpoint = 1_000

    /// Why the service will not send to this subscription, or `nil`: the endpoint must belong
    /// to one of `services` (a subscription is otherwise a way to make the service post to any
    /// address it can reach), and the keys must be a P-256 point and a 16-byte secret.
    public func refusal(services: PushServices) -> PushRefusal? {
        guard endpoint.count <= Self.longestEndpoint, services.admits(endpoint) else { return .endpointNotAllowed }
        guard keys.auth.count == 16, (try? P256.KeyAgreement.PublicKey(x963Representation: keys.p256dh)) != nil,
              keys.p256dh.count == 65
        else { return .invalidKeys }
        return nil
    }
}

/// A subscription as kept: with the last of its player's live events already considered for
/// it, so each notice goes once.
public struct StoredPushSubscription: Hashable, Sendable {
    public var id: Int64
    public var playerID: Int64
    public var subscription: PushSubscription
    /// The player's live event sequence handled up to.
    public var cursor: Int64

    public init(id: Int64, playerID: Int64, subscription: PushSubscription, cursor: Int64) {
        self.id = id
        self.playerID = playerID
        self.subscription = subscription
        self.cursor = cursor
    }
}

/// The push services the service sends to, by origin (`https://fcm.googleapis.com`); a host
/// written `*.notify.windows.com` admits its subdomains.
public struct PushServices: Hashable, Sendable {
    public var origins: [String]

    /// The browsers' own services: Chrome and Edge on Android (Google's), Firefox (Mozilla's),
    /// Safari (Apple's), Edge on Windows (Microsoft's).
    public static let browsers = PushServices(origins: [
        "https://fcm.googleapis.com", "https://updates.push.services.mozilla.com", "https://web.push.apple.com",
        "https://*.notify.windows.com",
    ])

    public init(origins: [String]) {
        self.origins = origins
    }

    public func admits(_ endpoint: String) -> Bool {
        guard let url = URLComponents(string: endpoint), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(), !host.isEmpty,
              url.user == nil, url.password == nil
        else { return false }
        return origins.contains { origin in
            guard let allowed = URLComponents(string: origin), allowed.scheme?.lowercased() == scheme,
                  let pattern = allowed.host?.lowercased(), allowed.port == url.port
            else { return false }
            if pattern.hasPrefix("*.") { return host.hasSuffix(pattern.dropFirst(1)) && host.count > pattern.count - 1 }
            return host == pattern
        }
    }
}

public enum PushRefusal: Error, Hashable, Sendable {
    /// The endpoint is not one of the push services the service sends to.
    case endpointNotAllowed
    /// The keys are not a browser's: a P-256 public key and a 16-byte secret.
    case invalidKeys
    /// No such kind of notice.
    case unknownTopic(String)
}
