import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// Decides a scan inside its transaction, from what the store read for the player: a reused
/// photo is refused; otherwise the judge's verdict, the speed check and the player's progression
/// make the effect the store writes and the report the player gets.
struct ScanDecision: Sendable {
    let content: CampusContent
    let checkpoint: Checkpoint
    let photo: PhotoFingerprint?
    let now: Date
    let timeZone: TimeZone
    let ownerVerified: Bool

    func effect(for state: ScanState) throws -> ScanEffect {
        if let photo, photo.isReused(among: state.othersRecentPhotos) {
            let answer = try ScanOutcome.photoAlreadyUsed.encoded()
            return ScanEffect(outcome: ScanOutcome.photoAlreadyUsed.label, flagged: true) { _ in answer }
        }
        let flagged = SpeedCheck.isImplausiblyFast(from: state.previousScan, to: checkpoint, at: now, content: content)
        let verdict = ScanJudge.verdict(at: checkpoint.id, active: state.active, events: state.events, content: content)
        var effect = ScanEffect(outcome: "", flagged: flagged) { _ in Data() }
        var report = ScanReport(kind: .alreadyVisited, checkpointID: checkpoint.id, xpAwarded: 0, totalXP: 0, level: 0, levelUp: false,
                                newBadgeIDs: [], newVouchers: [], flagged: flagged, decidedAt: now, ownerVerified: ownerVerified)
        switch verdict {
        case .solved(let attempt, let riddle, let xp):
            report.kind = .solved
            report.insider = riddle.insider
            effect.event = (.solved, riddle.id, xp, attempt.hintsUsed)
            effect.solvedAttemptID = attempt.id
        case .alreadyVisited:
            report.kind = .alreadyVisited
        case .wrongPlace:
            report.kind = .wrongPlace
            let checkIn = PendingCheckIn(id: UUID().uuidString.lowercased(), playerID: 0, checkpointID: checkpoint.id,
                                         expiresAt: now + content.rules.limits.checkInLifetime)
            report.checkIn = checkIn
            effect.checkIn = (checkIn.id, checkIn.expiresAt)
        case .explored(let xp, let riddle):
            report.kind = .explored
            report.funRiddle = riddle?.text
            effect.event = (.explored, nil, xp, 0)
        }
        let event = effect.event.map {
            GameEvent(id: 0, playerID: 0, kind: $0.kind, checkpointID: checkpoint.id, riddleID: $0.riddleID, xp: $0.xp,
                      hintsUsed: $0.hintsUsed, occurredAt: now)
        }
        let progression = Progression(before: state.events, adding: event, content: content)
        report.xpAwarded = progression.xpAwarded
        report.totalXP = progression.new.totals.xp
        report.level = progression.new.totals.level
        report.levelUp = progression.levelUp
        report.newBadgeIDs = progression.newBadges.map(\.id)
        effect.grants = progression.grants(at: now, in: timeZone)
        effect.outcome = report.kind.rawValue
        let decided = report
        effect.answer = { vouchers in
            var report = decided
            report.newVouchers = vouchers
            return try ScanOutcome.decided(report).encoded()
        }
        return effect
    }
}

extension ScanOutcome {
    /// The bytes kept under the scan's key: the same outcome always gives the same bytes.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(self)
    }

    init(stored: Data) throws {
        self = try JSONDecoder().decode(ScanOutcome.self, from: stored)
    }
}
