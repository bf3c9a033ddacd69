import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// One thing a player, an organiser or time does in the simulated hunt. Commands are drawn
/// from the seed before the run and name players and places by number, not by what they hold:
/// "scan the place of the riddle player 3 holds in lab" is resolved when it runs, so any subset
/// of a run's commands can be replayed (that is how a failure shrinks).
public indirect enum SimulationCommand: Sendable, Equatable, CustomStringConvertible {
    case askForRiddle(player: Int, Category)
    case takeHint(player: Int, Category)
    case giveUp(player: Int, Category)
    /// Types the code of the place the held riddle in the category leads to (a right scan).
    case scanHeldPlace(player: Int, Category)
    /// Types the code of a place by its index in the full content (explore, wrong place, again).
    case scanPlace(player: Int, place: Int)
    /// A code that looks like ours but whose signature is wrong.
    case scanForgedCode(player: Int)
    /// The player's last scan sent again under the same idempotency key (a retried upload).
    case retryLastScan(player: Int)
    case registerCheckIn(player: Int)
    case cancelCheckIn(player: Int)
    case requestFriend(player: Int, other: Int)
    case answerFriendRequests(player: Int, accept: Bool)
    case block(player: Int, other: Int)
    case unblock(player: Int, other: Int)
    case createCrew(player: Int)
    /// Joins the crew of `other` by the code `other` shows.
    case joinCrew(player: Int, other: Int)
    case leaveCrew(player: Int)
    case askForCrewRiddle(player: Int, Category)
    /// Types the code of the place the crew's riddle in the category leads to.
    case scanCrewPlace(player: Int, Category)
    case challenge(player: Int, other: Int, Category)
    /// Answers every open challenge the player is in: the challenged accept or decline, the
    /// challenger withdraws.
    case answerChallenges(player: Int, ChallengeAnswer)
    /// Types the code of the place of an accepted race the player is in.
    case scanRacePlace(player: Int)
    /// Gives the player's first giftable freebie to `other`.
    case giftFreebie(player: Int, other: Int)
    /// The partner's staff redeem the player's first freebie (redeemed already or not).
    case redeemFreebie(player: Int)
    /// An organiser voids the player's latest scan.
    case voidLatestScan(player: Int)
    case adjustXP(player: Int, xp: Int)
    case closePlace(place: Int)
    case reopenPlace(place: Int)
    /// A reload of files without the place (and its riddles): a building torn down.
    case retirePlace(place: Int)
    /// A reload of the full files: every retired place comes back.
    case restoreContent
    /// An organiser retires the place in the console's draft and publishes the draft (a draft
    /// left by an earlier refusal thrown away first).
    case retirePlaceInConsole(place: Int)
    /// An organiser plays the version before the newest again, from the console's history.
    case rollBack
    /// The campus clock jumps by this many seconds (negative: back, as a badly set clock does).
    case clockJump(seconds: Int)
    /// The campus clock moves to a minute before the campus's next change of daylight saving
    /// time, so that the jumps after it cross the change.
    case clockToDaylightSavingChange
    /// A command a store fault happens to: it is refused as the database being unavailable
    /// (503) and changes nothing, or, when the fault missed it, runs as it would have.
    case underFault(StoreFault, SimulationCommand)
    /// Commands in flight at once, about different players (and at most one organiser's or the
    /// clock's): the store decides the order. Drawn only for a run with `atOnce`.
    case atOnce([SimulationCommand])
    /// Two counters redeem the player's first freebie at the same moment: one redemption at
    /// most. Drawn only for a run with `atOnce`.
    case redeemTwiceAtOnce(player: Int)
    /// The player taps "send" twice: the place of their riddle in the category sent twice at
    /// once under two keys. Drawn only for a run with `atOnce`.
    case scanTwiceAtOnce(player: Int, Category)

    public var description: String {
        switch self {
        case .askForRiddle(let p, let c): "p\(p) asks for a \(c.rawValue) riddle"
        case .takeHint(let p, let c): "p\(p) takes a hint on their \(c.rawValue) riddle"
        case .giveUp(let p, let c): "p\(p) gives up their \(c.rawValue) riddle"
        case .scanHeldPlace(let p, let c): "p\(p) scans the place of their \(c.rawValue) riddle"
        case .scanPlace(let p, let place): "p\(p) scans place #\(place)"
        case .scanForgedCode(let p): "p\(p) types a forged code"
        case .retryLastScan(let p): "p\(p) retries their last scan"
        case .registerCheckIn(let p): "p\(p) registers their pending check-in"
        case .cancelCheckIn(let p): "p\(p) cancels their pending check-in"
        case .requestFriend(let p, let o): "p\(p) asks p\(o) to be friends"
        case .answerFriendRequests(let p, let accept): "p\(p) \(accept ? "accepts" : "declines") their friend requests"
        case .block(let p, let o): "p\(p) blocks p\(o)"
        case .unblock(let p, let o): "p\(p) unblocks p\(o)"
        case .createCrew(let p): "p\(p) makes a crew"
        case .joinCrew(let p, let o): "p\(p) joins p\(o)'s crew by its code"
        case .leaveCrew(let p): "p\(p) leaves their crew"
        case .askForCrewRiddle(let p, let c): "p\(p) asks for a \(c.rawValue) crew riddle"
        case .scanCrewPlace(let p, let c): "p\(p) scans the place of their crew's \(c.rawValue) riddle"
        case .challenge(let p, let o, let c): "p\(p) challenges p\(o) to a \(c.rawValue) race"
        case .answerChallenges(let p, let answer): "p\(p) answers their challenges: \(answer.rawValue)"
        case .scanRacePlace(let p): "p\(p) scans the place of their race"
        case .giftFreebie(let p, let o): "p\(p) gives a freebie to p\(o)"
        case .redeemFreebie(let p): "staff redeem p\(p)'s first freebie"
        case .voidLatestScan(let p): "an organiser voids p\(p)'s latest scan"
        case .adjustXP(let p, let xp): "an organiser adjusts p\(p)'s XP by \(xp)"
        case .closePlace(let place): "an organiser closes place #\(place)"
        case .reopenPlace(let place): "an organiser reopens place #\(place)"
        case .retirePlace(let place): "a reload retires place #\(place)"
        case .restoreContent: "a reload restores every place"
        case .retirePlaceInConsole(let place): "an organiser retires place #\(place) in the console and publishes"
        case .rollBack: "an organiser plays the version before the newest again"
        case .clockJump(let seconds): "the clock jumps \(seconds) s"
        case .clockToDaylightSavingChange: "the clock moves to a minute before the next daylight saving change"
        case .underFault(let fault, let command): "\(command), \(fault.phrase)"
        case .atOnce(let commands): "at once: \(commands.map(\.description).joined(separator: " | "))"
        case .redeemTwiceAtOnce(let p): "two counters redeem p\(p)'s first freebie at once"
        case .scanTwiceAtOnce(let p, let c): "p\(p) sends the place of their \(c.rawValue) riddle twice at once"
        }
    }

    /// The commands of a run, drawn from its seed: weighted so that players mostly play, with
    /// organisers' changes and clock jumps among them. With `atOnce`, about one step in six is
    /// two or three commands in flight together, or one request sent twice at once; without,
    /// the draws are the same as they always were (so a seed's digest holds).
    public static func draw(_ count: Int, players: Int, places: Int, seed: UInt64, atOnce: Bool = false) -> [SimulationCommand] {
        var random = SplitMix64(seed: seed)
        func pick(_ upper: Int) -> Int { Int(random.next() % UInt64(upper)) }
        func category() -> Category { Category.allCases[pick(Category.allCases.count)] }
        func other(than player: Int) -> Int { (player + 1 + pick(players - 1)) % players }
        let weighted: [(weight: Int, make: () -> SimulationCommand)] = [
            (14, { .askForRiddle(player: pick(players), category()) }),
            (5, { .takeHint(player: pick(players), category()) }),
            (3, { .giveUp(player: pick(players), category()) }),
            (16, { .scanHeldPlace(player: pick(players), category()) }),
            (8, { .scanPlace(player: pick(players), place: pick(places)) }),
            (1, { .scanForgedCode(player: pick(players)) }),
            (3, { .retryLastScan(player: pick(players)) }),
            (4, { .registerCheckIn(player: pick(players)) }),
            (1, { .cancelCheckIn(player: pick(players)) }),
            (3, { let p = pick(players); return .requestFriend(player: p, other: other(than: p)) }),
            (3, { .answerFriendRequests(player: pick(players), accept: pick(4) > 0) }),
            (1, { let p = pick(players); return .block(player: p, other: other(than: p)) }),
            (1, { let p = pick(players); return .unblock(player: p, other: other(than: p)) }),
            (1, { .createCrew(player: pick(players)) }),
            (2, { let p = pick(players); return .joinCrew(player: p, other: other(than: p)) }),
            (1, { .leaveCrew(player: pick(players)) }),
            (3, { .askForCrewRiddle(player: pick(players), category()) }),
            (5, { .scanCrewPlace(player: pick(players), category()) }),
            (2, { let p = pick(players); return .challenge(player: p, other: other(than: p), category()) }),
            (2, { .answerChallenges(player: pick(players), [.accept, .accept, .decline, .withdraw][pick(4)]) }),
            (3, { .scanRacePlace(player: pick(players)) }),
            (2, { let p = pick(players); return .giftFreebie(player: p, other: other(than: p)) }),
            (3, { .redeemFreebie(player: pick(players)) }),
            (2, { .voidLatestScan(player: pick(players)) }),
            (2, { .adjustXP(player: pick(players), xp: [-40, -5, 10, 25, 80][pick(5)]) }),
            (1, { .closePlace(place: pick(places)) }),
            (1, { .reopenPlace(place: pick(places)) }),
            (1, { .retirePlace(place: pick(places)) }),
            (1, { .restoreContent }),
            (1, { .retirePlaceInConsole(place: pick(places)) }),
            (1, { .rollBack }),
            (10, { .clockJump(seconds: [45, 90, 300, 900, 3600, 4 * 3600, 86_400, -120][pick(8)]) }),
        ]
        let total = weighted.reduce(0) { $0 + $1.weight }
        func drawOne() -> SimulationCommand {
            var draw = pick(total)
            for entry in weighted {
                if draw < entry.weight { return entry.make() }
                draw -= entry.weight
            }
            return .restoreContent
        }
        // A fault in one command of about fifty; a write past the deadline costs the deadline in
        // waiting, so it is the rarest.
        let faults: [StoreFault] = Array(repeating: .connectionDroppedMidTransaction, count: 5) + Array(repeating: .everyConnectionCut, count: 4)
            + [.statementPastDeadline]
        // Commands about different players, and at most one that is no player's (an organiser's
        // or the clock's): what one of them changes in the model is its own players' alone.
        func drawTogether() -> SimulationCommand {
            var together: [SimulationCommand] = []
            for _ in 0..<(2 + pick(2)) {
                let next = drawOne()
                let taken = Set(together.flatMap(\.players))
                if next.players.isEmpty ? together.contains(where: \.players.isEmpty) : !taken.isDisjoint(with: next.players) { continue }
                together.append(next)
            }
            return together.count > 1 ? .atOnce(together) : together[0]
        }
        let sameRequestTwice = atOnce ? total / 15 : 0, inFlight = atOnce ? total / 6 : 0
        return (0..<count).map { _ in
            switch pick(total + 4 + sameRequestTwice + inFlight) {
            case total..<(total + 3): .underFault(faults[pick(faults.count)], drawOne())
            case total + 3: .clockToDaylightSavingChange
            case (total + 4)..<(total + 4 + sameRequestTwice):
                pick(2) == 0 ? .redeemTwiceAtOnce(player: pick(players)) : .scanTwiceAtOnce(player: pick(players), category())
            case (total + 4 + sameRequestTwice)...: drawTogether()
            default: drawOne()
            }
        }
    }
}
