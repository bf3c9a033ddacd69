import Foundation

/// A person playing the hunt, as the game knows them.
public struct Player: Hashable, Codable, Sendable, Identifiable {
    public var id: Int64
    public var email: String
    public var username: String
    public var displayName: String
    public var createdAt: Date

    public init(id: Int64, email: String, username: String, displayName: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.username = username
        self.displayName = displayName
        self.createdAt = createdAt
    }
}
