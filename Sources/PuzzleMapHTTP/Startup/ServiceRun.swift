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
    let watch = ShutdownWatch()
    // Services shut down in reverse order: the watch hears of the shutdown first.
    var configuration = ServiceGroupConfiguration(services: [.init(service: application), .init(service: watch)],
                                                  gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
    configuration.maximumGracefulShutdownDuration = deadline
    // Cancelled work gets a little longer to unwind; past that the process ends anyway.
    configuration.maximumCancellationDuration = .seconds(5)
    try await ServiceGroup(configuration: configuration).run()
    return watch.elapsed.map { $0 < deadline } ?? true
}

/// Notes when the graceful shutdown began.
private final class ShutdownWatch: Service {
    private let began = Mutex<ContinuousClock.Instant?>(nil)

    func run() async throws {
        try? await gracefulShutdown()
        began.withLock { $0 = $0 ?? .now }
    }

    /// How long ago the shutdown began, once it has.
    var elapsed: Duration? { began.withLock { $0.map { .now - $0 } } }
}
