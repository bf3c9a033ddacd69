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
    /// Where the phone said it was, if it said.
    let location: ReportedLocation?
    /// Forged codes the player sent in the guessing window before this scan.
    let failedCodes: Int
    let now: Date
    let timeZone: TimeZone
    let ownerVerified: Bool
    let playerID: Int64

    func effect(for state: ScanState) throws -> ScanEffect {
        if let photo, photo.isReused(among: state.othersRecentPhotos) {
            let answer = try ScanOutcome.photoAlreadyUsed.encoded()
            return ScanEffect(outcome: ScanOutcome.photoAlreadyUsed.label, flag: .reusedPhoto) { _ in answer }
        }
        let kind: ScanReport.Kind, event: (kind: GameEvent.Kind, riddleID: String?, xp: Int, hintsUsed: Int)?
        var (solvedAttemptID, insider, funRiddle): (Int64?, String?, String?) = (nil, nil, nil)
        let challenges = ChallengeRules(limits: content.rules.limits)
        let racing = challenges.racing(state.acceptedChallenges, at: now)
        switch ScanJudge.verdict(at: checkpoint.id, active: state.active, racing: racing, events: state.events, content: content) {
        case .solved(let attempt, let riddle, let xp):
            (kind, event) = (.solved, (.solved, riddle.id, xp, attempt.hintsUsed))
            (solvedAttemptID, insider) = (attempt.id, riddle.insider)
        case .alreadyVisited:
            (kind, event) = (.alreadyVisited, nil)
        case .wrongPlace:
            (kind, event) = (.wrongPlace, nil)
        case .explored(let xp, let riddle):
            (kind, event) = (.explored, (.explored, nil, xp, 0))
            funRiddle = riddle?.text
        case .raced(_, let riddle, let xp):
            (kind, event) = (.solved, (.solved, riddle.id, xp, 0))
            insider = riddle.insider
        }
        // Being first at the place wins the race, whatever else the scan earns there.
        let won = challenges.won(at: checkpoint.id, among: racing, at: now).map { challenge in
            let opponent = challenge.opponent(of: playerID)
            return ScanReport.ChallengeWin(challengeID: challenge.id, opponentUsername: opponent.username, opponentName: opponent.displayName,
                                           bonusXP: content.rules.challengeWinXP)
        }
        let checkIn = kind == .wrongPlace
            ? ScanReport.CheckIn(id: UUID().uuidString.lowercased(), expiresAt: now + content.rules.limits.checkInLifetime) : nil
        let bonus = won.map { _ in
            GameEvent(id: 0, playerID: 0, kind: .challengeWon, checkpointID: checkpoint.id, riddleID: nil, xp: content.rules.challengeWinXP,
                      occurredAt: now)
        }
        let progression = Progression(before: state.events, adding: [event.map {
            GameEvent(id: 0, playerID: 0, kind: $0.kind, checkpointID: checkpoint.id, riddleID: $0.riddleID, xp: $0.xp,
                      hintsUsed: $0.hintsUsed, occurredAt: now)
        }, bonus].compactMap(\.self), content: content)
        // A photo shows the sticker itself; only a typed code is judged by where the phone was.
        let flag = ScanFlag.flag(from: state.previousScan, to: checkpoint, at: now, typedLocation: photo == nil ? location : nil,
                                 failedCodes: failedCodes, content: content)
        let report = ScanReport(kind: kind, checkpoint: checkpoint, standing: StandingChange(progression, vouchers: []), insider: insider,
                                funRiddle: funRiddle, checkIn: checkIn, flagged: flag != nil, decidedAt: now, ownerVerified: ownerVerified,
                                challengeWon: won)
        let wonRace = won.flatMap { win in racing.first { $0.id == win.challengeID } }
        let challengeRiddle = wonRace?.riddleID
        // The badges and level the scan brought, and the friend beaten hears who got there first.
        let liveEvents = progression.liveEvents(for: playerID) + (wonRace.map { race in
            let winner = race.challenger.id == playerID ? race.challenger : race.challenged
            return [LiveEvent(playerID: race.opponent(of: playerID).id, kind: .challengeLost, values: ["from": winner.displayName], subjectID: race.id)]
        } ?? [])
        var effect = ScanEffect(solvedAttemptID: solvedAttemptID, event: event, checkIn: checkIn.map { ($0.id, $0.expiresAt) },
                          grants: progression.grants(at: now, in: timeZone),
                          challengeWon: won.map { ($0.challengeID, challengeRiddle ?? "", $0.bonusXP) },
                          outcome: kind.rawValue, flag: flag) { vouchers in
            // The vouchers are the ones stock allowed, known only once they are issued.
            var report = report
            report.standing.newVouchers = vouchers
            return try ScanOutcome.decided(report).encoded()
        }
        effect.liveEvents = liveEvents
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
