import Foundation
import PuzzleMapCore
import PuzzleMapGame

/// What the routes work with: the hunt and its use cases, and what only HTTP needs (metrics,
/// the proxies to trust). The hunt's own properties read through (`services.content`).
@dynamicMemberLookup
public struct HuntServices: Sendable {
    public let hunt: Hunt
    /// Proxies whose `X-Forwarded-For` names the client.
    public let trustedProxies: Set<String>
    /// What the service measures about itself, for `GET /metrics`.
    public let metrics: HuntMetrics

    public init(hunt: Hunt, settings: ServiceSettings = ServiceSettings(), metrics: HuntMetrics = HuntMetrics()) {
        self.hunt = hunt
        trustedProxies = settings.trustedProxies
        self.metrics = metrics
    }

    public subscript<Value>(dynamicMember path: KeyPath<Hunt, Value>) -> Value { hunt[keyPath: path] }
}
