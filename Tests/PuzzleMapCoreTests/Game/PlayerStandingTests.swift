import Foundation
import PuzzleMapCore
import Testing

/// Which badge a player earned last, as the friends list shows it.
@Suite struct PlayerStandingTests {
    static let morning = Date(timeIntervalSince1970: 1_800_000_000)

    /// Six badges that one solve at the Kelvin Building (a lab tagged science and engineering,
    /// no hint taken) completes at once.
    static let earnedByOneSolve: [Badge] = [
        Badge(id: "first-solve", name: "First Solve", description: "", rule: .solve(count: 1, category: nil, tag: nil)),
        Badge(id: "first-lab", name: "First Lab", description: "", rule: .solve(count: 1, category: .lab, tag: nil)),
        Badge(id: "tinkerer", name: "Tinkerer", description: "", rule: .solve(count: 1, category: nil, tag: "engineering")),
        Badge(id: "scientist", name: "Scientist", description: "", rule: .solve(count: 1, category: nil, tag: "science")),
        Badge(id: "kelvin", name: "Kelvin", description: "", rule: .visit(checkpointIDs: ["kelvin-building"])),
        Badge(id: "no-peeking", name: "No Peeking", description: "", rule: .hintless(count: 1)),
    ]
    /// Earned by exploring the Memorial Chapel.
    static let chapel = Badge(id: "chapel", name: "Chapel", description: "", rule: .visit(checkpointIDs: ["memorial-chapel"]))

    func content(badges: [Badge]) -> CampusContent {
        CampusContent(info: CampusInfo(title: "t", university: "u", timeZoneIdentifier: "Europe/London", traits: []),
                      checkpoints: GameFixtures.checkpoints, riddles: [], quiz: [], rules: GameFixtures.rules, badges: badges,
                      partners: [], offers: [])
    }

    func explore(_ checkpointID: String, at date: Date, id: Int64) -> GameEvent {
        GameEvent(id: id, playerID: 1, kind: .explored, checkpointID: checkpointID, riddleID: nil, xp: 25, occurredAt: date)
    }

    func solveAtKelvin(at date: Date, id: Int64) -> GameEvent {
        GameEvent(id: id, playerID: 1, kind: .solved, checkpointID: "kelvin-building", riddleID: "r", xp: 100, occurredAt: date)
    }

    /// Every order of `badges`.
    func orders(_ badges: [Badge]) -> [[Badge]] {
        guard badges.count > 1 else { return [badges] }
        return badges.indices.flatMap { index in
            var rest = badges
            let first = rest.remove(at: index)
            return orders(rest).map { [first] + $0 }
        }
    }

    /// The chapel first, then one solve that completes six badges at the same moment: in
    /// whatever order the badges file lists those six, the one it lists last is the latest,
    /// and the chapel, earned before them, never is, even listed after them all.
    @Test func ofBadgesEarnedByOneSolveTheOneLaterInTheBadgesFileIsTheLatest() {
        let ledger = [explore("memorial-chapel", at: Self.morning, id: 1), solveAtKelvin(at: Self.morning + 600, id: 2)]
        let orders = orders(Self.earnedByOneSolve)
        #expect(orders.count == 720)
        for order in orders {
            let badges = order + [Self.chapel]
            let standing = PlayerStanding(events: ledger, content: content(badges: badges))
            #expect(Set(standing.earnedAt.keys) == Set(badges.map(\.id)))
            #expect(standing.latestBadge(of: badges) == order.last, "badges file: \(badges.map(\.id))")
        }
    }

    /// A badge earned after the others is the latest wherever the file lists it, and a player
    /// with no badge has none.
    @Test func aBadgeEarnedLaterIsTheLatestWhereverTheBadgesFileListsIt() {
        let ledger = [solveAtKelvin(at: Self.morning, id: 1), explore("memorial-chapel", at: Self.morning + 600, id: 2)]
        let badges = [Self.chapel] + Self.earnedByOneSolve
        let standing = PlayerStanding(events: ledger, content: content(badges: badges))
        #expect(standing.latestBadge(of: badges) == Self.chapel)
        #expect(PlayerStanding(events: [], content: content(badges: badges)).latestBadge(of: badges) == nil)
        let onlyTheChapel = PlayerStanding(events: [explore("memorial-chapel", at: Self.morning, id: 1)], content: content(badges: badges))
        #expect(onlyTheChapel.latestBadge(of: badges) == Self.chapel)
    }

    /// Badges of every rule, so that carrying a standing forward has every kind to get wrong.
    static let everyRule: [Badge] = earnedByOneSolve + [
        chapel,
        Badge(id: "three-solves", name: "Three", description: "", rule: .solve(count: 3, category: nil, tag: nil)),
        Badge(id: "social", name: "Social", description: "", rule: .solve(count: 2, category: .social, tag: "food")),
        Badge(id: "all-kinds", name: "All kinds", description: "", rule: .everyCategory(count: 1)),
        Badge(id: "level-3", name: "Level 3", description: "", rule: .level(3)),
        Badge(id: "crew", name: "Crew", description: "", rule: .crew(count: 2)),
        Badge(id: "quiet", name: "Quiet", description: "", rule: .hintless(count: 4)),
    ]

    /// A ledger of `count` events drawn from `seed`: solves with hints, explores, check-ins,
    /// crew bonuses, challenges won, adjustments up and down (below zero too), and voids of
    /// earlier scans.
    func ledger(seed: UInt64, count: Int) -> [GameEvent] {
        var state = seed
        func draw(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        var events: [GameEvent] = []
        var scans: [(scan: Int64, checkpoint: String, xp: Int)] = []
        var voidedScans: [Int64] = []
        for index in 1...count {
            let id = Int64(index * 2)
            let at = Self.morning + Double(index * 60)
            // A place the badges' rules do not know, now and then: a checkpoint retired since.
            let checkpoint = draw(12) == 0 ? "retired-place" : GameFixtures.checkpoints[draw(GameFixtures.checkpoints.count)].id
            let scan = Int64(1_000 + index)
            switch draw(9) {
            case 0, 1, 2:
                let xp = 100 + 20 * draw(4)
                events.append(GameEvent(id: id, playerID: 1, kind: .solved, checkpointID: checkpoint, riddleID: "r\(index)", xp: xp,
                                        hintsUsed: draw(4), occurredAt: at, scanID: scan))
                // A challenge won by the same scan: voiding the scan takes both back.
                let won = draw(3) == 0 ? 30 : 0
                if won > 0 {
                    events.append(GameEvent(id: id + 1, playerID: 1, kind: .challengeWon, checkpointID: checkpoint, riddleID: "r\(index)",
                                            xp: won, occurredAt: at, scanID: scan))
                }
                scans.append((scan, checkpoint, xp + won))
            case 3, 4:
                events.append(GameEvent(id: id, playerID: 1, kind: .explored, checkpointID: checkpoint, riddleID: nil, xp: 25, occurredAt: at,
                                        scanID: scan))
                scans.append((scan, checkpoint, 25))
            case 5:
                events.append(GameEvent(id: id, playerID: 1, kind: .checkedIn, checkpointID: checkpoint, riddleID: nil, xp: 10, occurredAt: at))
            case 6:
                events.append(GameEvent(id: id, playerID: 1, kind: .crewBonus, checkpointID: nil, riddleID: "r\(index)", xp: 50, occurredAt: at))
            case 7:
                events.append(GameEvent(id: id, playerID: 1, kind: .adjusted, checkpointID: nil, riddleID: nil, xp: draw(400) - 250,
                                        occurredAt: at, reason: "step \(index)"))
            default:
                // An event of a scan voided before (as none is written today): it never counts.
                if !voidedScans.isEmpty, draw(3) == 0 {
                    let late = voidedScans[draw(voidedScans.count)]
                    events.append(GameEvent(id: id, playerID: 1, kind: .explored, checkpointID: "memorial-chapel", riddleID: nil, xp: 25,
                                            occurredAt: at, scanID: late))
                    continue
                }
                guard !scans.isEmpty else { continue }
                let voided = scans.remove(at: draw(scans.count))
                voidedScans.append(voided.scan)
                events.append(GameEvent(id: id, playerID: 1, kind: .voided, checkpointID: voided.checkpoint, riddleID: nil, xp: -voided.xp,
                                        occurredAt: at, scanID: voided.scan, reason: "step \(index)"))
            }
        }
        return events
    }

    /// A standing carried forward by the events written since equals the whole ledger replayed,
    /// wherever the ledger is cut and however many times it is carried; a void among the events
    /// since cannot be carried (it takes back an earlier scan), and the whole ledger is replayed.
    @Test func aStandingCarriedForwardEqualsTheWholeLedgerReplayed() {
        let content = content(badges: Self.everyRule)
        var carried = 0
        var refused = 0
        for seed in UInt64(1)...60 {
            let ledger = ledger(seed: seed, count: 40)
            // The ledger replayed whole up to each event (the first `cut` events).
            let replayed = (0...ledger.count).map { cut in PlayerStanding(events: Array(ledger[..<cut]), content: content) }
            for cut in ledger.indices {
                let later = Array(ledger[cut...])
                guard let standing = replayed[cut].adding(later, content: content) else {
                    #expect(later.contains { $0.kind == .voided }, "seed \(seed), cut \(cut)")
                    refused += 1
                    continue
                }
                #expect(standing == replayed[ledger.count], "seed \(seed), cut \(cut)")
                carried += 1
            }
            // Event by event, replaying whole only where a void comes.
            var standing = replayed[0]
            for index in ledger.indices {
                standing = standing.adding([ledger[index]], content: content) ?? replayed[index + 1]
                #expect(standing == replayed[index + 1], "seed \(seed), event \(index)")
            }
            #expect(!replayed[ledger.count].earnedAt.isEmpty)
        }
        #expect(carried > 500 && refused > 500, "carried \(carried), refused \(refused)")
    }
}
