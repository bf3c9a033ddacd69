import Foundation

/// Players who play together: a name, its members (2 to `CrewRules.maxMembers`, the first
/// being its creator until they leave) and the version of its join code (a renewed code stops
/// the old one working).
public struct Crew: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var name: String
    /// Who may remove members: the creator, or after they leave the longest-standing member.
    public var leaderID: Int64
    public var codeVersion: Int
    public var createdAt: Date
    /// In the order they joined.
    public var members: [CrewMember]

    public init(id: Int64, name: String, leaderID: Int64, codeVersion: Int, createdAt: Date, members: [CrewMember]) {
        self.id = id
        self.name = name
        self.leaderID = leaderID
        self.codeVersion = codeVersion
        self.createdAt = createdAt
        self.members = members
    }

    public func has(_ playerID: Int64) -> Bool { members.contains { $0.player.id == playerID } }
}

public struct CrewMember: Hashable, Sendable {
    public var player: Player
    public var joinedAt: Date

    public init(player: Player, joinedAt: Date) {
        self.player = player
        self.joinedAt = joinedAt
    }
}

/// A riddle a crew holds together: a hint taken by one is taken for all, and it is solved when
/// two different members scan its place within the window.
public struct CrewRiddle: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var crewID: Int64
    public var riddleID: String
    public var checkpointID: String
    public var category: Category
    public var hintsUsed: Int
    public var startedAt: Date
    public var solvedAt: Date?
    /// The members' scans of its place, oldest first.
    public var scans: [CrewScan]

    public init(id: Int64, crewID: Int64, riddleID: String, checkpointID: String, category: Category, hintsUsed: Int, startedAt: Date,
                solvedAt: Date? = nil, scans: [CrewScan] = []) {
        self.id = id
        self.crewID = crewID
        self.riddleID = riddleID
        self.checkpointID = checkpointID
        self.category = category
        self.hintsUsed = hintsUsed
        self.startedAt = startedAt
        self.solvedAt = solvedAt
        self.scans = scans
    }
}

/// One member's scan of a crew riddle's place.
public struct CrewScan: Hashable, Sendable {
    public var playerID: Int64
    public var at: Date

    public init(playerID: Int64, at: Date) {
        self.playerID = playerID
        self.at = at
    }
}
