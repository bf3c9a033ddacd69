import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Synchronization

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
    /// A guest's open day: only the freebies it allows are unlocked.
    let guestEvent: GuestEvent?
    let playerID: Int64
    /// What this instance kept of the player's play, if anything: the standing before the scan
    /// is carried forward from it by the events since instead of replaying the whole ledger
    /// inside the scan's transaction (on SQLite, the one writer's).
    let kept: PlayedState?
    /// Where the decision counts whether it carried the standing forward or replayed.
    let ledgerReads: LedgerReadCounts
    /// The outcome the decision last encoded as its answer.
    let answers = AnswerMade()

    /// The offers a progression unlocks for the scanner.
    func grants(_ progression: Progression) -> [VoucherGrant] {
        let grants = progression.grants(at: now, in: timeZone)
        return guestEvent.map { $0.guestGrants(grants) } ?? grants
    }

    func effect(for state: ScanState) throws -> ScanEffect {
        if let photo, photo.isReused(among: state.othersRecentPhotos) {
            let answer = try answers.encode(.photoAlreadyUsed)
            return ScanEffect(outcome: ScanOutcome.photoAlreadyUsed.label, flag: .reusedPhoto) { _ in answer }
        }
        var kind: ScanReport.Kind, event: GameEvent?
        var (solvedAttemptID, insider, funRiddle): (Int64?, String?, String?) = (nil, nil, nil)
        let challenges = ChallengeRules(limits: content.rules.limits)
        let racing = challenges.racing(state.acceptedChallenges, at: now)
        switch ScanJudge.verdict(at: checkpoint.id, active: state.active, racing: racing, events: state.events, content: content) {
        case .solved(let attempt, let riddle, let xp):
            (kind, event) = (.solved, .solved(by: playerID, riddleID: riddle.id, at: checkpoint.id, xp: xp, hintsUsed: attempt.hintsUsed, on: now))
            (solvedAttemptID, insider) = (attempt.id, riddle.insider)
        case .solvedBefore(let attempt, let riddle):
            // Solved, as far as the player can tell: the riddle is done, and paid once already.
            (kind, event) = (.solved, nil)
            (solvedAttemptID, insider) = (attempt.id, riddle.insider)
        case .alreadyVisited:
            (kind, event) = (.alreadyVisited, nil)
        case .wrongPlace:
            (kind, event) = (.wrongPlace, nil)
        case .explored(let xp, let riddle):
            (kind, event) = (.explored, .explored(by: playerID, at: checkpoint.id, xp: xp, on: now))
            funRiddle = riddle?.text
        case .raced(_, let riddle, let xp):
            (kind, event) = (.solved, .solved(by: playerID, riddleID: riddle.id, at: checkpoint.id, xp: xp, hintsUsed: 0, on: now))
            insider = riddle.insider
        }
        // Being first at the place wins the race, whatever else the scan earns there.
        let won = challenges.won(at: checkpoint.id, among: racing, at: now).map { challenge in
            let opponent = challenge.opponent(of: playerID)
            return ScanReport.ChallengeWin(challengeID: challenge.id, opponentUsername: opponent.username, opponentName: opponent.displayName,
                                           bonusXP: content.rules.challengeWinXP)
        }
        // The crew's riddle here: the scan counts for the crew, and with a second member's scan
        // within the window it is solved for every member who took part.
        var crew = CrewScanning()
        if let play = state.crew, solvedAttemptID == nil, let riddle = content.riddles.first(where: { $0.id == play.riddle.riddleID }) {
            crew = CrewScanning(play, riddle: riddle, decision: self, scannerLedger: state.events)
            (kind, event, funRiddle) = (crew.solve == nil ? .crewWaiting : .solved, nil, nil)
            if crew.solve != nil { insider = riddle.insider }
        }
        let checkIn = kind == .wrongPlace
            ? ScanReport.CheckIn(id: UUID().uuidString.lowercased(), expiresAt: now + content.rules.limits.checkInLifetime) : nil
        let wonRace = won.flatMap { win in racing.first { $0.id == win.challengeID } }
        let bonus = won.map { win in
            GameEvent.challengeWon(by: playerID, riddleID: wonRace?.riddleID, at: checkpoint.id, xp: win.bonusXP, on: now)
        }
        let carried = kept?.standing(of: state.events, content: content)
        if carried == nil { ledgerReads.scansWhole.add(1, ordering: .relaxed) } else { ledgerReads.scansCarried.add(1, ordering: .relaxed) }
        let before = carried ?? PlayerStanding(events: state.events, content: content)
        let progression = Progression(old: before, of: state.events,
                                      adding: [event].compactMap(\.self) + crew.scannerEvents + [bonus].compactMap(\.self), content: content)
        // A photo shows the sticker itself; only a typed code is judged by where the phone was.
        let flag = ScanFlag.flag(from: state.previousScan, to: checkpoint, at: now, typedLocation: photo == nil ? location : nil,
                                 failedCodes: failedCodes, content: content)
        let report = ScanReport(kind: kind, checkpoint: checkpoint, standing: StandingChange(progression, vouchers: []), insider: insider,
                                funRiddle: funRiddle, checkIn: checkIn, flagged: flag != nil, decidedAt: now, ownerVerified: ownerVerified,
                                challengeWon: won, crew: crew.outcome)
        // The badges and level the scan brought, and the friend beaten hears who got there first.
        let liveEvents = progression.liveEvents(for: playerID) + crew.liveEvents + (wonRace.map { race in
            let winner = race.challenger.id == playerID ? race.challenger : race.challenged
            return [LiveEvent(playerID: race.opponent(of: playerID).id, kind: .challengeLost, values: ["from": winner.displayName], subjectID: race.id)]
        } ?? [])
        var effect = ScanEffect(solvedAttemptID: solvedAttemptID, event: event, checkIn: checkIn.map { ($0.id, $0.expiresAt) },
                          grants: grants(progression),
                          challengeWon: won.flatMap { win in bonus.map { (win.challengeID, $0) } },
                          outcome: kind.rawValue, flag: flag) { [answers] vouchers in
            // The vouchers are the ones stock allowed, known only once they are issued.
            var report = report
            report.standing.newVouchers = vouchers
            return try answers.encode(.decided(report))
        }
        effect.liveEvents = liveEvents
        effect.crewScan = crew.riddleID
        effect.crewSolve = crew.solve
        return effect
    }
}

/// What a member's scan of their crew riddle's place does: it is counted, and with another
/// member's scan within the window it solves the riddle for each member who took part (the
/// riddle's reward after the crew's hints, if they had not solved the place before, and the
/// crew bonus), each with the levels, badges and offers their share brings.
struct CrewScanning {
    var riddleID: Int64?
    var solve: CrewSolve?
    /// The scanner's own share, as ledger events, for their progression.
    var scannerEvents: [GameEvent] = []
    var liveEvents: [LiveEvent] = []
    var outcome: ScanReport.CrewOutcome?

    init() {}

    init(_ play: CrewPlay, riddle: Riddle, decision: ScanDecision, scannerLedger: [GameEvent]) {
        let (content, now, scanner, place) = (decision.content, decision.now, decision.playerID, decision.checkpoint)
        let rules = content.rules.crew
        riddleID = play.riddle.id
        let name = { (id: Int64) in play.crew.members.first { $0.player.id == id }?.player.displayName ?? "" }
        let others = play.crew.members.map(\.player.id).filter { $0 != scanner }
        guard let participants = rules.participants(in: play.riddle, scanBy: scanner, at: now, members: Set(play.crew.members.map(\.player.id))) else {
            outcome = ScanReport.CrewOutcome(crewName: play.crew.name, solved: false, with: [], windowMinutes: rules.windowMinutes)
            liveEvents = others.map {
                LiveEvent(playerID: $0, kind: .crewScanned, values: ["from": name(scanner), "minutes": "\(rules.windowMinutes)"], subjectID: play.riddle.id)
            }
            return
        }
        let xp = content.rules.reward(for: riddle.difficulty, hintsUsed: play.riddle.hintsUsed)
        var awards: [CrewSolve.Award] = []
        for member in participants {
            let ledger = member == scanner ? scannerLedger : play.ledgers[member] ?? []
            let solvedBefore = ledger.counted.contains { $0.kind == .solved && $0.checkpointID == place.id }
            let share = [
                solvedBefore ? nil : GameEvent.solved(by: member, riddleID: riddle.id, at: place.id, xp: xp, hintsUsed: play.riddle.hintsUsed, on: now),
                GameEvent.crewBonus(by: member, riddleID: riddle.id, at: place.id, xp: rules.bonusXP, on: now),
            ].compactMap(\.self)
            let progression = Progression(before: ledger, adding: share, content: content)
            awards.append(CrewSolve.Award(playerID: member, events: share,
                                          grants: member == scanner ? [] : progression.grants(at: now, in: decision.timeZone)))
            if member == scanner {
                scannerEvents = share
            } else {
                liveEvents += [LiveEvent(playerID: member, kind: .crewSolved, values: ["place": place.name, "xp": "\(progression.xpAwarded)"],
                                         subjectID: play.riddle.id)] + progression.liveEvents(for: member)
            }
        }
        solve = CrewSolve(crewRiddleID: play.riddle.id, riddleID: riddle.id, hintsUsed: play.riddle.hintsUsed, awards: awards)
        outcome = ScanReport.CrewOutcome(crewName: play.crew.name, solved: true, with: participants.filter { $0 != scanner }.map(name),
                                         windowMinutes: rules.windowMinutes)
    }
}

/// The outcome a decision last encoded as the answer the store keeps, with those bytes: a scan
/// just decided is answered with the outcome itself rather than its bytes decoded again. The
/// decision may run more than once (PostgreSQL runs a transaction it aborted again), and the
/// bytes the store gives back say which run's answer was kept.
final class AnswerMade: Sendable {
    private let made = Mutex<(bytes: Data, outcome: ScanOutcome)?>(nil)

    /// `outcome`'s bytes, remembered with it.
    func encode(_ outcome: ScanOutcome) throws -> Data {
        let bytes = try outcome.encoded()
        made.withLock { $0 = (bytes, outcome) }
        return bytes
    }

    /// The outcome these bytes were encoded from here, if they were.
    func outcome(of bytes: Data) -> ScanOutcome? {
        made.withLock { made in made.flatMap { $0.bytes == bytes ? $0.outcome : nil } }
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
