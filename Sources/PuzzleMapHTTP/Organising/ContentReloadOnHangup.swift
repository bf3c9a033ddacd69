import Logging
import PuzzleMapCore
import PuzzleMapGame
import ServiceLifecycle
import UnixSignals

/// Reloads the content files when the process gets `SIGHUP` (`systemctl reload`, `kill -HUP`),
/// as the console's button does, logging what changed or the file:line report that refused it.
struct ContentReloadOnHangup: Service {
    let running: RunningHunt
    let logger: Logger

    func run() async throws {
        for await _ in await UnixSignalsSequence(trapping: .sighup).cancelOnGracefulShutdown() {
            do {
                let summary = try await running.reload(by: .service)
                logger.notice("Content reloaded", metadata: [
                    "fingerprint": "\(summary.fingerprint)", "checkpoints added": "\(summary.checkpointsAdded)",
                    "updated": "\(summary.checkpointsUpdated)", "retired": "\(summary.checkpointsRetired)",
                    "riddles added": "\(summary.riddlesAdded)", "riddles updated": "\(summary.riddlesUpdated)",
                    "riddles retired": "\(summary.riddlesRetired)",
                ])
            } catch OrganiserRefusal.invalidContent(let invalid) {
                logger.error("Content reload refused: the running game keeps its content", metadata: ["report": "\(invalid.description)"])
            } catch {
                logger.error("Content reload failed: the running game keeps its content", metadata: ["error": "\(error)"])
            }
        }
    }
}

/// Plays what another instance published (a reload or a rollback there): looks at the newest
/// version every few seconds, so every instance plays the same content.
struct PublishedContentFollower: Service {
    let running: RunningHunt
    let logger: Logger
    var interval: Duration = .seconds(5)

    func run() async throws {
        try? await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                try await Task.sleep(for: interval)
                do {
                    if try await running.followPublished() {
                        logger.notice("Playing the content another instance published", metadata: ["fingerprint": "\(running.hunt.content.fingerprint)"])
                    }
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning("Looking for content published elsewhere failed", metadata: ["error": "\(error)"])
                }
            }
        }
    }
}
