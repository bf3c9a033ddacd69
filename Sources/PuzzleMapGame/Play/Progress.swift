import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A player's progress: XP towards the next level, badges earned and how to earn the rest,
/// places found, riddles held and freebies waiting.
public struct PlayerProgress: Sendable {
    public var xp: Int
    public var level: Int
    /// XP into the current level, and the XP the level spans.
    public var levelProgress: (current: Int, needed: Int)
    /// In the order of the badge file.
    public var earnedBadges: [(badge: Badge, earnedAt: Date)]
    /// With a sentence, written from the badge's rule, on how to earn it from here.
    public var lockedBadges: [(badge: Badge, howToEarn: String)]
    public var solvedByCategory: [Category: Int]
    public var placesVisited: Int
    public var riddlesHeld: Int
    public var unclaimedVouchers: Int
}

/// A place on the map as one player sees it.
public struct MapPlace: Sendable {
    public enum Status: String, Sendable {
        case solved, visited, unvisited
    }

    public var checkpoint: Checkpoint
    public var isOpenNow: Bool
    /// When it opens next on the campus clock, if it is closed now and opens within two weeks.
    public var nextOpening: NextOpening?
    public var status: Status
    /// Set while an organiser has closed the place for now: its note says why.
    public var closure: CheckpointClosure?
    /// The public facts, once the player has found the place; `nil` before, so the map gives
    /// nothing away.
    public var facts: [String]? { status == .unvisited ? nil : checkpoint.facts }
}

extension Hunt {
    /// The player's progress now; `ownerVerified` says whether their email is verified (a
    /// freebie of an unverified owner is not yet claimable).
    public func progress(playerID: Int64, ownerVerified: Bool) async throws -> PlayerProgress {
        let state = try await repository.progressState(playerID: playerID)
        let standing = PlayerStanding(events: state.events, content: content)
        let now = now()
        var solved = Dictionary(uniqueKeysWithValues: Category.allCases.map { ($0, 0) })
        for solve in standing.history.solves { solved[solve.category, default: 0] += 1 }
        return PlayerProgress(
            xp: standing.totals.xp, level: standing.totals.level,
            levelProgress: (standing.totals.levelProgress.current, standing.totals.levelProgress.needed),
            earnedBadges: content.badges.compactMap { badge in standing.earnedAt[badge.id].map { (badge, $0) } },
            lockedBadges: content.badges.filter { standing.earnedAt[$0.id] == nil }.map { badge in
                (badge, BadgeEvaluator.howToEarn(badge, checkpoints: content.checkpoints, history: standing.history, level: standing.totals.level))
            },
            solvedByCategory: solved, placesVisited: standing.visitedIDs.count, riddlesHeld: state.activeAttempts.count,
            unclaimedVouchers: state.vouchers.filter { $0.status(at: now, ownerVerified: ownerVerified) == .unclaimed }.count)
    }

    /// Every place in play, in the campus file's order, with whether it is open now and what
    /// the player has done there.
    public func map(playerID: Int64) async throws -> [MapPlace] {
        let (solved, visited) = PlayerStanding.places(in: try await repository.events(playerID: playerID))
        let now = now()
        let closures = try await liveNotices().closures
        // The content is imported before it is played: its checkpoints are the live ones, in file order.
        return content.checkpoints.map { place in
            MapPlace(checkpoint: place, isOpenNow: place.hours.isOpen(at: now, in: timeZone) && closures[place.id] == nil,
                     nextOpening: place.hours.nextOpening(after: now, in: timeZone),
                     status: solved.contains(place.id) ? .solved : visited.contains(place.id) ? .visited : .unvisited,
                     closure: closures[place.id])
        }
    }
}
