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
        await Periodically(interval: interval, firstAfterInterval: true, failure: "Looking for content published elsewhere failed", logger: logger).run {
            if try await running.followPublished() {
                logger.notice("Playing the content another instance published", metadata: ["fingerprint": "\(running.hunt.content.fingerprint)"])
            }
        }
    }
}

/// A pass of work every `interval` until the service shuts down; a failed pass is logged and
/// the next one tried.
struct Periodically {
    let interval: Duration
    /// Whether the first pass waits an interval (or runs at once).
    let firstAfterInterval: Bool
    /// What the log says when a pass fails.
    let failure: Logger.Message
    let logger: Logger

    func run(_ pass: @escaping @Sendable () async throws -> Void) async {
        try? await cancelWhenGracefulShutdown {
            if firstAfterInterval { try await Task.sleep(for: interval) }
            while !Task.isCancelled {
                do {
                    try await pass()
                } catch is CancellationError {
                    return
                } catch {
                    logger.warning(failure, metadata: ["error": "\(error)"])
                }
                try await Task.sleep(for: interval)
            }
        }
    }
}
