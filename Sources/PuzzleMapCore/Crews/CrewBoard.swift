import Foundation

/// A crew on the crews' board: the riddles its members solved together in the board's period.
/// A crew's score is the crew's, not its members': who joins or leaves does not change it.
public struct CrewScore: Hashable, Sendable {
    public var crewID: Int64
    public var name: String
    public var members: Int
    public var solved: Int

    public init(crewID: Int64, name: String, members: Int, solved: Int) {
        self.crewID = crewID
        self.name = name
        self.members = members
        self.solved = solved
    }
}

/// A row of the crews' board.
public struct CrewBoardEntry: Hashable, Sendable {
    public var rank: Int
    public var score: CrewScore

    public init(rank: Int, score: CrewScore) {
        self.rank = rank
        self.score = score
    }

    /// Ranks scores given best first, ties sharing a rank as on the players' boards.
    public static func ranking(_ scores: [CrewScore]) -> [CrewBoardEntry] {
        zip(LeaderboardEntry.ranks(scores.map(\.solved)), scores).map { CrewBoardEntry(rank: $0, score: $1) }
    }
}

/// A member's invitation of a friend into their crew: the friend joins by accepting it, with
/// the same rules as joining by the crew's code (room left, in no other crew).
public struct CrewInvitation: Hashable, Sendable, Identifiable {
    public var id: Int64
    public var crewID: Int64
    public var crewName: String
    public var crewMembers: Int
    public var invitedBy: Player
    public var playerID: Int64
    public var createdAt: Date

    public init(id: Int64, crewID: Int64, crewName: String, crewMembers: Int, invitedBy: Player, playerID: Int64, createdAt: Date) {
        self.id = id
        self.crewID = crewID
        self.crewName = crewName
        self.crewMembers = crewMembers
        self.invitedBy = invitedBy
        self.playerID = playerID
        self.createdAt = createdAt
    }
}
