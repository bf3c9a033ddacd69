import Foundation
import PuzzleMapStorage

/// The sessions this instance has recognised, kept so that a request's token is a look-up here
/// and not a database round trip, for as long as the store's signals say nothing of them
/// changed.
///
/// Every change to a session or an account is signalled to every instance, by whichever
/// instance or process made it, and drops what is kept of it: a sign-out, a refresh, a password
/// change or reset (sessions revoked), an erasure, a suspension, a role change (the account's
/// row). A write to the player's ledger, riddles or freebies moves their play version alone,
/// and the sessions kept follow it (``AccountSignal/played(_:version:)``), so what a request
/// reads under it is current. A player's own write on this instance, when it changed anything
/// of theirs, drops what is kept of them before it is answered and reads their session back
/// (``Hunt/forgetKept(afterWriteIn:)``), so they never read their own past. Without signals
/// (none yet, or the connection that brings them lost) nothing is kept and every token is
/// looked up: slower, never stale.
public final class SignedInSessions: Sendable {
    private let sessions: KeptUntilSignalled<String, SignedIn>

    /// At most `capacity` sessions are kept (and as many signals remembered); past it,
    /// everything is forgotten and kept afresh.
    public init(capacity: Int = 100_000) {
        // A session's account is as it was when only the play version moved.
        sessions = KeptUntilSignalled(capacity: capacity) { signedIn, _, playVersion in
            var signedIn = signedIn
            signedIn.playVersion = max(signedIn.playVersion, playVersion)
            return signedIn
        }
    }

    /// The session kept for the token's hash, when it is still live at `date`.
    func kept(_ accessHash: String, at date: Date) -> SignedIn? {
        sessions.value(for: accessHash) { $0.session.accessExpiresAt > date }
    }

    /// The session kept with this id, with its token's hash.
    func kept(session id: Int64, ofPlayer player: Int64) -> (accessHash: String, signedIn: SignedIn)? {
        sessions.kept(ofPlayer: player).first { $0.value.session.id == id }.map { ($0.key, $0.value) }
    }

    /// Whether the session of the token's hash is kept (live or not), not counted as a request.
    func holds(_ accessHash: String) -> Bool {
        sessions.holds(accessHash)
    }

    /// Where the signals stand, taken before a session is read from the store.
    func mark() -> UInt64 {
        sessions.mark()
    }

    /// Keeps a session read from the store since `mark`, unless something was heard of it (or
    /// of everything) meanwhile, or no signals are heard; answers whether it was kept.
    @discardableResult
    func keep(_ signedIn: SignedIn, for accessHash: String, since mark: UInt64) -> Bool {
        sessions.keep(signedIn, for: accessHash, players: [signedIn.account.player.id], sessions: [signedIn.session.id], since: mark)
    }

    /// What the store signalled; answers the hashes of the sessions it dropped.
    @discardableResult
    public func hear(_ signal: AccountSignal) -> [String] {
        sessions.hear(signal)
    }

    /// What is kept and how it served, for the metrics.
    public var figures: KeptFigures {
        sessions.figures
    }
}

extension Hunt {
    /// What the store signalled of sessions and accounts, for everything this instance keeps of
    /// them: the sessions it recognised, its players' friends and what the boards are made of.
    ///
    /// With `readingAhead` (the store's own signals), for a signal about a player, what was kept
    /// of them here is read again in the background (``ReadAhead``): the sessions it dropped, and
    /// their progress if it was kept (it is kept by play version, so the signal made it old, not
    /// gone).
    public func hear(_ signal: AccountSignal, readingAhead: Bool = false) {
        let dropped = drop(signal)
        guard readingAhead else { return }
        switch signal {
        case .player(let player), .played(let player, _):
            readAgain(player, ReadAhead.Work(sessions: Set(dropped), progress: playCache.holds(player)))
        case .scored, .tallied, .session, .anything, .lost, .listening:
            break
        }
    }

    /// After a request's own write, made in the session it began as (`started`): unless that
    /// session read now is what the request began with and what is kept of it (the write
    /// changed nothing of its player's, as a scan of a place already visited), what is kept of
    /// the player is dropped before the answer leaves, so that they read their write next
    /// whatever the timing of the store's signals of it (a signal heard first may have moved
    /// their kept session, but not yet their boards). The request's own session is read back
    /// before the answer leaves too (the write has committed): the player's next request, often
    /// at once, finds it kept; their other sessions are read again in the background, and their
    /// progress is left to the store's signal, which follows.
    public func forgetKept(afterWriteIn started: SignedIn) async {
        let player = started.account.player.id
        let own = sessions.kept(session: started.session.id, ofPlayer: player)
        if let own, let current = try? await repository.signedIn(accessHash: own.accessHash, at: now()),
           current == own.signedIn, current == started {
            return
        }
        // Of the boards, only what is the player's own is dropped: the tops shared by everyone
        // are looked at when they next read one (``forgetBoards(afterWriteOf:)``).
        let others = Set(sessions.hear(.player(player))).subtracting([own?.accessHash].compactMap(\.self))
        friendCircles.hear(.player(player))
        forgetBoards(afterWriteOf: player)
        if let own {
            // Most often what overtakes the first read is the store's own signal of this write.
            for _ in 1...3 {
                if await readBack(own.accessHash) { break }
            }
        }
        if !others.isEmpty { readAgain(player, ReadAhead.Work(sessions: others)) }
    }

    /// Reads a session again and keeps it, unless a signal about it came meanwhile: answers
    /// `false` when one did (a session gone or unreadable is not kept, and answers `true`).
    @discardableResult
    private func readBack(_ accessHash: String) async -> Bool {
        (try? await readSession(accessHash, at: now()))?.kept ?? true
    }

    /// The session of the token's hash read from the store, kept unless a signal about it came
    /// while it was read (answered as not kept); `nil` for none live.
    func readSession(_ accessHash: String, at date: Date) async throws -> (signedIn: SignedIn, kept: Bool)? {
        let mark = sessions.mark()
        guard let signedIn = try await repository.signedIn(accessHash: accessHash, at: date) else { return nil }
        return (signedIn, sessions.keep(signedIn, for: accessHash, since: mark))
    }

    /// Drops what `signal` names; answers the hashes of the sessions dropped.
    private func drop(_ signal: AccountSignal) -> [String] {
        let dropped = sessions.hear(signal)
        friendCircles.hear(signal)
        keptBoards.hear(signal)
        return dropped
    }

    private func readAgain(_ player: Int64, _ work: ReadAhead.Work) {
        readAhead.read(player, work) { [self] work in
            var unkept: Set<String> = []
            // Sessions read back since it was asked (by their player's own request) are left.
            for accessHash in work.sessions where !sessions.holds(accessHash) {
                if await !readBack(accessHash) { unkept.insert(accessHash) }
            }
            if work.progress { _ = try? await played(playerID: player, at: nil) }
            return unkept
        }
    }

    /// Reads ahead started, and asks that found too many waiting.
    public var readAheadFigures: (started: Int, skipped: Int) {
        let figures = readAhead.figures
        return (figures.started, figures.skipped)
    }
}
