import Hummingbird
import Logging
import PuzzleMapGame
import PuzzleMapStorage
import ServiceLifecycle

/// Passes what the store signals of sessions and accounts, from every instance, to what this
/// instance keeps of them (sessions, friends' circles, boards, progress read ahead): until
/// signals flow, and whenever they stop, nothing is kept.
struct SessionSignals: Service {
    let running: RunningHunt
    let logger: Logger

    func run() async throws {
        // A shutdown ends the sequence: that is how this service ends, not a failure.
        await cancelWhenGracefulShutdown {
            for await signal in running.hunt.repository.accountSignals() {
                if signal == .lost { logger.warning("Account changes cannot be heard: sessions are read from the database until they can") }
                // The hunt of the content played now, whose progress is the one kept.
                running.hunt.hear(signal, readingAhead: true)
            }
        }
        running.hunt.hear(.lost)
    }
}

extension Hunt {
    /// Answers `request` with `answer`; after a request that may write (anything but GET, HEAD
    /// and OPTIONS), answered or refused, what is kept of its player is read again before the
    /// answer leaves: they read their own write next, whether or not the store's signal has
    /// arrived.
    func answering<Answer>(_ request: Request, by identity: Identity?, _ answer: () async throws -> Answer) async throws -> Answer {
        let answered: Result<Answer, any Error>
        do { answered = .success(try await answer()) } catch { answered = .failure(error) }
        if let identity, ![.get, .head, .options].contains(request.method) {
            await forgetKept(afterWriteIn: SignedIn(session: identity.session, account: identity.account,
                                                    playVersion: identity.playVersion ?? -1, friendsVersion: identity.friendsVersion))
        }
        return try answered.get()
    }
}
