import PuzzleMapStorage
import Synchronization

/// Values read from the store, kept in the instance for as long as the store's signals
/// (``AccountSignal``) say nothing they were read from changed. Each value names the players
/// and sessions it was read from, or is read from every player (the top of a board); a signal
/// about any of them, or about everything, drops it.
///
/// A signal that a player's play version alone moved (``AccountSignal/played(_:version:)``)
/// drops their values too, unless the values follow the play version (`following`): those are
/// kept, moved to the new version, as they would read now.
///
/// A change the store tells the new values of (a total on a board) patches what is kept instead
/// of dropping it (``hear(patching:)``), and a read of a value from every player under
/// way takes the patch as it lands.
///
/// A value read from the store while a signal about what it depends on was on its way is not
/// kept: the reader takes a ``mark()`` before reading, and ``keep(_:for:players:sessions:since:)``
/// refuses a value something was heard of since. Without signals (none yet, or the connection
/// that brings them lost) nothing is kept: every read goes to the store, slower, never stale.
final class KeptUntilSignalled<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Entry {
        var value: Value
        var players: [Int64]
        var sessions: [Int64]
        var everyPlayer: Bool
    }

    /// A read from the store under way, which readers missing the same key join.
    private struct Flight {
        var id: UInt64
        /// Where the signals stood when it began.
        var mark: UInt64
        var everyPlayer: Bool
        var task: Task<Value, any Error>
        /// For a value read from every player: the patches heard while it is read
        /// (``hear(patching:)``), applied in order to what it reads.
        var patches: [@Sendable (Key, Value) -> Value?] = []
    }

    /// What became of a read from every player as it landed.
    private enum Landing {
        /// Patched with what was heard meanwhile, and kept or not.
        case landed(Value)
        /// A patch heard meanwhile could not be applied: only a read begun since `mark` can tell.
        case overtaken(mark: UInt64)
        /// A read begun since (after a signal that drops the value) took its place, and a patch
        /// heard before could not be applied to this one: the newer read's answer is the one to give.
        case replaced(by: Task<Value, any Error>)
        /// Nothing this read can answer: its readers are told it was overtaken.
        case exhausted
    }

    /// A read from every player that could not take what was heard while it was under way,
    /// read again ``readsOvertaken`` times: the caller reads what it needs otherwise.
    struct Overtaken: Error {}

    private struct State {
        var listening = false
        var flights: [Key: Flight] = [:]
        /// The patches heard while reads from every player were under way that reads begun since
        /// took the places of, by read: each applies them to what it answers its readers.
        var patchesOfReplaced: [UInt64: [@Sendable (Key, Value) -> Value?]] = [:]
        var nextFlight: UInt64 = 0
        var entries: [Key: Entry] = [:]
        var keysOfPlayer: [Int64: Set<Key>] = [:]
        var keysOfSession: [Int64: Set<Key>] = [:]
        var keysOfEveryPlayer: Set<Key> = []
        /// Counts what was heard, and when each player, session or everything was last heard of.
        var heard: UInt64 = 0
        var heardOfPlayer: [Int64: UInt64] = [:]
        var heardOfSession: [Int64: UInt64] = [:]
        var heardOfAnyPlayer: UInt64 = 0
        var heardOfEverything: UInt64 = 0
        /// Reads answered from what was kept, and those that went to the store.
        var answered = 0
        var missed = 0

        mutating func forget(_ key: Key) {
            guard let entry = entries.removeValue(forKey: key) else { return }
            for player in entry.players { Self.remove(key, from: player, in: &keysOfPlayer) }
            for session in entry.sessions { Self.remove(key, from: session, in: &keysOfSession) }
            if entry.everyPlayer { keysOfEveryPlayer.remove(key) }
        }

        private static func remove(_ key: Key, from id: Int64, in keys: inout [Int64: Set<Key>]) {
            keys[id]?.remove(key)
            if keys[id]?.isEmpty == true { keys[id] = nil }
        }

        mutating func forgetEverything() {
            heard += 1
            heardOfEverything = heard
            entries = [:]
            keysOfPlayer = [:]
            keysOfSession = [:]
            keysOfEveryPlayer = []
            heardOfPlayer = [:]
            heardOfSession = [:]
        }
    }

    private let state = Mutex(State())
    /// At most this many values are kept; past it, everything is forgotten and kept afresh.
    let capacity: Int
    /// A value of a player moved to their new play version, when values follow it.
    private let following: (@Sendable (Value, _ player: Int64, _ playVersion: Int64) -> Value)?
    /// At most this many players and sessions are remembered as heard of (twice the values
    /// kept, and never so few that a handful of values, such as the boards' tops, are dropped
    /// again by signals about others); past it, everything is forgotten.
    private let remembered: Int

    init(capacity: Int, following: (@Sendable (Value, _ player: Int64, _ playVersion: Int64) -> Value)? = nil) {
        self.capacity = capacity
        self.following = following
        remembered = max(2 * capacity, 4_096)
    }

    /// The value kept for `key`, if there is one and `current` says it still holds (one that
    /// does not is forgotten).
    func value(for key: Key, if current: (Value) -> Bool = { _ in true }) -> Value? {
        state.withLock { state in
            guard state.listening, let entry = state.entries[key], current(entry.value) else {
                state.forget(key)
                state.missed += 1
                return nil
            }
            state.answered += 1
            return entry.value
        }
    }

    /// The values kept from the rows of `player`, with their keys, not counted as requests.
    func kept(ofPlayer player: Int64) -> [(key: Key, value: Value)] {
        state.withLock { state in
            guard state.listening else { return [] }
            return (state.keysOfPlayer[player] ?? []).compactMap { key in state.entries[key].map { (key, $0.value) } }
        }
    }

    /// Whether a value is kept for `key`, not counted as a request for it.
    func holds(_ key: Key) -> Bool {
        state.withLock { $0.listening && $0.entries[key] != nil }
    }

    /// Where the signals stand, taken before a value is read from the store.
    func mark() -> UInt64 {
        state.withLock { $0.heard }
    }

    /// Keeps a value read from the store since `mark`, from the rows of `players` and
    /// `sessions`, unless something was heard of any of them (or of everything) meanwhile, or
    /// no signals are heard.
    /// Answers whether it was kept.
    @discardableResult
    func keep(_ value: Value, for key: Key, players: [Int64], sessions: [Int64] = [], since mark: UInt64) -> Bool {
        keep(value, for: key, players: players, sessions: sessions, since: mark, landing: nil)
    }

    /// Keeps a value as ``keep(_:for:players:sessions:since:)`` does, and ends the shared read
    /// `flight` of it in the same turn of the lock. (A value read from every player lands with
    /// the patches heard meanwhile: ``land(_:for:since:flight:)``.)
    @discardableResult
    private func keep(_ value: Value, for key: Key, players: [Int64], sessions: [Int64], since mark: UInt64, landing flight: UInt64?) -> Bool {
        state.withLock { state in
            if let flight, state.flights[key]?.id == flight { state.flights[key] = nil }
            return keep(value, for: key, players: players, sessions: sessions, everyPlayer: false, since: mark, in: &state)
        }
    }

    private func keep(_ value: Value, for key: Key, players: [Int64], sessions: [Int64], everyPlayer: Bool, since mark: UInt64,
                      in state: inout State) -> Bool {
        guard state.listening, state.heardOfEverything <= mark, !everyPlayer || state.heardOfAnyPlayer <= mark,
              players.allSatisfy({ state.heardOfPlayer[$0, default: 0] <= mark }),
              sessions.allSatisfy({ state.heardOfSession[$0, default: 0] <= mark })
        else { return false }
        if state.entries[key] == nil, state.entries.count >= capacity { state.forgetEverything() }
        state.forget(key)
        state.entries[key] = Entry(value: value, players: players, sessions: sessions, everyPlayer: everyPlayer)
        if everyPlayer { state.keysOfEveryPlayer.insert(key) }
        for player in players { state.keysOfPlayer[player, default: []].insert(key) }
        for session in sessions { state.keysOfSession[session, default: []].insert(key) }
        return true
    }

    /// The value kept for `key`, or the one `read` reads from the store, kept from the rows of
    /// the players it names (or of every player) unless a signal about them overtook the read.
    ///
    /// Readers that miss together share one read: a reader joins a read under way for the same
    /// key when nothing it could depend on was heard since that read began (for a value read
    /// from every player, nothing about a player; otherwise nothing at all). So when a value
    /// everyone reads is dropped, the store is read once, not once for each waiting request, and
    /// what each is answered is as new as what they would have read themselves.
    func value(for key: Key, everyPlayer: Bool = false,
               reading read: @escaping @Sendable () async throws -> (value: Value, players: [Int64])) async throws -> Value {
        if let kept = value(for: key) { return kept }
        let task = state.withLock { state -> Task<Value, any Error> in
            if let flight = state.flights[key],
               state.heardOfEverything <= flight.mark,
               flight.everyPlayer ? state.heardOfAnyPlayer <= flight.mark : state.heard == flight.mark {
                return flight.task
            }
            state.nextFlight += 1
            let (id, mark) = (state.nextFlight, state.heard)
            let task = Task {
                do {
                    guard everyPlayer else {
                        let (value, players) = try await read()
                        self.keep(value, for: key, players: players, sessions: [], since: mark, landing: id)
                        return value
                    }
                    // A read from every player takes the patches heard while it was under way; one
                    // that cannot take them is read again, a few times at most.
                    var (attempt, mark) = (1, mark)
                    while true {
                        let (value, _) = try await read()
                        switch self.land(value, for: key, since: mark, flight: id) {
                        case .landed(let patched): return patched
                        case .replaced(let newer): return try await newer.value
                        case .exhausted: throw Overtaken()
                        case .overtaken where attempt == Self.readsOvertaken:
                            self.state.withLock { state in if state.flights[key]?.id == id { state.flights[key] = nil } }
                            throw Overtaken()
                        case .overtaken(let since): (attempt, mark) = (attempt + 1, since)
                        }
                    }
                } catch {
                    self.state.withLock { state in
                        if state.flights[key]?.id == id { state.flights[key] = nil }
                        state.patchesOfReplaced[id] = nil
                    }
                    throw error
                }
            }
            if let replaced = state.flights[key], replaced.everyPlayer { state.patchesOfReplaced[replaced.id] = replaced.patches }
            state.flights[key] = Flight(id: id, mark: mark, everyPlayer: everyPlayer, task: task)
            return task
        }
        return try await task.value
    }

    /// How many times a read from every player is made when patches heard while it is under way
    /// cannot be applied to it, before its readers are told it was overtaken (``Overtaken``).
    static var readsOvertaken: Int { 3 }

    /// Lands the read `flight` of a value from every player: what it read, patched with what was
    /// heard while it was under way, kept unless a signal that drops it was heard since `mark`;
    /// or, when a patch cannot be applied, the flight waits for a read begun now.
    private func land(_ value: Value, for key: Key, since mark: UInt64, flight id: UInt64) -> Landing {
        state.withLock { state in
            guard let flight = state.flights[key], flight.id == id else {
                // A read begun since, after a signal that drops the value, took this one's place:
                // this one answers its readers, who came before that signal, with the patches
                // heard before it, unkept; where one cannot be applied, the newer read's answer.
                var patched = value
                for patch in state.patchesOfReplaced.removeValue(forKey: id) ?? [] {
                    guard let next = patch(key, patched) else {
                        if let newer = state.flights[key] { return .replaced(by: newer.task) }
                        if let kept = state.entries[key] { return .landed(kept.value) }
                        return .exhausted
                    }
                    patched = next
                }
                return .landed(patched)
            }
            var patched = value
            for patch in flight.patches {
                guard let next = patch(key, patched) else {
                    state.flights[key]!.patches = []
                    state.flights[key]!.mark = state.heard
                    return .overtaken(mark: state.heard)
                }
                patched = next
            }
            state.flights[key] = nil
            // Kept or not (a signal that drops it came since), it answers the readers who came before.
            _ = keep(patched, for: key, players: [], sessions: [], everyPlayer: true, since: mark, in: &state)
            return .landed(patched)
        }
    }

    /// What the store signalled; answers the keys kept from the rows of the player or session
    /// it names, now dropped.
    @discardableResult
    func hear(_ signal: AccountSignal) -> [Key] {
        state.withLock { state in
            var dropped: [Key] = []
            switch signal {
            case .player(let player), .played(let player, _):
                // A play version moving alone is heard as a change of the player all the same (a
                // read under way may be older), but values that follow it are moved, not dropped.
                state.heard += 1
                state.heardOfPlayer[player] = state.heard
                state.heardOfAnyPlayer = state.heard
                let keys = state.keysOfPlayer[player] ?? []
                if case .played(_, let version) = signal, let following {
                    for key in keys {
                        if let entry = state.entries[key] { state.entries[key]!.value = following(entry.value, player, version) }
                    }
                } else {
                    dropped = Array(keys)
                    for key in dropped { state.forget(key) }
                }
                for key in state.keysOfEveryPlayer { state.forget(key) }
            case .scored, .tallied:
                // Heard beside the play version's move (``AccountSignal/played(_:version:)``),
                // which is what values kept here depend on; the boards patch what they keep with
                // them (``KeptBoards``, ``hear(patching:)``).
                break
            case .session(let session):
                state.heard += 1
                state.heardOfSession[session] = state.heard
                dropped = Array(state.keysOfSession[session] ?? [])
                for key in dropped { state.forget(key) }
            case .anything:
                state.forgetEverything()
            case .lost:
                state.forgetEverything()
                state.listening = false
            case .listening:
                state.forgetEverything()
                state.listening = true
            }
            if state.heardOfPlayer.count + state.heardOfSession.count > remembered { state.forgetEverything() }
            return dropped
        }
    }

    /// What the store signalled of a change it told the new values of (a player's total on a
    /// board, how many hold a total): each value kept from every player's rows is replaced by
    /// what `patched` makes of it, as a read would find it now, or dropped where it answers nil;
    /// a read of one under way takes the patch as it lands (or, where it cannot, is read again).
    ///
    /// The values told are those a commit left, and each row's signals come in the order of its
    /// commits: a signal heard late, of a commit before the one a value was read after, sets
    /// that row back until the next signal of it, heard right after, and the last heard of each
    /// row is its latest.
    func hear(patching patched: @escaping @Sendable (Key, Value) -> Value?) {
        state.withLock { state in
            for key in state.keysOfEveryPlayer {
                guard let entry = state.entries[key] else { continue }
                if let value = patched(key, entry.value) { state.entries[key]!.value = value } else { state.forget(key) }
            }
            for (key, flight) in state.flights where flight.everyPlayer { state.flights[key]!.patches.append(patched) }
        }
    }

    /// What is kept and how it served.
    var figures: KeptFigures {
        state.withLock { KeptFigures(answered: $0.answered, missed: $0.missed, kept: $0.entries.count, listening: $0.listening) }
    }
}

/// How values kept until signalled served, for `/metrics`.
public struct KeptFigures: Sendable {
    /// Reads answered from what was kept, and those that went to the store.
    public var answered: Int
    public var missed: Int
    /// Values kept now.
    public var kept: Int
    /// Whether the store's signals are heard (nothing is kept while they are not).
    public var listening: Bool
}
