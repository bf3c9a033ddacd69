import Foundation

/// The crews' numbers, from the optional `crew` section of `Campus/game.yaml`.
public struct CrewRules: Hashable, Codable, Sendable {
    /// The most members a crew has.
    public var maxMembers = 6
    /// Two members' scans of a crew riddle's place solve it when this close together, in minutes.
    public var windowMinutes = 10
    /// What each member who took part earns on top of the riddle's reward.
    public var bonusXP = 50

    public init() {}

    public var window: TimeInterval { TimeInterval(windowMinutes * 60) }

    /// Whether `playerID` may come into the crew, by its code or an invitation: not in it yet,
    /// and room for one more.
    public func checkRoom(for playerID: Int64, in crew: Crew) throws(CrewRefusal) {
        if crew.has(playerID) { throw .alreadyCrewMember }
        if crew.members.count >= maxMembers { throw .crewFull(max: maxMembers) }
    }

    /// The members whose scans solve the crew riddle with `playerID`'s scan at `now`: every
    /// member who scanned its place within the window, this one included, when they are at
    /// least two different members; `nil` while they are fewer. One member scanning twice is
    /// one member.
    public func participants(in riddle: CrewRiddle, scanBy playerID: Int64, at now: Date, members: Set<Int64>) -> [Int64]? {
        let recent = (riddle.scans + [CrewScan(playerID: playerID, at: now)])
            .filter { members.contains($0.playerID) && now.timeIntervalSince($0.at) <= window && $0.at <= now }
        let players = Set(recent.map(\.playerID))
        return players.count >= 2 ? players.sorted() : nil
    }

    /// A combined quiz profile: the members' scores added up, so the crew's riddle suits the
    /// crew as a whole (a member without a quiz adds nothing).
    public static func combined(_ profiles: [TraitProfile]) -> TraitProfile {
        TraitProfile(scores: profiles.reduce(into: [:]) { sum, profile in sum.merge(profile.scores, uniquingKeysWith: +) })
    }
}

/// Why a crew's request was refused. The HTTP layer maps each case to a status, a stable code,
/// a detail and a hint.
public enum CrewRefusal: Error, Hashable, Sendable {
    /// One crew at a time: leave the one you are in first.
    case alreadyInCrew
    case crewFull(max: Int)
    /// The player is in no crew.
    case notInCrew
    /// No such crew, or a crew code that is not current.
    case crewNotFound
    /// Only the crew's leader removes members (and no one removes themselves: they leave).
    case notCrewLeader
    case invalidCrewName(max: Int)
    /// A co-op riddle needs a crew of two at least.
    case crewTooSmall
    /// No crew riddle of the player's crew by that id is held.
    case crewRiddleNotFound
    /// Only friends are invited into a crew.
    case inviteeNotFriend
    /// The friend invited is in this crew already.
    case alreadyCrewMember
    /// No invitation into a crew by that id waits for the player.
    case crewInvitationNotFound
}
