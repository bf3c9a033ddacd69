import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame
import PuzzleMapHTTP
import PuzzleMapStartup
import PuzzleMapStorage

/// `puzzlemap serve`: validates and imports the content, then serves the hunt.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Import the campus content and serve the hunt over HTTP."
    )

    @OptionGroup var content: ContentOptions
    @OptionGroup var service: ServiceOptions

    func run() async throws {
        // Writing to a mail command that exited must be an error to handle, not a signal that
        // ends the service.
        signal(SIGPIPE, SIG_IGN)
        // The text log's times come from `localtime`, which glibc has look at /etc/localtime
        // again (a `stat`) on every call unless TZ is set: a system call on every line. The same
        // zone, named once, before any other thread reads the environment.
        if getenv("TZ") == nil { setenv("TZ", ":/etc/localtime", 1) }
        let configuration = ResolvedConfiguration(content: content, service: service)
        let settings = try configuration.settings
        let logger = configuration.logger(label: "puzzlemap")
        let hunt: Hunt
        do {
            hunt = try await HuntStartup.prepare(settings: settings, logger: logger)
        } catch let error as InvalidContentError {
            printError("puzzlemap serve: refusing to start.\n\(error.description)")
            throw ExitCode.failure
        }
        let app = buildApplication(services: HuntServices(hunt: hunt, contentSource: HuntStartup.contentSource(settings: settings), settings: settings), settings: settings, logger: logger)
        // On SIGTERM or SIGINT the server stops accepting, lets requests in flight finish
        // (a photo scan mid-upload included) up to the deadline and returns; then the database
        // is closed, within the deadline again.
        let deadline = settings.shutdownDeadline
        let finished = try await runUntilStopped(app, deadline: deadline, logger: logger)
        let closed = await finishes(within: deadline) { try await hunt.repository.close() }
        switch (finished, closed) {
        case (true, true):
            logger.notice("Stopped: requests finished, database closed")
        case (false, true):
            logger.warning("Stopped at the shutdown deadline: requests still running \(deadline) after the signal were cut; database closed")
        case (_, false):
            logger.error("Stopped without closing the database: it did not close within \(deadline); its own recovery runs at the next start")
        }
    }
}
