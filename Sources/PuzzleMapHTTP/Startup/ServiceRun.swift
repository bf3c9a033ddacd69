import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization

/// Runs the application until SIGTERM or SIGINT, then shuts it down within `deadline`: the
/// server stops accepting and requests in flight may finish (a photo mid-upload included);
/// what is still running when the deadline passes is cancelled and its connections closed.
/// Without a deadline one request that never ends keeps the process alive for ever.
///
/// Returns whether everything finished by itself, before the deadline.
public func runUntilStopped(_ application: some ApplicationProtocol, deadline: Duration, logger: Logger) async throws -> Bool {
    let watched = CutWatch(application)
    var configuration = ServiceGroupConfiguration(services: [.init(service: watched)], gracefulShutdownSignals: [.sigterm, .sigint],
                                                  logger: logger)
    configuration.maximumGracefulShutdownDuration = deadline
    // Cancelled work gets a little longer to unwind; past that the process ends anyway.
    configuration.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: configuration).run()
    return !watched.wasCut
}

/// The application, noting whether the group had to cancel it: what tells a shutdown cut at
/// the deadline from one that finished by itself, however late a busy machine runs either.
private final class CutWatch<Application: ApplicationProtocol>: Service {
    private let application: Application
    private let cut = Mutex(false)

    init(_ application: Application) {
        self.application = application
    }

    func run() async throws {
        defer { if Task.isCancelled { cut.withLock { $0 = true } } }
        try await application.run()
    }

    var wasCut: Bool { cut.withLock { $0 } }
}
