import Foundation

/// What a player holds and lately gave up, as a store reads it under the player's lock: the
/// state every rule about holding riddles decides from.
public struct RiddleHoldings: Sendable, Equatable {
    /// The riddles held now (one per category, by the rules below).
    public var active: [RiddleAttempt]
    /// The riddles the player gave up, each with the last time they gave it up.
    public var givenUp: [String: Date]
    /// The player's ledger: which places they found.
    public var ledger: [GameEvent]
    /// The riddles the stored content has retired, read in the same transaction: an import
    /// may have committed since the content deciding was loaded (a publish while the player
    /// asked), and a retired riddle is never handed out.
    public var retiredRiddles: Set<String>

    public init(active: [RiddleAttempt], givenUp: [String: Date], ledger: [GameEvent], retiredRiddles: Set<String> = []) {
        self.active = active
        self.givenUp = givenUp
        self.ledger = ledger
        self.retiredRiddles = retiredRiddles
    }
}

/// What asking for a riddle in a category comes to.
public struct RiddleRequestDecision: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// The one already held in the category, again: one riddle per category at a time.
        case keep(RiddleAttempt)
        /// Hold this riddle, new.
        case start(Riddle)
        /// None to offer, and why (`nothingOpen`, `categoryExhausted`).
        case refuse(GameRefusal)
    }

    public var outcome: Outcome
    /// A riddle held in the category that the content no longer plays, taken back first (one
    /// an import raced with); none as a rule.
    public var releases: [RiddleRelease]

    public init(_ outcome: Outcome, releases: [RiddleRelease] = []) {
        self.outcome = outcome
        self.releases = releases
    }
}

/// The rules of holding riddles, written once: asking in a category, the give-up cooldown,
/// and taking back riddles the content no longer plays. Pure: a store reads the holdings
/// under its lock, these decide, the store writes what they decided.
public struct RiddleHolding: Sendable {
    public let selection: RiddleSelection
    /// How long a riddle given up waits before it is offered again (unless nothing else is left).
    public let giveUpCooldown: TimeInterval

    public init(selection: RiddleSelection, giveUpCooldown: TimeInterval) {
        self.selection = selection
        self.giveUpCooldown = giveUpCooldown
    }

    /// The riddle held in `category` (whatever `difficulty` is asked: one riddle a category),
    /// or a new one drawn among the unsolved places open now or within the opening window, of
    /// `difficulty` if one is asked for, or the refusal saying why there is none.
    /// `avoiding` are places a new riddle should not lead to if another will do: those of the
    /// player's crew's riddles, where a scan counts for the crew (and the crew's solve there
    /// would leave the player's own riddle nothing to pay).
    public func ask<R: RandomNumberGenerator>(in category: Category, difficulty: Difficulty? = nil, holdings: RiddleHoldings,
                                              avoiding: Set<String> = [], at now: Date, using generator: inout R) -> RiddleRequestDecision {
        let selection = selection.excluding(riddles: holdings.retiredRiddles)
        let held = holdings.active.filter { $0.category == category }
        let releases = Self.releases(of: held, under: selection.content)
        if let kept = held.first(where: { Self.isPlayable($0, in: selection.content) }) { return RiddleRequestDecision(.keep(kept)) }
        let solved = PlayerStanding.places(in: holdings.ledger).solved
        let cooling = Set(holdings.givenUp.filter { $0.value > now - giveUpCooldown }.keys)
        let avoided = avoiding.subtracting(solved)
        if !avoided.isEmpty, let riddle = selection.choose(in: category, difficulty: difficulty, solved: solved.union(avoided),
                                                           recentlyGivenUp: cooling, at: now, using: &generator) {
            return RiddleRequestDecision(.start(riddle), releases: releases)
        }
        if let riddle = selection.choose(in: category, difficulty: difficulty, solved: solved, recentlyGivenUp: cooling, at: now,
                                         using: &generator) {
            return RiddleRequestDecision(.start(riddle), releases: releases)
        }
        if let difficulty, case let available = selection.openDifficulties(in: category, solved: solved, at: now), !available.isEmpty {
            return RiddleRequestDecision(.refuse(.difficultyUnavailable(category, difficulty, available: available)), releases: releases)
        }
        if selection.hasUnsolved(in: category, solved: solved) { return RiddleRequestDecision(.refuse(.nothingOpen(category)), releases: releases) }
        let remaining = Category.allCases.filter { $0 != category && selection.hasUnsolved(in: $0, solved: solved) }
        return RiddleRequestDecision(.refuse(.categoryExhausted(category, remaining: remaining)), releases: releases)
    }

    /// Whether `content` still plays the riddle `attempt` holds, at the place it was held for.
    /// A riddle that left the files, or now describes another place, is no longer playable.
    public static func isPlayable(_ attempt: RiddleAttempt, in content: CampusContent) -> Bool {
        isPlayable(riddleID: attempt.riddleID, at: attempt.checkpointID, in: content)
    }

    static func isPlayable(riddleID: String, at checkpointID: String, in content: CampusContent) -> Bool {
        content.riddles.contains { $0.id == riddleID && $0.checkpointID == checkpointID } && content.checkpoints.contains { $0.id == checkpointID }
    }

    /// The riddles crews hold that `content` no longer plays, each taken back with the news for
    /// every member: the crew may ask for another in the category at once.
    public static func releases(of holdings: [CrewHolding], under content: CampusContent) -> [CrewRiddleRelease] {
        holdings.filter { !isPlayable(riddleID: $0.riddleID, at: $0.checkpointID, in: content) }.map { holding in
            CrewRiddleRelease(crewRiddleID: holding.crewRiddleID, news: holding.members.map {
                LiveEvent(playerID: $0, kind: .crewRiddleReleased, values: ["category": holding.category.rawValue], subjectID: holding.crewRiddleID)
            })
        }
    }

    /// The held riddles `content` no longer plays, each taken back (closed as `released`, not
    /// given up: the player may ask again at once) with the news for its holder.
    public static func releases(of active: [RiddleAttempt], under content: CampusContent) -> [RiddleRelease] {
        active.filter { !isPlayable($0, in: content) }.map { attempt in
            RiddleRelease(attempt: attempt, news: LiveEvent(playerID: attempt.playerID, kind: .riddleReleased,
                                                            values: ["category": attempt.category.rawValue], subjectID: attempt.id))
        }
    }
}

/// A crew riddle taken back because the content no longer plays it, and what its members hear.
public struct CrewRiddleRelease: Sendable, Hashable {
    public var crewRiddleID: Int64
    public var news: [LiveEvent]

    public init(crewRiddleID: Int64, news: [LiveEvent]) {
        self.crewRiddleID = crewRiddleID
        self.news = news
    }
}

/// A held riddle taken back because the content no longer plays it, and what its holder hears.
public struct RiddleRelease: Sendable, Hashable {
    public var attempt: RiddleAttempt
    public var news: LiveEvent

    public init(attempt: RiddleAttempt, news: LiveEvent) {
        self.attempt = attempt
        self.news = news
    }
}

/// What a crew holds and has solved together, with its members' ledgers, as a store reads it
/// with the crew locked.
public struct CrewRiddleHoldings: Sendable, Equatable {
    /// The riddles the crew holds now (neither solved nor released).
    public var held: [CrewRiddle]
    /// Each member's ledger, by player id.
    public var ledgers: [Int64: [GameEvent]]
    /// The places the crew solved together.
    public var solvedTogether: Set<String>
    /// The riddles the stored content has retired (see ``RiddleHoldings/retiredRiddles``).
    public var retiredRiddles: Set<String>

    public init(held: [CrewRiddle], ledgers: [Int64: [GameEvent]], solvedTogether: Set<String>, retiredRiddles: Set<String> = []) {
        self.held = held
        self.ledgers = ledgers
        self.solvedTogether = solvedTogether
        self.retiredRiddles = retiredRiddles
    }
}

/// What a member asking for a crew riddle in a category comes to.
public enum CrewRiddleDecision: Sendable, Equatable {
    /// The crew's riddle in the category, again: one per category at a time.
    case keep(CrewRiddle)
    case start(Riddle)
    case refuse(GameRefusal)
}

extension RiddleHolding {
    /// The crew's riddle in `category`, or a new one at an open place no member has solved
    /// (alone or with the crew: it is new to all of them) and none of `excluded` (where a
    /// member's own riddle leads: a scan there would be that riddle's), or why there is none.
    /// `selection` is drawn for the members' combined profile; no cooldown applies to crews.
    public func askForCrew<R: RandomNumberGenerator>(in category: Category, holdings: CrewRiddleHoldings, excluding excluded: Set<String>,
                                                     at now: Date, using generator: inout R) -> CrewRiddleDecision {
        if let held = holdings.held.first(where: { $0.category == category }) { return .keep(held) }
        let selection = selection.excluding(riddles: holdings.retiredRiddles)
        let solved = holdings.ledgers.values.reduce(into: holdings.solvedTogether.union(excluded)) {
            $0.formUnion(PlayerStanding.places(in: $1).solved)
        }
        if let riddle = selection.choose(in: category, solved: solved, recentlyGivenUp: [], at: now, using: &generator) { return .start(riddle) }
        if selection.hasUnsolved(in: category, solved: solved) { return .refuse(.nothingOpen(category)) }
        let remaining = Category.allCases.filter { $0 != category && selection.hasUnsolved(in: $0, solved: solved) }
        return .refuse(.categoryExhausted(category, remaining: remaining))
    }
}
