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
}
