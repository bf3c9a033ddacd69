import Foundation
import PuzzleMapStorage
import Synchronization

/// The sessions this instance has recognised, kept so that a request's token is a look-up here
/// and not a database round trip, for as long as the store's signals say nothing of them
/// changed.
///
/// Every change to a session or an account is signalled to every instance, by whichever
/// instance or process made it, and drops what is kept of it: a sign-out, a refresh, a password
/// change or reset (sessions revoked), an erasure, a suspension, a role change (the account's
/// row), and every write to the player's ledger, riddles or freebies (the account's play
/// version, so what a request reads under it is current). A player's own write on this
/// instance drops their entry before it is answered (``forget(player:)``), so they never read
/// their own past. Without signals (none yet, or the connection that brings them lost) nothing
/// is kept and every token is looked up: slower, never stale.
public final class SignedInSessions: Sendable {
    private struct State {
        var listening = false
        var byToken: [String: SignedIn] = [:]
        var tokensOfPlayer: [Int64: Set<String>] = [:]
        var tokenOfSession: [Int64: String] = [:]
        /// Counts what was heard: a session read from the store before a signal about it (its
        /// player, itself, or everything) arrived is not kept.
        var heard: UInt64 = 0
        var heardOfPlayer: [Int64: UInt64] = [:]
        var heardOfSession: [Int64: UInt64] = [:]
        var heardOfEverything: UInt64 = 0
        /// Tokens recognised from what was kept, and those looked up in the store.
        var answered = 0
        var missed = 0

        mutating func forget(token: String) {
            guard let signedIn = byToken.removeValue(forKey: token) else { return }
            tokensOfPlayer[signedIn.account.player.id]?.remove(token)
            if tokensOfPlayer[signedIn.account.player.id]?.isEmpty == true { tokensOfPlayer[signedIn.account.player.id] = nil }
            tokenOfSession[signedIn.session.id] = nil
        }

        mutating func forgetEverything() {
            heard += 1
            heardOfEverything = heard
            byToken = [:]
            tokensOfPlayer = [:]
            tokenOfSession = [:]
            heardOfPlayer = [:]
            heardOfSession = [:]
        }
    }

    private let state = Mutex(State())
    /// At most this many sessions are kept (and as many signals remembered); past it, everything
    /// is forgotten and kept afresh.
    public let capacity: Int

    public init(capacity: Int = 100_000) {
        self.capacity = capacity
    }

    /// The session kept for the token's hash, when it is still live at `date`.
    func kept(_ accessHash: String, at date: Date) -> SignedIn? {
        state.withLock { state in
            guard state.listening, let signedIn = state.byToken[accessHash], signedIn.session.accessExpiresAt > date else {
                state.forget(token: accessHash)
                state.missed += 1
                return nil
            }
            state.answered += 1
            return signedIn
        }
    }

    /// Where the signals stand, taken before a session is read from the store.
    func mark() -> UInt64 {
        state.withLock { $0.heard }
    }

    /// Keeps a session read from the store since `mark`, unless something was heard of it (or
    /// of everything) meanwhile, or no signals are heard.
    func keep(_ signedIn: SignedIn, for accessHash: String, since mark: UInt64) {
        state.withLock { state in
            let (player, session) = (signedIn.account.player.id, signedIn.session.id)
            guard state.listening, state.heardOfEverything <= mark, state.heardOfPlayer[player, default: 0] <= mark,
                  state.heardOfSession[session, default: 0] <= mark
            else { return }
            if state.byToken.count >= capacity { state.forgetEverything() }
            state.byToken[accessHash] = signedIn
            state.tokensOfPlayer[player, default: []].insert(accessHash)
            state.tokenOfSession[session] = accessHash
        }
    }

    /// What the store signalled.
    public func hear(_ signal: AccountSignal) {
        state.withLock { state in
            switch signal {
            case .player(let player):
                state.heard += 1
                state.heardOfPlayer[player] = state.heard
                for token in state.tokensOfPlayer[player] ?? [] { state.forget(token: token) }
            case .session(let session):
                state.heard += 1
                state.heardOfSession[session] = state.heard
                if let token = state.tokenOfSession[session] { state.forget(token: token) }
            case .anything:
                state.forgetEverything()
            case .lost:
                state.forgetEverything()
                state.listening = false
            case .listening:
                state.forgetEverything()
                state.listening = true
            }
            if state.heardOfPlayer.count + state.heardOfSession.count > 2 * capacity { state.forgetEverything() }
        }
    }

    /// Drops what is kept of the player at once: their own write, answered on this instance,
    /// whose signal may come a moment later.
    public func forget(player: Int64) {
        hear(.player(player))
    }

    /// What is kept and how it served, for the metrics.
    public var figures: SignedInFigures {
        state.withLock { SignedInFigures(kept: $0.byToken.count, listening: $0.listening, answered: $0.answered, missed: $0.missed) }
    }
}

/// The sessions an instance keeps, as the metrics show them.
public struct SignedInFigures: Sendable {
    /// Sessions kept now.
    public var kept: Int
    /// Whether the store's signals are heard (nothing is kept while they are not).
    public var listening: Bool
    /// Tokens recognised from what was kept, and those looked up in the store.
    public var answered: Int
    public var missed: Int
}
