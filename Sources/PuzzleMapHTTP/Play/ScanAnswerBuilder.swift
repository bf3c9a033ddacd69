import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapStorage

/// Turns the store's view of a player, inside the scan's transaction, into the scan's effect
/// and its answer.
struct ScanAnswerBuilder: Sendable {
    let content: CampusContent
    let checkpoint: Checkpoint
    let now: Date
    let timeZone: TimeZone
    let ownerVerified: Bool

    /// XP, level and badges after an event, compared with before it.
    struct Standing: ResponseCodable {
        struct NewBadge: Codable {
            var id: String
            var name: String
            var description: String
        }
        var xpAwarded: Int
        var totalXp: Int
        var level: Int
        var levelUp: Bool
        var newBadges: [NewBadge]
        var newVouchers: [VoucherView]
    }

    struct PlaceView: Codable {
        var id: String
        var name: String
        var category: Category
        var building: String
        var facts: [String]
    }

    struct CheckInView: Codable {
        var id: String
        var expiresAt: Date
    }

    struct FunRiddle: Codable {
        var text: String
    }

    struct ScanView: Codable {
        var outcome: String
        var message: String
        var xpAwarded: Int
        var totalXp: Int
        var level: Int
        var levelUp: Bool
        var newBadges: [Standing.NewBadge]
        var newVouchers: [VoucherView]
        var checkpoint: PlaceView
        var insider: String?
        var riddle: FunRiddle?
        var checkIn: CheckInView?
        var flagged: Bool
    }

    /// What one event changes in a player's standing. The ledger is replayed once before and
    /// once after; the answer and the offers it unlocks both read the same pair.
    struct Progression {
        let content: CampusContent
        let old: PlayerStanding
        let new: PlayerStanding

        init(before: [GameEvent], adding event: GameEvent?, content: CampusContent) {
            self.content = content
            old = PlayerStanding(events: before, content: content)
            new = event.map { PlayerStanding(events: before + [$0], content: content) } ?? old
        }

        /// XP, level and the badges newly earned, in the order of the badges file.
        func standing(vouchers: [VoucherView] = []) -> Standing {
            let badges = content.badges.filter { new.earnedAt[$0.id] != nil && old.earnedAt[$0.id] == nil }
            return Standing(xpAwarded: new.totals.xp - old.totals.xp, totalXp: new.totals.xp, level: new.totals.level,
                            levelUp: new.totals.level > old.totals.level,
                            newBadges: badges.map { .init(id: $0.id, name: $0.name, description: $0.description) }, newVouchers: vouchers)
        }

        /// The offers the event unlocks: levels newly reached and badges newly earned.
        func grants(at now: Date, in timeZone: TimeZone) -> [VoucherGrant] {
            content.grants(fromLevel: old.totals.level, toLevel: new.totals.level,
                           newBadges: Set(new.earnedAt.keys).subtracting(old.earnedAt.keys), at: now, in: timeZone)
        }
    }

    func effect(for state: ScanState) throws -> ScanEffect {
        if state.photoUsedByAnotherPlayer {
            let problem = Problem.photoAlreadyUsed
            let body = try Self.encode(problem.body)
            return ScanEffect(outcome: "photo_already_used", flagged: true, status: problem.status.code) { _ in body }
        }
        let flagged = implausiblyFast(state.previousScan)
        let verdict = ScanJudge.verdict(at: checkpoint.id, active: state.active, events: state.events, content: content)
        var event: (kind: GameEvent.Kind, riddleID: String?, xp: Int, hintsUsed: Int)?
        var solvedAttempt: Int64?
        var checkIn: (id: String, expiresAt: Date)?
        var insider: String?
        var funRiddle: FunRiddle?
        let outcome: String, message: String
        switch verdict {
        case .solved(let attempt, let riddle, let xp):
            (outcome, message) = ("solved", "You found it! Riddle solved.")
            event = (.solved, riddle.id, xp, attempt.hintsUsed)
            solvedAttempt = attempt.id
            insider = riddle.insider
        case .alreadyVisited:
            (outcome, message) = ("already_visited", "You have been here before. Nice to see you again!")
        case .wrongPlace:
            (outcome, message) = ("wrong_place", "A real checkpoint, but not the one your riddle describes. You get more XP if you find this place with a riddle; register the check-in for a small exploration reward, or cancel it.")
            checkIn = (UUID().uuidString.lowercased(), now + ScanController.checkInLifetime)
        case .explored(let xp, let riddle):
            (outcome, message) = ("explored", "You discovered a checkpoint without a riddle. Here is its riddle, just for the fun of it.")
            event = (.explored, nil, xp, 0)
            funRiddle = riddle.map { FunRiddle(text: $0.text) }
        }
        let newEvent = event.map { GameEvent(id: 0, playerID: 0, kind: $0.kind, checkpointID: checkpoint.id, riddleID: $0.riddleID,
                                             xp: $0.xp, hintsUsed: $0.hintsUsed, occurredAt: now) }
        let progression = Progression(before: state.events, adding: newEvent, content: content)
        let standing = progression.standing()
        let grants = progression.grants(at: now, in: timeZone)
        let place = PlaceView(id: checkpoint.id, name: checkpoint.name, category: checkpoint.category, building: checkpoint.building,
                              facts: checkpoint.facts)
        let (campus, instant, verified) = (content, now, ownerVerified)
        let (insiderFact, riddleForFun) = (insider, funRiddle)
        let checkInView = checkIn.map { CheckInView(id: $0.id, expiresAt: $0.expiresAt) }
        return ScanEffect(solvedAttemptID: solvedAttempt, event: event, checkIn: checkIn, grants: grants, outcome: outcome,
                          flagged: flagged, status: 200) { vouchers in
            try Self.encode(ScanView(
                outcome: outcome, message: message, xpAwarded: standing.xpAwarded, totalXp: standing.totalXp, level: standing.level,
                levelUp: standing.levelUp, newBadges: standing.newBadges,
                newVouchers: vouchers.map { VoucherView($0, content: campus, at: instant, ownerVerified: verified) },
                checkpoint: place, insider: insiderFact, riddle: riddleForFun, checkIn: checkInView, flagged: flagged
            ))
        }
    }

    /// Faster between two checkpoints than anyone walks or cycles: flagged for organisers, not refused.
    private func implausiblyFast(_ previous: (checkpointID: String, at: Date)?) -> Bool {
        guard let previous, previous.checkpointID != checkpoint.id,
              let from = content.checkpoints.first(where: { $0.id == previous.checkpointID }) else { return false }
        let seconds = max(1, now.timeIntervalSince(previous.at))
        return from.coordinate.distance(to: checkpoint.coordinate) / seconds > content.rules.maxSpeedMetresPerSecond
    }

    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(value)
    }
}
