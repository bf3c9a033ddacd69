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
    /// What organisers did to the player's ledger (voided scans, XP adjustments), newest first.
    public var moderation: [ModerationNotice]
}

/// A place on the map as one player sees it.
public struct MapPlace: Sendable {
    public enum Status: String, Sendable {
        case solved, visited, unvisited
    }

    public var checkpoint: Checkpoint
    /// Its weekly timetable in words.
    public var hoursSummary: String
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
    /// freebie of an unverified owner is not yet claimable). `playVersion`, when the caller read
    /// it with the session, lets a progress kept from an earlier request at that version answer
    /// without reading or replaying the ledger.
    public func progress(playerID: Int64, ownerVerified: Bool, playVersion: Int64? = nil) async throws -> PlayerProgress {
        let entry = try await played(playerID: playerID, at: playVersion)
        let now = now()
        var progress = entry.progress
        progress.unclaimedVouchers = entry.vouchers.filter { $0.status(at: now, ownerVerified: ownerVerified) == .unclaimed }.count
        return progress
    }

    /// Every place in play, in the campus file's order, with whether it is open now and what
    /// the player has done there. `playVersion` as for ``progress(playerID:ownerVerified:playVersion:)``.
    public func map(playerID: Int64, playVersion: Int64? = nil) async throws -> [MapPlace] {
        let entry = try await played(playerID: playerID, at: playVersion)
        let now = now()
        let closures = try await liveNotices().closures
        let hours = placeHours.at(now)
        // The content is imported before it is played: its checkpoints are the live ones, in file order.
        return content.checkpoints.indices.map { index in
            let place = content.checkpoints[index]
            return MapPlace(checkpoint: place, hoursSummary: placeHours.summaries[index], isOpenNow: hours[index].isOpen && closures[place.id] == nil,
                            nextOpening: hours[index].nextOpening,
                            status: entry.solved.contains(place.id) ? .solved : entry.visited.contains(place.id) ? .visited : .unvisited,
                            closure: closures[place.id])
        }
    }

    /// What the player's progress and map are made from: kept at `playVersion`, or read and
    /// replayed now (and kept at the version it was read at).
    private func played(playerID: Int64, at playVersion: Int64?) async throws -> PlayCache.Entry {
        if let playVersion, let entry = playCache.entry(playerID: playerID, at: playVersion) { return entry }
        let state = try await repository.progressState(playerID: playerID)
        let standing = PlayerStanding(events: state.events, content: content)
        var solved = Dictionary(uniqueKeysWithValues: Category.allCases.map { ($0, 0) })
        for solve in standing.history.solves { solved[solve.category, default: 0] += 1 }
        let progress = PlayerProgress(
            xp: standing.totals.xp, level: standing.totals.level,
            levelProgress: (standing.totals.levelProgress.current, standing.totals.levelProgress.needed),
            earnedBadges: content.badges.compactMap { badge in standing.earnedAt[badge.id].map { (badge, $0) } },
            lockedBadges: content.badges.filter { standing.earnedAt[$0.id] == nil }.map { badge in
                (badge, BadgeEvaluator.howToEarn(badge, checkpoints: content.checkpoints, history: standing.history, level: standing.totals.level))
            },
            solvedByCategory: solved, placesVisited: standing.visitedIDs.count, riddlesHeld: state.activeAttempts.count,
            unclaimedVouchers: 0, moderation: moderationNotices(in: state.events))
        let entry = PlayCache.Entry(playVersion: state.playVersion, progress: progress, vouchers: state.vouchers,
                                    solved: standing.solvedIDs, visited: standing.visitedIDs)
        playCache.keep(entry, playerID: playerID)
        return entry
    }
}
