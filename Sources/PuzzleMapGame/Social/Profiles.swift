import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A friend as the friends list shows them.
public struct FriendSummary: Sendable, Equatable {
    public var player: Player
    public var level: Int
    /// The campus day they last earned XP.
    public var lastActiveDay: LocalDate?
    /// The badge they earned last; of badges earned at the same moment, the one later in the
    /// badges file.
    public var latestBadge: Badge?

    /// What a friend's ledger sums up to.
    struct Standing: Sendable {
        var level: Int
        var lastActiveDay: LocalDate?
        var latestBadge: Badge?
    }
}

extension FriendSummary {
    init(player: Player, standing: Standing) {
        self.init(player: player, level: standing.level, lastActiveDay: standing.lastActiveDay, latestBadge: standing.latestBadge)
    }
}

/// A player's public profile.
public struct PlayerProfile: Sendable, Equatable {
    public var player: Player
    public var level: Int
    /// Their badges, in the order of the badges file.
    public var badges: [Badge]
    /// Riddles solved per category: only for themself and their friends.
    public var solved: [Category: Int]?
    /// The campus day they last earned XP: only for themself and their friends.
    public var lastActiveDay: LocalDate?
    /// The crew the viewer and they are both in, if they are.
    public var crewInCommon: String?
    /// Their photo (once let through) or avatar, as the viewer may see it.
    public var look: PlayerLook.Shown
}

/// What players see of each other.
extension Hunt {
    /// The player's friends by username, with their level, last active day and latest badge.
    /// Each friend is summed up from their ledger once per play version: while no friend's has
    /// changed, the list is one read of who they are (none while they are kept, see
    /// `friendCircles`); when a few have, their ledgers are read; when more have (a first list),
    /// every friend's ledger in one read. Lists that wait on the same read share it.
    public func friends(playerID: Int64) async throws -> [FriendSummary] {
        let friends = try await friendVersions(playerID: playerID)
        var standings: [Int64: FriendSummary.Standing] = [:]
        for friend in friends { standings[friend.player.id] = friendSummaries.entry(playerID: friend.player.id, at: friend.playVersion) }
        var changed = friends.filter { standings[$0.player.id] == nil }
        if changed.count > Self.friendLedgersReadApart {
            let versions = Dictionary(uniqueKeysWithValues: friends.map { ($0.player.id, $0.playVersion) })
            let read = try await friendLedgerReads.value(for: playerID) { try await self.summedUpFriends(of: playerID, at: versions) }
            // A list that joined a read begun before a friend's version it read moved reads that
            // friend's ledger itself.
            for friend in changed {
                if let summed = read[friend.player.id], summed.playVersion == friend.playVersion { standings[friend.player.id] = summed.standing }
            }
            changed = changed.filter { standings[$0.player.id] == nil }
        }
        try await withThrowingTaskGroup(of: (Int64, FriendSummary.Standing).self) { group in
            for friend in changed {
                group.addTask {
                    (friend.player.id, try await self.friendSummaries.value(playerID: friend.player.id, at: friend.playVersion) {
                        self.summedUp(try await self.repository.events(playerID: friend.player.id))
                    })
                }
            }
            for try await (friend, standing) in group { standings[friend] = standing }
        }
        return friends.compactMap { friend in standings[friend.player.id].map { FriendSummary(player: friend.player, standing: $0) } }
    }

    /// Every friend of the player summed up from their ledgers, read in one go after their play
    /// `versions` were, and kept under those versions.
    private func summedUpFriends(of playerID: Int64, at versions: [Int64: Int64]) async throws -> [Int64: (playVersion: Int64, standing: FriendSummary.Standing)] {
        var summed: [Int64: (playVersion: Int64, standing: FriendSummary.Standing)] = [:]
        for ledger in try await repository.friendLedgers(playerID: playerID) {
            // Read after the versions, the ledger is at least as new as the version it is kept under.
            guard let version = versions[ledger.player.id] else { continue }
            let standing = summedUp(ledger.events)
            friendSummaries.keep(standing, playerID: ledger.player.id, at: version)
            summed[ledger.player.id] = (version, standing)
        }
        return summed
    }

    /// How many friends whose play versions moved have their ledgers read one by one; past it,
    /// every friend's is read at once.
    static var friendLedgersReadApart: Int { 4 }

    /// What a friend's ledger sums up to.
    private func summedUp(_ events: [GameEvent]) -> FriendSummary.Standing {
        let standing = PlayerStanding(events: events, content: content)
        // The ledger is in the order events were written: the last one is their latest.
        return FriendSummary.Standing(level: standing.totals.level, lastActiveDay: events.last.map { LocalDate($0.occurredAt, in: timeZone) },
                                      latestBadge: standing.latestBadge(of: content.badges))
    }

    /// Who the player's friends are, with their play versions: as kept, or read and kept.
    func friendVersions(playerID: Int64) async throws -> [FriendVersion] {
        try await friendCircles.value(for: playerID) {
            let friends = try await repository.friendVersions(playerID: playerID)
            return (friends, [playerID] + friends.map(\.player.id))
        }
    }

    /// The profile of `username` as `viewer` sees it: their own, or another visible player's.
    public func profile(_ username: String, viewer: Account) async throws -> PlayerProfile {
        let account = username.lowercased() == viewer.player.username ? viewer : try await visiblePlayer(username, to: viewer.player.id)
        let events = try await repository.events(playerID: account.player.id)
        let standing = PlayerStanding(events: events, content: content)
        let isSelf = account.player.id == viewer.player.id
        let isFriend = isSelf ? true : try await repository.areFriends(viewer.player.id, account.player.id)
        let solved = isFriend ? Dictionary(uniqueKeysWithValues: Category.allCases.map { category in
            (category, standing.history.solves.filter { $0.category == category }.count)
        }) : nil
        // The ledger is in the order events were written: the last one is their latest.
        let lastActive = isFriend ? events.last.map { LocalDate($0.occurredAt, in: timeZone) } : nil
        let crew = isSelf ? nil : try await repository.crew(ofPlayer: viewer.player.id).flatMap { $0.has(account.player.id) ? $0.name : nil }
        let look = try await repository.look(playerID: account.player.id).shown(toOwnerOrOrganiser: isSelf || viewer.role == .admin)
        return PlayerProfile(player: account.player, level: standing.totals.level, badges: content.badges.filter { standing.earnedAt[$0.id] != nil },
                             solved: solved, lastActiveDay: lastActive, crewInCommon: crew, look: look)
    }
}

extension Hunt {
    /// How the friends' circles kept in the instance served, for `/metrics`.
    public var friendCircleFigures: KeptFigures {
        friendCircles.figures
    }
}
