import Foundation

/// An organiser's suspension of a player: while it lasts the player cannot score or redeem.
public struct Suspension: Hashable, Codable, Sendable {
    public var reason: String
    public var since: Date

    public init(reason: String, since: Date) {
        self.reason = reason
        self.since = since
    }
}
