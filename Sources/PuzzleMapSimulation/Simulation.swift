import Crypto
import Foundation
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapStorage
import Synchronization

/// A whole hunt played from one seed through the real use cases (`Hunt`) on a real store:
/// players ask, hint, give up, scan right, wrong, forged and retried codes, check in, make and
/// block friends; organisers void, adjust, close, reopen, retire and restore places; the clock
/// jumps. After every step the invariants are checked against the store and against a small
/// reference model the simulation keeps of what the use cases told each player. The same seed
/// gives the same run, step for step, and the same final `digest`.
public struct Simulation: Sendable {
    /// A run's shape.
    public struct Settings: Sendable {
        public var seed: UInt64
        public var steps: Int
        public var players: Int
        /// Every invariant over every player each this many steps (the players a step touched
        /// are checked after each step).
        public var fullCheckEvery: Int
        /// Only these steps of the seed's commands (a shrunk run's replay); all when `nil`.
        public var only: [Int]?
        /// Whether the faults the commands name are made to happen, where the store has them;
        /// without, a faulty command runs as it would with no fault (so that the stores can be
        /// compared step for step).
        public var faults: Bool
        /// Whether some steps are several commands in flight at once (see
        /// ``SimulationCommand/atOnce(_:)``): the store, not the seed, then decides their order,
        /// so a seed's digest may differ between runs; a failure still names its seed and steps.
        public var atOnce: Bool

        public init(seed: UInt64, steps: Int, players: Int = 8, fullCheckEvery: Int = 50, only: [Int]? = nil, faults: Bool = true,
                    atOnce: Bool = false) {
            self.seed = seed
            self.steps = steps
            self.players = players
            self.fullCheckEvery = fullCheckEvery
            self.only = only
            self.faults = faults
            self.atOnce = atOnce
        }
    }

    /// An invariant that did not hold, after which step.
    public struct Violation: Error, Sendable, CustomStringConvertible {
        public var step: Int
        public var command: SimulationCommand?
        public var invariant: String
        public var detail: String
        /// The player (by number) whose state broke it, when it is one player's.
        public var player: Int?

        public var description: String {
            "after step \(step) (\(command.map(String.init(describing:)) ?? "set-up")): \(invariant): \(detail)"
        }

        /// The store failed to answer a check: the invariant that it answers after every step.
        static func storeFailed(_ error: any Error, step: Int, command: SimulationCommand?) -> Violation {
            Violation(step: step, command: command, invariant: "the store answers after every step", detail: String(reflecting: error))
        }
    }

    /// What a run that held every invariant ends with.
    public struct Outcome: Sendable {
        public var stepsRun: Int
        /// SHA-256 of the final state of every player (ledger, riddles held, freebies), without
        /// the store's row ids: two runs of a seed give the same digest, on either store.
        public var digest: String
        /// How many steps were refused by the game (the refusals the rules give), by code.
        public var refusals: [String: Int]
    }

    /// A fresh store to play on, with its faults: each run, and each try while shrinking, gets
    /// its own.
    public typealias StoreMaker = @Sendable () async throws -> SimulatedStore

    public let content: CampusContent
    public let makeStore: StoreMaker

    public init(content: CampusContent, makeStore: @escaping StoreMaker) {
        self.content = content
        self.makeStore = makeStore
    }

    /// The commands of `settings`' run, numbered as `only` names them.
    public func commands(_ settings: Settings) -> [(index: Int, command: SimulationCommand)] {
        let all = SimulationCommand.draw(settings.steps, players: settings.players, places: content.checkpoints.count, seed: settings.seed,
                                         atOnce: settings.atOnce)
        let indices = settings.only ?? Array(all.indices)
        return indices.filter { all.indices.contains($0) }.map { ($0, all[$0]) }
    }

    /// Plays the run; throws the first `Violation`.
    public func run(_ settings: Settings, progress: (Int) -> Void = { _ in }) async throws -> Outcome {
        let store = try await makeStore()
        let world = try await SimulatedWorld(content: content, store: store.repository, faults: settings.faults ? store.faults : nil, settings: settings)
        defer {
            world.signals.stop()
            Task { [repository = world.hunt.repository] in try? await repository.close() }
        }
        var count = 0
        for (index, command) in commands(settings) {
            try await world.perform(command, step: index)
            count += 1
            if count % settings.fullCheckEvery == 0 {
                try await world.checkEveryone(step: index, command: command)
                progress(count)
            }
        }
        try await world.checkEveryone(step: settings.steps, command: nil)
        return Outcome(stepsRun: count, digest: try await world.digest(), refusals: await world.refusals)
    }
}

/// The clock the simulated hunt reads, moved only by the run.
final class SimulationClock: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date) { current = Mutex(start) }

    var now: Date { current.withLock { $0 } }
    func jump(by seconds: TimeInterval) { current.withLock { $0 += seconds } }
    func move(to date: Date) { current.withLock { $0 = date } }
}

/// The organiser's files as a reload reads them, rewritten by the run.
final class ContentFiles: Sendable {
    private let current: Mutex<CampusContent>

    init(_ content: CampusContent) { current = Mutex(content) }

    var content: CampusContent {
        get { current.withLock { $0 } }
        set { current.withLock { $0 = newValue } }
    }
}

/// The store's account signals as they come, held back from the hunt until a full check hears
/// them all at once (``SimulatedWorld/hearHeldSignals(step:command:)``): between checks the
/// hunt hears none, so each step's own writes must show by what the write does alone; at a
/// check every signal of the steps before is heard, in order, as an instance would have heard
/// them by then, and what the hunt keeps of everyone's boards must follow them.
final class HeldSignals: Sendable {
    private let held = Mutex<(signals: [AccountSignal], flowing: Bool)>(([], false))
    private let listening = Mutex<Task<Void, Never>?>(nil)

    func listen(to signals: AsyncStream<AccountSignal>) {
        listening.withLock { listening in
            listening = Task { [self] in
                for await signal in signals {
                    held.withLock { held in
                        held.signals.append(signal)
                        if signal == .lost || signal == .listening { held.flowing = signal == .listening }
                    }
                }
            }
        }
    }

    /// Whether signals flow: the connection that brings them is not lost.
    var flowing: Bool { held.withLock { $0.flowing } }

    func stop() {
        listening.withLock { $0?.cancel() }
    }

    /// The signals held up to and including `marker`, taken; nil while it has not come.
    func take(through marker: AccountSignal) -> [AccountSignal]? {
        held.withLock { held in
            guard let end = held.signals.firstIndex(of: marker) else { return nil }
            defer { held.signals.removeFirst(end + 1) }
            return Array(held.signals[...end])
        }
    }
}

/// One run's hunt, store, players and reference model. An actor: the commands of a step in
/// flight at once change the model in turn, each between its awaits.
actor SimulatedWorld {
    let fullContent: CampusContent
    /// The content the files say now (a reload reads it).
    private let files: ContentFiles
    let running: RunningHunt
    nonisolated var hunt: Hunt { running.hunt }
    let clock: SimulationClock
    let players: [Account]
    let organiser: Organiser
    let settings: Simulation.Settings
    /// What makes the commands' faults happen; `nil` runs them without.
    let faults: (any StoreFaults)?
    /// The store's signals, heard at each full check.
    let signals = HeldSignals()

    // The reference model: what the use cases told each player, kept apart from the store.
    /// XP each player was told they earned or lost, added up.
    private var toldXP: [Int64: Int] = [:]
    /// The total and level a scan decided in this step told its player they now have.
    private var toldTotals: [Int64: (xp: Int, level: Int)] = [:]
    /// The riddle each player holds by category, as the answers gave it.
    private var held: [Int64: [Category: RiddleAttempt]] = [:]
    /// Each player's last scan: its key, the code sent and the answer given.
    private var lastScan: [Int64: (key: String, texts: [String], result: ScanResult)] = [:]
    /// Each player's pending check-in, from their last wrong-place scan.
    private var pendingCheckIn: [Int64: String] = [:]
    /// The state each player was last seen in, with its play version.
    private var seen: [Int64: ProgressState] = [:]
    private(set) var refusals: [String: Int] = [:]
    /// The freebies staff redeemed.
    private var redeemed: Set<Int64> = []
    /// The last live event read of each player.
    private var newsRead: [Int64: Int64] = [:]
    /// The players whose scans in this step solved their crew's riddle.
    private var crewSolvers: Set<Int64> = []
    /// A staff member of each partner shop.
    private var staff: [String: ShopStaff] = [:]
    /// Each player's session as their phone holds it, by its token: what the hunt keeps of it
    /// must show the player's own writes as soon as each is answered, by what an answered write
    /// does alone. The store's signals are not heard between full checks (``HeldSignals``): each
    /// would bring the kept session up to date by itself, and hide a write that failed to.
    private var sessions: [Int64: (token: String, started: SignedIn)] = [:]

    init(content: CampusContent, store: any HuntRepository, faults: (any StoreFaults)?, settings: Simulation.Settings) async throws {
        fullContent = content
        self.settings = settings
        self.faults = faults
        let clock = SimulationClock(Date(timeIntervalSince1970: 1_790_000_000))  // a Monday, 14:13 UTC
        self.clock = clock
        let importedAt = clock.now
        _ = try await store.importContent(at: importedAt, audit: nil) { stored in ContentImport(importing: content, over: stored, at: importedAt) }
        var key = SplitMix64(seed: settings.seed ^ 0x5EED)
        let secrets = ServiceSecrets(tagKeyData: Data((0..<32).map { _ in UInt8(truncatingIfNeeded: key.next()) }),
                                     tokenKeyData: Data((0..<32).map { _ in UInt8(truncatingIfNeeded: key.next()) }))!
        let hunt = Hunt(repository: store, content: content, secrets: secrets, random: .seeded(settings.seed), now: { clock.now })
        let files = ContentFiles(content)
        self.files = files
        running = RunningHunt(hunt, source: ContentSource { files.content })
        var players: [Account] = []
        for index in 0..<settings.players {
            // Three players in four confirm their address with the mailed code (the others' freebies
            // wait for it at the counter).
            let email = "p\(index)@student.gla.ac.uk", code = "\(100_000 + index)"
            var account = try await store.createAccount(
                email: email, username: "p\(index)", displayName: "Player \(index)", passwordHash: "$argon2id$p\(index)",
                verificationCodeHash: SecretToken.hash(code, key: secrets.tokenKeyData), verificationExpiresAt: clock.now + 3600,
                mail: MailDraft(recipient: email, subject: "Welcome", body: "Hi"), at: clock.now)
            if index % 4 != 3 {
                try await hunt.verifyEmail(email: email, code: code)
                account = try await store.account(login: email) ?? account
            }
            let answers = Dictionary(uniqueKeysWithValues: content.quiz.enumerated().map { question in
                (question.element.id, QuizAnswer.allCases[(index + question.offset) % QuizAnswer.allCases.count])
            })
            _ = try await hunt.answerQuiz(answers, playerID: account.player.id)
            players.append(account)
        }
        self.players = players
        _ = try await store.createAccount(
            email: "organiser@gla.ac.uk", username: "organiser", displayName: "Organiser", passwordHash: "$argon2id$o", verificationCodeHash: "code",
            verificationExpiresAt: clock.now + 3600, mail: MailDraft(recipient: "organiser@gla.ac.uk", subject: "Welcome", body: "Hi"), at: clock.now)
        organiser = Organiser(try await store.setRole(email: "organiser@gla.ac.uk", role: .admin, partnerID: nil))!
        for partner in content.partners {
            let email = "staff-\(partner.id)@gla.ac.uk"
            _ = try await store.createAccount(
                email: email, username: "staff-\(partner.id)", displayName: "Staff", passwordHash: "$argon2id$s", verificationCodeHash: "code",
                verificationExpiresAt: clock.now + 3600, mail: MailDraft(recipient: email, subject: "Welcome", body: "Hi"), at: clock.now)
            staff[partner.id] = try hunt.shopStaff(try await store.setRole(email: email, role: .staff, partnerID: partner.id))
        }
        for player in players { seen[player.player.id] = try await store.progressState(playerID: player.player.id) }
        hunt.hear(.listening)
        signals.listen(to: store.accountSignals())
        for player in players { try await signIn(player) }
    }

    /// Opens a session for the player, as their phone holds it (a browser's, for the longest life).
    private func signIn(_ account: Account) async throws {
        let token = try await hunt.openSession(for: account, device: .browser).accessToken
        guard let signedIn = try await hunt.signedIn(accessToken: token) else { throw StorageError.unknownValue("a session just opened") }
        sessions[account.player.id] = (token, signedIn)
    }

    // MARK: Steps

    func perform(_ command: SimulationCommand, step: Int) async throws {
        toldTotals = [:]
        var touched = try await outcome(of: command, step: step)
        // After a fault as after anything else, the next reads are answered: at once, or, after
        // every connection was cut, once the pool has connected again (a few seconds at most, as
        // a phone retrying a 503 would find).
        var retries = command.isUnderFault ? 10 : 0
        while true {
            do {
                touched.formUnion(try await creditCrewSolves(after: command))
                for playerID in touched.sorted() {
                    // What an answered write does for its player's next request (`Hunt.answering`).
                    if let session = sessions[playerID] { await hunt.forgetKept(afterWriteIn: session.started) }
                    try await check(playerID, step: step, command: command, readingOwnWrite: true)
                }
                return
            } catch let violation as Simulation.Violation {
                throw violation
            } catch where retries > 0 && error.isStoreUnavailable {
                retries -= 1
                try await Task.sleep(for: .milliseconds(500))
            } catch {
                throw Simulation.Violation.storeFailed(error, step: step, command: command)
            }
        }
    }

    /// Runs the command; the players whose state it may have changed. A refusal the rules give
    /// is counted (its players are checked as they are); any other failure is a violation.
    private func outcome(of command: SimulationCommand, step: Int) async throws -> Set<Int64> {
        do {
            return try await apply(command, step: step)
        } catch let violation as Simulation.Violation {
            throw violation
        } catch where faults != nil && command.isUnderFault && error.isStoreUnavailable {
            // The fault reached the command: refused as the database being unavailable, having
            // changed nothing (the checks after the step compare the store with the model, which
            // it did not change either).
            refusals["store.unavailable", default: 0] += 1
        } catch {
            try count(error, step: step, command: command)
        }
        return Set(command.players.map { players[$0].player.id })
    }

    /// Counts a refusal the rules give; throws any other failure as a violation.
    private func count(_ error: any Error, step: Int, command: SimulationCommand) throws {
        guard let code = Self.refusalCode(error) else {
            throw Simulation.Violation(step: step, command: command, invariant: "no unexpected failure", detail: String(reflecting: error))
        }
        refusals[code, default: 0] += 1
    }

    /// The refusal's case, for a refusal the rules give; `nil` for anything else (a failure).
    static func refusalCode(_ error: any Error) -> String? {
        switch error {
        case let refusal as GameRefusal: "game.\(refusal)".prefix { $0 != "(" }.description
        case let refusal as SocialRefusal: "social.\(refusal)".prefix { $0 != "(" }.description
        case let refusal as ModerationRefusal: "moderation.\(refusal)".prefix { $0 != "(" }.description
        case let refusal as OrganiserRefusal: "organiser.\(refusal)".prefix { $0 != "(" }.description
        case let refusal as CrewRefusal: "crew.\(refusal)".prefix { $0 != "(" }.description
        case let refusal as ChallengeRefusal: "challenge.\(refusal)".prefix { $0 != "(" }.description
        case let refusal as RewardRefusal: "reward.\(refusal)".prefix { $0 != "(" }.description
        default: nil
        }
    }

    private func id(_ index: Int) -> Int64 { players[index].player.id }

    /// Runs the command; the players whose state it may have changed.
    private func apply(_ command: SimulationCommand, step: Int) async throws -> Set<Int64> {
        switch command {
        case .askForRiddle(let p, let category):
            let player = id(p)
            let (riddle, isNew) = try await hunt.askForRiddle(playerID: player, category: category)
            if let holding = held[player]?[category], holding.id != riddle.attempt.id || isNew {
                throw violation(step, command, "asking gives the riddle held", "held attempt \(holding.id), got \(riddle.attempt.id) (new: \(isNew))")
            }
            held[player, default: [:]][category] = riddle.attempt
            return [player]
        case .takeHint(let p, let category):
            let player = id(p)
            guard let holding = held[player]?[category] else { return [] }
            let after = try await hunt.takeHint(playerID: player, attemptID: holding.id)
            held[player]?[category] = after.attempt
            return [player]
        case .giveUp(let p, let category):
            let player = id(p)
            guard let holding = held[player]?[category] else { return [] }
            try await hunt.giveUp(playerID: player, attemptID: holding.id)
            held[player]?[category] = nil
            return [player]
        case .scanHeldPlace(let p, let category):
            let player = id(p)
            let place = held[player]?[category]?.checkpointID ?? fullContent.checkpoints[p % fullContent.checkpoints.count].id
            return try await scan(player, texts: [try await typedCode(of: place)], step: step, command: command)
        case .scanPlace(let p, let place):
            return try await scan(id(p), texts: [try await typedCode(of: fullContent.checkpoints[place].id)], step: step, command: command)
        case .scanForgedCode(let p):
            let player = id(p)
            var code = try await typedCode(of: fullContent.checkpoints[p % fullContent.checkpoints.count].id)
            code = String(code.dropLast()) + (code.last == "A" ? "B" : "A")
            return try await scan(player, texts: [code], step: step, command: command)
        case .retryLastScan(let p):
            let player = id(p)
            guard let last = lastScan[player] else { return [] }
            let again = try await hunt.scan(ScanSubmission(texts: last.texts), playerID: player, ownerVerified: false, idempotencyKey: last.key,
                                            requestDigest: last.key)
            guard again.replayed, again.outcome == last.result.outcome else {
                throw violation(step, command, "a retry is answered as the first upload was", "first \(last.result), retry \(again)")
            }
            return [player]
        case .registerCheckIn(let p):
            let player = id(p)
            guard let checkIn = pendingCheckIn.removeValue(forKey: player) else { return [] }
            let change = try await hunt.registerCheckIn(id: checkIn, playerID: player)
            toldXP[player, default: 0] += change.xpAwarded
            return [player]
        case .cancelCheckIn(let p):
            let player = id(p)
            guard let checkIn = pendingCheckIn.removeValue(forKey: player) else { return [] }
            try await hunt.cancelCheckIn(id: checkIn, playerID: player)
            return [player]
        case .requestFriend(let p, let o):
            _ = try await hunt.requestFriend(players[o].player.username, from: id(p))
            return []
        case .answerFriendRequests(let p, let accept):
            for request in try await hunt.friendRequests(playerID: id(p)).incoming {
                try await hunt.answerFriendRequest(id: request.id, playerID: id(p), accept: accept)
            }
            return []
        case .block(let p, let o):
            try await hunt.block(players[o].player.username, playerID: id(p))
            return []
        case .unblock(let p, let o):
            try await hunt.unblock(players[o].player.username, playerID: id(p))
            return []
        case .voidLatestScan(let p):
            let player = id(p)
            guard let scan = try await hunt.repository.scans(playerID: player, limit: 1).first else { return [] }
            let voided = try await hunt.voidScan(id: scan.id, reason: "Simulated void", by: organiser)
            toldXP[player, default: 0] += voided.void.xp
            return [player]
        case .adjustXP(let p, let xp):
            _ = try await hunt.adjustXP(username: players[p].player.username, xp: xp, reason: "Simulated adjustment", by: organiser)
            toldXP[id(p), default: 0] += xp
            return [id(p)]
        case .closePlace(let place):
            _ = try await hunt.closeCheckpoint(fullContent.checkpoints[place].id, note: "Closed in the simulation", by: organiser)
            return []
        case .reopenPlace(let place):
            _ = try await hunt.reopenCheckpoint(fullContent.checkpoints[place].id, by: organiser)
            return []
        case .retirePlace(let place):
            let gone = fullContent.checkpoints[place].id
            var next = files.content
            next.checkpoints.removeAll { $0.id == gone }
            next.riddles.removeAll { $0.checkpointID == gone }
            return try await reload(next)
        case .restoreContent:
            return try await reload(fullContent)
        case .retirePlaceInConsole(let place):
            let id = fullContent.checkpoints[place].id
            if let leftover = try await hunt.draft(for: organiser) { try await running.discardDraft(revision: leftover.revision, by: organiser) }
            let (_, seen) = try await hunt.editing(for: organiser).item(Checkpoint.self, id)
            let draft = try await running.retirePlace(id, seen: seen, by: organiser)
            _ = try await running.publishDraft(revision: draft.revision, by: organiser)
            // Its holders are released through the model as after a reload.
            return dropHoldingsNotPlayed(by: hunt.content)
        case .rollBack:
            let kept = try await hunt.repository.contentVersions().filter(\.isKept)
            guard kept.count > 1 else { return [] }
            _ = try await running.rollback(to: kept[1].id, by: organiser)
            return dropHoldingsNotPlayed(by: hunt.content)
        case .clockJump(let seconds):
            clock.jump(by: TimeInterval(seconds))
            return []
        case .clockToDaylightSavingChange:
            guard let change = fullContent.timeZone.nextDaylightSavingTimeTransition(after: clock.now) else { return [] }
            clock.move(to: change - 60)
            return []
        case .underFault(let fault, let command):
            guard let faults else { return try await apply(command, step: step) }
            return try await faults.during(fault, isolation: self) { try await apply(command, step: step) }
        case .atOnce(let commands):
            var touched: Set<Int64> = try await withThrowingTaskGroup(of: Set<Int64>.self) { group in
                for command in commands { group.addTask { try await self.outcome(of: command, step: step) } }
                var touched: Set<Int64> = []
                for try await players in group { touched.formUnion(players) }
                return touched
            }
            // A reload in flight beside a riddle asked for: whichever the model heard last, a
            // riddle the content no longer plays is not held (the store holding one still is a
            // broken invariant the checks find).
            touched.formUnion(dropHoldingsNotPlayed(by: hunt.content))
            return touched
        case .redeemTwiceAtOnce(let p):
            guard let voucher = try await hunt.repository.vouchers(playerID: id(p)).first,
                  let partner = fullContent.offer(id: voucher.offerID)?.partnerID, let staff = staff[partner]
            else { return [] }
            let code = hunt.code(of: voucher).qrText
            let hunt = hunt
            var redeemedNow = 0
            for result in await twice({ _ in try await hunt.redeem(codes: [code], by: staff) }) {
                switch result {
                case .success(let redemption):
                    redeemedNow += 1
                    if redeemedNow > 1 || !redeemed.insert(redemption.voucher.id).inserted {
                        throw violation(step, command, "a freebie is redeemed once", "voucher \(redemption.voucher.id) redeemed again")
                    }
                case .failure(let error):
                    try count(error, step: step, command: command)
                }
            }
            return [id(p)]
        case .scanTwiceAtOnce(let p, let category):
            let player = id(p)
            guard let place = held[player]?[category]?.checkpointID else { return [] }
            let code = try await typedCode(of: place)
            var touched: Set<Int64> = []
            for result in await twice({ tap in try await self.scan(player, texts: [code], step: step, command: command, key: "step-\(step)-tap-\(tap)") }) {
                switch result {
                case .success(let players): touched.formUnion(players)
                case .failure(let error as Simulation.Violation): throw error
                case .failure(let error): try count(error, step: step, command: command)
                }
            }
            return touched.union([player])
        case .createCrew(let p):
            _ = try await hunt.createCrew(named: "Crew of p\(p)", by: id(p))
            return [id(p)]
        case .joinCrew(let p, let o):
            guard let crew = try await hunt.crew(of: id(o)) else { return [] }
            let joined = try await hunt.joinCrew(byCode: [hunt.crewCode(crew)], playerID: id(p))
            return Set(joined.members.map(\.player.id))
        case .leaveCrew(let p):
            let members = try await hunt.crew(of: id(p))?.members.map(\.player.id) ?? []
            try await hunt.leaveCrew(playerID: id(p))
            return Set(members)
        case .askForCrewRiddle(let p, let category):
            _ = try await hunt.askForCrewRiddle(playerID: id(p), category: category)
            return [id(p)]
        case .scanCrewPlace(let p, let category):
            let player = id(p)
            guard let crew = try await hunt.crew(of: player),
                  let riddle = try await hunt.crewRiddles(of: crew).first(where: { $0.crewRiddle.category == category })
            else { return [] }
            return try await scan(player, texts: [try await typedCode(of: riddle.crewRiddle.checkpointID)], step: step, command: command)
        case .challenge(let p, let o, let category):
            _ = try await hunt.challenge(players[o].player.username, in: category, from: id(p))
            return [id(p), id(o)]
        case .answerChallenges(let p, let answer):
            for status in try await hunt.challenges(playerID: id(p)) where status.state.isOpen {
                let mine = answer == .withdraw ? status.challenge.challenger.id == id(p) : status.challenge.challenged.id == id(p)
                if mine { _ = try await hunt.answerChallenge(id: status.challenge.id, answer, playerID: id(p)) }
            }
            return [id(p)]
        case .scanRacePlace(let p):
            let races = try await hunt.challenges(playerID: id(p)).filter { if case .racing = $0.state { true } else { false } }
            guard let race = races.first else { return [] }
            return try await scan(id(p), texts: [try await typedCode(of: race.challenge.checkpointID)], step: step, command: command)
        case .giftFreebie(let p, let o):
            guard let voucher = try await hunt.vouchers(heldBy: players[p]).first(where: \.isGiftable) else { return [] }
            _ = try await hunt.giftVoucher(id: voucher.voucher.id, from: players[p], to: players[o].player.username)
            return [id(p), id(o)]
        case .redeemFreebie(let p):
            guard let voucher = try await hunt.repository.vouchers(playerID: id(p)).first,
                  let partner = fullContent.offer(id: voucher.offerID)?.partnerID, let staff = staff[partner]
            else { return [] }
            let redemption = try await hunt.redeem(codes: [hunt.code(of: voucher).qrText], by: staff)
            if !redeemed.insert(redemption.voucher.id).inserted {
                throw violation(step, command, "a freebie is redeemed once", "voucher \(redemption.voucher.id) redeemed again")
            }
            return [id(p)]
        }
    }

    /// The live events the player has had since they were last read.
    private func newsSinceLastStep(for playerID: Int64) async throws -> [LiveEvent] {
        let events = try await hunt.repository.liveEvents(playerID: playerID, after: newsRead[playerID, default: 0], limit: 1000)
        if let last = events.last { newsRead[playerID] = last.sequence }
        return events.map(\.event)
    }

    private func violation(_ step: Int, _ command: SimulationCommand, _ invariant: String, _ detail: String) -> Simulation.Violation {
        Simulation.Violation(step: step, command: command, invariant: invariant, detail: detail)
    }

    private func scan(_ player: Int64, texts: [String], step: Int, command: SimulationCommand, key: String? = nil) async throws -> Set<Int64> {
        let key = key ?? "step-\(step)"
        let result = try await hunt.scan(ScanSubmission(texts: texts), playerID: player, ownerVerified: false, idempotencyKey: key, requestDigest: key)
        lastScan[player] = (key, texts, result)
        guard case .decided(let report) = result.outcome else { return [player] }
        toldXP[player, default: 0] += report.standing.xpAwarded
        if !result.replayed { toldTotals[player] = (report.standing.totalXP, report.standing.level) }
        if report.kind == .solved {
            held[player] = held[player]?.filter { $0.value.checkpointID != report.checkpoint.id }
        }
        if let checkIn = report.checkIn { pendingCheckIn[player] = checkIn.id }
        // A scan at the place of the crew's riddle solves it, whichever riddle sent the player
        // there: the other members who took part hear what they earned, read after the step.
        if report.crew?.solved == true { crewSolvers.insert(player) }
        return [player]
    }

    /// What the members of the crews a step's scans solved heard they earned (the scanner's
    /// XP is in their answer; the others are told by a `crewSolved` event). After commands in
    /// flight at once, every player of the step is read too: one may have left the crew.
    private func creditCrewSolves(after command: SimulationCommand) async throws -> Set<Int64> {
        guard !crewSolvers.isEmpty else { return [] }
        var members = Set(command.players.map { players[$0].player.id })
        for scanner in crewSolvers { members.formUnion(try await hunt.crew(of: scanner)?.members.map(\.player.id) ?? []) }
        var told: Set<Int64> = []
        // Each member's news is read once (the cursor moves on), so a retry after the store
        // failed part way credits only the rest.
        for member in members.sorted() {
            for news in try await newsSinceLastStep(for: member) where news.kind == .crewSolved {
                toldXP[member, default: 0] += Int(news.values["xp"] ?? "") ?? 0
                told.insert(member)
            }
        }
        crewSolvers = []
        return told
    }

    /// Writes the files and reloads them, as an organiser's reload does; the riddles the new
    /// content no longer plays leave the model's holdings (the players are told by the game).
    private func reload(_ next: CampusContent) async throws -> Set<Int64> {
        files.content = next
        _ = try await running.reload(by: .service)
        return dropHoldingsNotPlayed(by: next)
    }

    /// Takes the riddles `content` does not play out of the model's holdings; their players.
    private func dropHoldingsNotPlayed(by content: CampusContent) -> Set<Int64> {
        var released: Set<Int64> = []
        for (player, byCategory) in held {
            for (category, attempt) in byCategory where !content.riddles.contains(where: { $0.id == attempt.riddleID && $0.checkpointID == attempt.checkpointID }) {
                held[player]?[category] = nil
                released.insert(player)
            }
        }
        return released
    }

    /// Runs `body` twice at once (given 0 and 1); each run's result, in that order.
    private func twice<T: Sendable>(_ body: @escaping @Sendable (Int) async throws -> T) async -> [Result<T, any Error>] {
        await withTaskGroup(of: (Int, Result<T, any Error>).self) { group in
            for run in 0..<2 {
                group.addTask {
                    do { return (run, .success(try await body(run))) } catch { return (run, .failure(error)) }
                }
            }
            var results: [(Int, Result<T, any Error>)] = []
            for await result in group { results.append(result) }
            return results.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// The code printed on each place's sticker, as a player types it: read from the store once
    /// (a place keeps its number and its tag's version through reloads; only a reprint, which
    /// the simulation does not do, changes them).
    private var stickers: [String: String] = [:]

    private func typedCode(of checkpointID: String) async throws -> String {
        if stickers.isEmpty {
            let signer = TagSigner(secrets: hunt.secrets)
            for stored in try await hunt.repository.checkpoints(includingRetired: true) {
                stickers[stored.id] = signer.manualCode(for: TagPayload(purpose: .checkpoint, subject: UInt64(stored.number), version: stored.tagVersion))
            }
        }
        return stickers[checkpointID] ?? "PM-UNKNOWN"
    }

    // MARK: Invariants

    /// The invariants of one player after a step; with `readingOwnWrite`, right after the step
    /// was answered for them, also that their session, as the hunt keeps it, is at their play
    /// version.
    func check(_ playerID: Int64, step: Int, command: SimulationCommand?, readingOwnWrite: Bool = false) async throws {
        func fail(_ invariant: String, _ detail: String) -> Simulation.Violation {
            Simulation.Violation(step: step, command: command, invariant: invariant, detail: "player \(playerID): \(detail)",
                                 player: players.firstIndex { $0.player.id == playerID })
        }
        let state = try await hunt.repository.progressState(playerID: playerID)
        let ledgerXP = state.events.reduce(0) { $0 + $1.xp }
        if ledgerXP != toldXP[playerID, default: 0] {
            throw fail("XP is what the player was told", "ledger \(ledgerXP), told \(toldXP[playerID, default: 0])")
        }
        // A scan's answer tells the whole total and level, worked out inside its transaction
        // from what the hunt kept of the player carried forward (with that thrown away, seed 1
        // breaks at step 12): checked right after its step, unless that step was commands in
        // flight at once, where a crew mate's scan may add to it after.
        if readingOwnWrite, let told = toldTotals[playerID], !(command?.isAtOnce ?? false) {
            let level = hunt.content.rules.level(forXP: ledgerXP)
            if told.xp != ledgerXP || told.level != level {
                throw fail("a scan tells the player's whole total and level", "told \(told.xp) XP at level \(told.level), ledger \(ledgerXP) at \(level)")
            }
        }
        if let before = seen[playerID], (before.events, before.activeAttempts, before.vouchers) != (state.events, state.activeAttempts, state.vouchers),
           state.playVersion <= before.playVersion {
            throw fail("the play version rises with every change the player can see", "\(before.playVersion) -> \(state.playVersion)")
        }
        seen[playerID] = state
        if readingOwnWrite, let session = sessions[playerID] {
            if let signedIn = try await hunt.signedIn(accessToken: session.token) {
                if signedIn.playVersion != state.playVersion {
                    throw fail("a player reads their own write from what is kept of their session",
                               "session at play version \(signedIn.playVersion), store at \(state.playVersion)")
                }
                sessions[playerID]?.started = signedIn
            } else if let account = players.first(where: { $0.player.id == playerID }) {
                // The clock moved past the token's life: the phone signs in again.
                try await signIn(account)
            }
            // Their board among everyone, from what the hunt keeps of it, shows their own total,
            // in their row and as theirs, before any signal of it is heard.
            let board = try await hunt.leaderboard(playerID: playerID, period: .all, friendsOnly: false, limit: players.count + 1)
            let row = board.rows.first { $0.entry.player.id == playerID }?.entry.xp
            if board.xp != max(ledgerXP, 0) || row != (ledgerXP > 0 ? ledgerXP : nil) {
                throw fail("a player reads their own write on their board", "board \(board.xp), row \(row.map(String.init) ?? "none"), ledger \(ledgerXP)")
            }
        }
        let counted = state.events.counted
        // A place pays its solver once, whoever's riddle led there, and its finder without a
        // riddle (exploring, a check-in) once; a place explored may still be a riddle's answer.
        var solvedAt: [String: Int] = [:], foundAt: [String: Int] = [:], crewBonuses: [String: Int] = [:]
        for event in counted {
            if event.kind == .solved { solvedAt[event.checkpointID ?? "", default: 0] += 1 }
            if [.explored, .checkedIn].contains(event.kind) { foundAt[event.checkpointID ?? "", default: 0] += 1 }
            if event.kind == .crewBonus { crewBonuses[event.riddleID ?? "", default: 0] += 1 }
        }
        if let twice = crewBonuses.first(where: { $0.value > 1 }) {
            throw fail("a crew riddle pays each member once", "\(twice.key) paid its bonus \(twice.value) times")
        }
        if let twice = solvedAt.first(where: { $0.value > 1 }) {
            throw fail("a place pays its solver once", "\(twice.key) solved \(twice.value) times")
        }
        if let twice = foundAt.first(where: { $0.value > 1 }) {
            throw fail("a place pays its finder once", "\(twice.key) found \(twice.value) times")
        }
        let categories = state.activeAttempts.map(\.category)
        if Set(categories).count != categories.count { throw fail("one riddle held per category", "\(categories)") }
        let content = hunt.content
        if let stranded = state.activeAttempts.first(where: { attempt in
            !content.riddles.contains { $0.id == attempt.riddleID && $0.checkpointID == attempt.checkpointID }
        }) {
            throw fail("every held riddle is playable", "attempt \(stranded.id) holds \(stranded.riddleID), which the content no longer plays")
        }
        let modelHeld = Set((held[playerID] ?? [:]).values.map(\.id)), storeHeld = Set(state.activeAttempts.map(\.id))
        if modelHeld != storeHeld { throw fail("the riddles held are the ones the answers gave", "model \(modelHeld.sorted()), store \(storeHeld.sorted())") }
        let progress = try await hunt.progress(playerID: playerID, ownerVerified: false, playVersion: state.playVersion)
        let level = content.rules.level(forXP: ledgerXP)
        if progress.xp != ledgerXP || progress.level != level {
            throw fail("progress is the ledger's", "progress \(progress.xp) XP level \(progress.level), ledger \(ledgerXP) XP level \(level)")
        }
        // What the hunt keeps is carried forward from earlier reads by the events since: its
        // badges, each dated by the event that completed it, are a replay of the whole ledger's.
        let replayed = PlayerStanding(events: state.events, content: content)
        let shownBadges = progress.earnedBadges.map { "\($0.badge.id)@\($0.earnedAt.timeIntervalSince1970)" }
        let ledgerBadges = content.badges.compactMap { badge in replayed.earnedAt[badge.id].map { "\(badge.id)@\($0.timeIntervalSince1970)" } }
        if shownBadges != ledgerBadges || progress.placesVisited != replayed.visitedIDs.count {
            throw fail("progress is the ledger's", "badges \(shownBadges), places \(progress.placesVisited); ledger \(ledgerBadges), places \(replayed.visitedIDs.count)")
        }
        let places = PlayerStanding.places(in: state.events)
        let map = try await hunt.map(playerID: playerID, playVersion: state.playVersion)
        for (place, shown) in zip(content.checkpoints, map) {
            let found: MapPlace.Status = places.solved.contains(place.id) ? .solved : places.visited.contains(place.id) ? .visited : .unvisited
            if shown.status != found { throw fail("the map shows found what the ledger found, and nothing else", "\(place.id): \(shown.status), ledger \(found)") }
        }
    }

    /// Every player's invariants, the crews', the freebies' stock, and the leaderboard's
    /// against every ledger.
    func checkEveryone(step: Int, command: SimulationCommand?) async throws {
        do {
            try await checkAll(step: step, command: command)
        } catch let violation as Simulation.Violation {
            throw violation
        } catch {
            throw Simulation.Violation.storeFailed(error, step: step, command: command)
        }
    }

    private func checkAll(step: Int, command: SimulationCommand?) async throws {
        func fail(_ invariant: String, _ detail: String) -> Simulation.Violation {
            Simulation.Violation(step: step, command: command, invariant: invariant, detail: detail)
        }
        var totals: [Int64: Int] = [:]
        var issued: [String: Int] = [:]
        var crews: [Int64: Crew] = [:]
        for player in players {
            try await check(player.player.id, step: step, command: command)
            totals[player.player.id] = seen[player.player.id]?.events.reduce(0) { $0 + $1.xp } ?? 0
            for voucher in seen[player.player.id]?.vouchers ?? [] { issued[voucher.offerID, default: 0] += 1 }
            if let crew = try await hunt.crew(of: player.player.id) { crews[crew.id] = crew }
        }
        for offer in hunt.content.offers where issued[offer.id, default: 0] > offer.stock {
            throw fail("a freebie's stock never goes below zero", "\(offer.id): \(issued[offer.id, default: 0]) held, stock \(offer.stock)")
        }
        let content = hunt.content
        for crew in crews.values.sorted(by: { $0.id < $1.id }) {
            if crew.members.count > content.rules.crew.maxMembers {
                throw fail("a crew never exceeds its size", "crew \(crew.id) has \(crew.members.count) members")
            }
            for riddle in try await hunt.repository.crewRiddles(crewID: crew.id) where riddle.solvedAt == nil {
                if !content.riddles.contains(where: { $0.id == riddle.riddleID && $0.checkpointID == riddle.checkpointID }) {
                    throw fail("every riddle a crew holds is playable", "crew \(crew.id) holds \(riddle.riddleID), which the content no longer plays")
                }
            }
        }
        try await hearHeldSignals(step: step, command: command)
        try await checkBoard(.all, totals: totals, step: step, command: command)
        // The week's board counts the events of this campus week, by the campus's clock (a
        // daylight saving change inside the week moves no event out of it).
        let weeks = fullContent.weeks, thisWeek = weeks.start(of: clock.now)
        var weekTotals: [Int64: Int] = [:]
        for player in players {
            weekTotals[player.player.id] = seen[player.player.id]?.events.filter { weeks.start(of: $0.occurredAt) == thisWeek }.reduce(0) { $0 + $1.xp } ?? 0
        }
        try await checkBoard(.week, totals: weekTotals, step: step, command: command)
    }

    /// Hears every signal the store sent for the steps so far: a session opened and revoked
    /// after them is signalled after them. One lost with the connection that brings them (a
    /// restart cut it) is looked for again.
    private func hearHeldSignals(step: Int, command: SimulationCommand?) async throws {
        for _ in 1...3 {
            // After a restart, the connection that brings them connects again within seconds.
            var deadline = ContinuousClock.now + .seconds(5)
            while !signals.flowing, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
            let issued = try await hunt.openSession(for: organiser.account)
            guard let session = try await hunt.signedIn(accessToken: issued.accessToken)?.session.id else { continue }
            try await hunt.repository.revokeSession(id: session, at: clock.now)
            deadline = ContinuousClock.now + .seconds(5)
            while ContinuousClock.now < deadline {
                if let heard = signals.take(through: .session(session)) {
                    for signal in heard { hunt.hear(signal) }
                    return
                }
                try await Task.sleep(for: .milliseconds(2))
            }
        }
        throw Simulation.Violation(step: step, command: command, invariant: "the store's signals are heard", detail: "a session revoked was not heard of")
    }

    /// The board of `period` lists the players with XP in it, most first, ties sharing a rank,
    /// each with the total their ledger gives.
    private func checkBoard(_ period: LeaderboardPeriod, totals: [Int64: Int], step: Int, command: SimulationCommand?) async throws {
        let board = try await hunt.leaderboard(playerID: organiser.account.player.id, period: period, friendsOnly: false, limit: players.count + 1)
        let expected = LeaderboardEntry.ranks(totals.values.filter { $0 > 0 }.sorted(by: >))
        let shown = board.rows.map(\.entry)
        let wrong = shown.filter { totals[$0.player.id] != $0.xp }
        if !wrong.isEmpty || shown.map(\.rank) != Array(expected.prefix(shown.count)) || shown.count < expected.count {
            throw Simulation.Violation(step: step, command: command, invariant: "leaderboard ranks are the sorted totals (\(period.rawValue))",
                                       detail: "board \(shown.map { "\($0.player.username):\($0.xp)#\($0.rank)" }), ledgers \(totals.sorted { $0.key < $1.key })")
        }
    }

    /// SHA-256 over every player's ledger, riddles held and freebies, without row ids.
    func digest() async throws -> String {
        var hasher = SHA256()
        for player in players {
            let state = try await hunt.repository.progressState(playerID: player.player.id)
            var lines = ["player \(player.player.username)"]
            lines += state.events.map {
                "\($0.kind.rawValue) \($0.checkpointID ?? "-") \($0.riddleID ?? "-") \($0.xp) \($0.hintsUsed) \($0.occurredAt.timeIntervalSince1970) \($0.reason ?? "")"
            }
            lines += state.activeAttempts.map { "holds \($0.category.rawValue) \($0.riddleID) \($0.hintsUsed) \($0.startedAt.timeIntervalSince1970)" }
            lines += state.vouchers.map { "voucher \($0.offerID) \($0.redeemedAt == nil ? "open" : "redeemed")" }
            hasher.update(data: Data((lines.joined(separator: "\n") + "\n").utf8))
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

extension SimulationCommand {
    /// The players the command is about, by number.
    public var players: [Int] {
        switch self {
        case .askForRiddle(let p, _), .takeHint(let p, _), .giveUp(let p, _), .scanHeldPlace(let p, _), .scanPlace(let p, _), .scanForgedCode(let p),
             .retryLastScan(let p), .registerCheckIn(let p), .cancelCheckIn(let p), .answerFriendRequests(let p, _), .voidLatestScan(let p),
             .adjustXP(let p, _):
            [p]
        case .createCrew(let p), .joinCrew(let p, _), .leaveCrew(let p), .askForCrewRiddle(let p, _), .scanCrewPlace(let p, _),
             .answerChallenges(let p, _), .scanRacePlace(let p), .redeemFreebie(let p), .redeemTwiceAtOnce(let p), .scanTwiceAtOnce(let p, _):
            [p]
        case .requestFriend(let p, let o), .block(let p, let o), .unblock(let p, let o), .challenge(let p, let o, _), .giftFreebie(let p, let o):
            [p, o]
        case .closePlace, .reopenPlace, .retirePlace, .restoreContent, .retirePlaceInConsole, .rollBack, .clockJump, .clockToDaylightSavingChange:
            []
        case .underFault(_, let command):
            command.players
        case .atOnce(let commands):
            commands.flatMap(\.players)
        }
    }

    public var isUnderFault: Bool { fault != nil }

    /// Whether the command is several in flight at once, under a fault or not.
    public var isAtOnce: Bool {
        switch self {
        case .atOnce: true
        case .underFault(_, let command): command.isAtOnce
        default: false
        }
    }

    /// The store fault the command is run under, if any.
    public var fault: StoreFault? {
        if case .underFault(let fault, _) = self { fault } else { nil }
    }
}
