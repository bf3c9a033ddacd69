import Hummingbird
import Logging
import PuzzleMapGame
import PuzzleMapStorage
import ServiceLifecycle

/// Passes what the store signals of sessions and accounts, from every instance, to the
/// sessions this instance keeps (``SignedInSessions``): until signals flow, and whenever they
/// stop, nothing is kept.
struct SessionSignals: Service {
    let running: RunningHunt
    let logger: Logger

    func run() async throws {
        let sessions = running.hunt.sessions
        // A shutdown ends the sequence: that is how this service ends, not a failure.
        await cancelWhenGracefulShutdown {
            for await signal in running.hunt.repository.accountSignals() {
                if signal == .lost { logger.warning("Account changes cannot be heard: sessions are read from the database until they can") }
                sessions.hear(signal)
            }
        }
        sessions.hear(.lost)
    }
}

extension SignedInSessions {
    /// After a request that may write (anything but GET, HEAD and OPTIONS), what is kept of its
    /// player is dropped before the answer leaves: they read their own write next, whether or
    /// not the store's signal has arrived.
    func forgetAfter(_ request: Request, by identity: Identity?) {
        guard let identity, ![.get, .head, .options].contains(request.method) else { return }
        forget(player: identity.playerID)
    }
}
