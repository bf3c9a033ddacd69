import Foundation
import PuzzleMapCore

/// What asking for a crew riddle led to.
public enum CrewRiddleStart: Sendable, Equatable {
    /// The crew already holds one in the category.
    case existing(CrewRiddle)
    case started(CrewRiddle)
    /// Nothing to offer, for the reason the game gave.
    case refused(GameRefusal)
}

/// What a member's scan of a crew riddle's place writes, besides the scan itself.
public struct CrewSolve: Sendable {
    /// One member's share: the riddle's reward as a `solved` event (none for a member who had
    /// solved the place before) and the `crewBonus`, appended in that order, and the offers
    /// those unlock.
    public struct Award: Sendable {
        public var playerID: Int64
        public var events: [GameEvent]
        public var grants: [VoucherGrant]

        public init(playerID: Int64, events: [GameEvent], grants: [VoucherGrant]) {
            self.playerID = playerID
            self.events = events
            self.grants = grants
        }
    }

    public var crewRiddleID: Int64
    public var riddleID: String
    public var hintsUsed: Int
    public var awards: [Award]

    public init(crewRiddleID: Int64, riddleID: String, hintsUsed: Int, awards: [Award]) {
        self.crewRiddleID = crewRiddleID
        self.riddleID = riddleID
        self.hintsUsed = hintsUsed
        self.awards = awards
    }
}

/// What the scan's transaction read of the scanner's crew, when its riddle leads here.
public struct CrewPlay: Sendable {
    public var crew: Crew
    /// The crew's unsolved riddle at the scanned place, locked, with its scans.
    public var riddle: CrewRiddle
    /// Every member's ledger, for their awards' levels, badges and offers.
    public var ledgers: [Int64: [GameEvent]]

    public init(crew: Crew, riddle: CrewRiddle, ledgers: [Int64: [GameEvent]]) {
        self.crew = crew
        self.riddle = riddle
        self.ledgers = ledgers
    }
}

/// Crews and their riddles. The decisions are the game's: a store reads, locks and writes what
/// it is told. A crew riddle's scans and solve are written by `ScanStore.performScan`.
public protocol CrewStore: Sendable {
    func crew(ofPlayer playerID: Int64) async throws -> Crew?
    func crew(id: Int64) async throws -> Crew?
    /// Makes a crew led by the player unless `decide` refuses (it sees the player's crew).
    func createCrew(name: String, leaderID: Int64, at date: Date, decide: @Sendable (_ current: Crew?) throws -> Void) async throws -> Crew
    /// Adds the player to crew `id` with the crew locked, unless `decide` refuses (it sees the
    /// crew, `nil` if there is none, and the player's current crew).
    func joinCrew(id: Int64, playerID: Int64, at date: Date, decide: @Sendable (_ crew: Crew?, _ current: Crew?) throws -> Void,
                  announce: @Sendable (Crew) -> [LiveEvent]) async throws -> Crew
    /// Takes `memberID` out of their crew, as `decide` allows (it sees the crew). When the
    /// leader goes, the longest-standing member leads; the last one out ends the crew. The crew
    /// as it is afterwards, `nil` if it ended.
    func leaveCrew(memberID: Int64, at date: Date, decide: @Sendable (Crew) throws -> Void) async throws -> Crew?
    /// The crew's unsolved riddles, with their scans.
    func crewRiddles(crewID: Int64) async throws -> [CrewRiddle]
    /// Reads what the crew holds, its members' ledgers and the places it solved together
    /// (`CrewRiddleHoldings`) with the crew locked, lets `decide` say what asking in `category`
    /// comes to, and writes the new riddle it chose, in one transaction: two members asking at
    /// once get one riddle.
    func startCrewRiddle(crewID: Int64, category: Category, at date: Date,
                         decide: @Sendable (CrewRiddleHoldings) -> CrewRiddleDecision) async throws -> CrewRiddleStart
    /// One more hint on the crew's riddle, for every member; `nil` if the player's crew holds
    /// no such unsolved riddle or every hint is shown.
    func takeCrewHint(crewRiddleID: Int64, playerID: Int64, maxHints: Int, at date: Date,
                      announce: @Sendable (CrewRiddle, Crew) -> [LiveEvent]) async throws -> CrewRiddle?
    /// A new join code for the member's crew, as `decide` allows (it sees the crew): the
    /// crew's code version goes up, so the old code stops working.
    func renewCrewCode(memberID: Int64, decide: @Sendable (Crew) throws -> Void) async throws -> Crew

    // MARK: The crews' board

    /// The crews that solved riddles together in `period` (the campus week of `date`, or all
    /// time), most first, then the longest-standing.
    func crewScores(period: LeaderboardPeriod, limit: Int, at date: Date) async throws -> [CrewScore]
    /// The crew's riddles solved together in `period` and how many crews solved more; `nil`
    /// when it solved none.
    func crewScore(crewID: Int64, period: LeaderboardPeriod, at date: Date) async throws -> (solved: Int, crewsAhead: Int)?

    // MARK: Invitations

    /// Invites `playerID` into the member's crew, as `decide` allows (it sees the crew, locked);
    /// inviting someone again gives the waiting invitation back.
    func inviteToCrew(memberID: Int64, playerID: Int64, at date: Date, decide: @Sendable (Crew) throws -> Void,
                      announce: @Sendable (CrewInvitation) -> [LiveEvent]) async throws -> CrewInvitation
    /// The invitations waiting for the player, newest first.
    func crewInvitations(playerID: Int64) async throws -> [CrewInvitation]
    /// Withdraws the player's invitation `id`; whether there was one. Joining any crew also
    /// clears the player's invitations, as does the crew ending.
    func declineCrewInvitation(id: Int64, playerID: Int64) async throws -> Bool
}
