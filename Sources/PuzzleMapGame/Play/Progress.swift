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

/// A place on the map as one player sees it. Before the player has found it (solved or
/// visited), it shows only that it is there: its numbered pin, whether it is open now or when
/// it opens, and whether the organisers closed it. What would name it (the checkpoint: its
/// name, id, building, floor, category and facts; its timetable; the organisers' note, which
/// may name it) is `nil` until then, so no page or API built on this can narrow a riddle's
/// answer down by accident.
public struct MapPlace: Sendable {
    public enum Status: String, Sendable {
        case solved, visited, unvisited
    }

    /// Its number on the map, from 1, in the campus file's order: the same for every player,
    /// and all a place not found yet is called by.
    public let number: Int
    /// Where its pin goes on the plan.
    public let coordinate: Coordinate
    public let isOpenNow: Bool
    /// When it opens next on the campus clock, if it is closed now and opens within two weeks.
    public let nextOpening: NextOpening?
    public let status: Status
    /// Whether an organiser has closed the place for now (their note only once it is found).
    public let isClosedByOrganisers: Bool

    private let place: Checkpoint
    private let timetable: String
    private let organisersClosure: CheckpointClosure?

    init(number: Int, place: Checkpoint, timetable: String, isOpenNow: Bool, nextOpening: NextOpening?, status: Status,
         closure: CheckpointClosure?) {
        self.number = number
        coordinate = place.coordinate
        self.isOpenNow = isOpenNow
        self.nextOpening = nextOpening
        self.status = status
        isClosedByOrganisers = closure != nil
        self.place = place
        self.timetable = timetable
        organisersClosure = closure
    }

    /// Whether the player has found the place: solved its riddle or visited it.
    public var isFound: Bool { status != .unvisited }
    /// The place itself, once found; `nil` before.
    public var checkpoint: Checkpoint? { isFound ? place : nil }
    /// Its weekly timetable in words, once found.
    public var hoursSummary: String? { isFound ? timetable : nil }
    /// Set while an organiser has closed the place for now, once found: its note says why.
    public var closure: CheckpointClosure? { isFound ? organisersClosure : nil }
    /// The public facts, once found.
    public var facts: [String]? { checkpoint?.facts }
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
    /// the player has done there; a place not found yet is only a numbered pin (see ``MapPlace``).
    /// `playVersion` as for ``progress(playerID:ownerVerified:playVersion:)``.
    public func map(playerID: Int64, playVersion: Int64? = nil) async throws -> [MapPlace] {
        let entry = try await played(playerID: playerID, at: playVersion)
        let now = now()
        let closures = try await liveNotices().closures
        let hours = placeHours.at(now)
        // The content is imported before it is played: its checkpoints are the live ones, in file order.
        return content.checkpoints.indices.map { index in
            let place = content.checkpoints[index]
            return MapPlace(number: index + 1, place: place, timetable: placeHours.summaries[index],
                            isOpenNow: hours[index].isOpen && closures[place.id] == nil, nextOpening: hours[index].nextOpening,
                            status: entry.solved.contains(place.id) ? .solved : entry.visited.contains(place.id) ? .visited : .unvisited,
                            closure: closures[place.id])
        }
    }

    /// The checkpoint numbered `number` on every player's map (see ``MapPlace/number``): how a
    /// player names a place they have not found yet, such as in a report of its damaged sticker.
    public func checkpointID(mapNumber number: Int) -> String? {
        content.checkpoints.indices.contains(number - 1) ? content.checkpoints[number - 1].id : nil
    }

    /// What the player's progress and map are made from: kept at `playVersion`, or read now
    /// and kept at the version it was read at. What is kept of the player at an earlier version
    /// is carried forward by the events written since, read alone (``LedgerRead``); without
    /// one, or when those events cannot carry it (a void, an event committed out of order),
    /// the whole ledger is read and replayed.
    func played(playerID: Int64, at playVersion: Int64?) async throws -> PlayedState {
        if let playVersion, let entry = playCache.entry(playerID: playerID, at: playVersion) { return entry }
        if let earlier = playCache.latest(playerID: playerID) {
            let state = try await repository.progressState(playerID: playerID, eventsAfter: earlier.ledger.lastEventID)
            if let standing = earlier.standing(carriedBy: state.events, eventsUpTo: state.eventsUpTo, content: content) {
                ledgerReads.carried.add(1, ordering: .relaxed)
                // No event since (a hint, a riddle, a freebie): what the standing gives stands.
                let progress = state.events.isEmpty
                    ? earlier.progress : self.progress(of: standing, moderation: moderationNotices(in: state.events) + earlier.progress.moderation)
                return kept(playerID: playerID, state, progress: progress, standing: standing, ledger: earlier.ledger.reading(state.events))
            }
        }
        let state = try await repository.progressState(playerID: playerID)
        ledgerReads.whole.add(1, ordering: .relaxed)
        let standing = PlayerStanding(events: state.events, content: content)
        return kept(playerID: playerID, state, progress: progress(of: standing, moderation: moderationNotices(in: state.events)),
                    standing: standing, ledger: LedgerRead().reading(state.events))
    }

    /// `progress`, the standing's, with what else `state` holds, kept at the version it was read at.
    private func kept(playerID: Int64, _ state: ProgressState, progress: PlayerProgress, standing: PlayerStanding,
                      ledger: LedgerRead) -> PlayedState {
        var progress = progress
        progress.riddlesHeld = state.activeAttempts.count
        let entry = PlayedState(playVersion: state.playVersion, progress: progress, vouchers: state.vouchers, standing: standing, ledger: ledger)
        playCache.keep(entry, playerID: playerID, at: entry.playVersion)
        return entry
    }

    /// What a standing shows as progress: the riddles held and the freebies are counted apart.
    func progress(of standing: PlayerStanding, moderation: [ModerationNotice]) -> PlayerProgress {
        var solved = Dictionary(uniqueKeysWithValues: Category.allCases.map { ($0, 0) })
        for solve in standing.history.solves { solved[solve.category, default: 0] += 1 }
        return PlayerProgress(
            xp: standing.totals.xp, level: standing.totals.level,
            levelProgress: (standing.totals.levelProgress.current, standing.totals.levelProgress.needed),
            earnedBadges: content.badges.compactMap { badge in standing.earnedAt[badge.id].map { (badge, $0) } },
            lockedBadges: content.badges.filter { standing.earnedAt[$0.id] == nil }.map { badge in
                (badge, BadgeEvaluator.howToEarn(badge, checkpoints: content.checkpoints, history: standing.history, level: standing.totals.level))
            },
            solvedByCategory: solved, placesVisited: standing.visitedIDs.count, riddlesHeld: 0,
            unclaimedVouchers: 0, moderation: moderation)
    }
}
