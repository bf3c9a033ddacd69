import Metrics
import Prometheus
import PuzzleMapGame
import PuzzleMapStorage

/// What the service measures about itself, served in Prometheus's text format at
/// `GET /metrics`.
///
/// Metrics are made through swift-metrics' API against this value's own factory rather than
/// the process-wide `MetricsSystem`, so every service (and every test's service) counts on its
/// own and nothing global has to be bootstrapped first. Label names are fixed per metric:
/// the registry traps on a family registered with two different sets.
public struct HuntMetrics: Sendable {
    public let registry: PrometheusCollectorRegistry
    private let factory: PrometheusMetricsFactory

    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        var factory = PrometheusMetricsFactory(registry: registry)
        // Decoding a 12 MP photo takes tens to hundreds of milliseconds; the default buckets
        // stop at 10 s and start at 5 ms, which suits requests and decodes alike, but the
        // cheap routes answer in well under 5 ms.
        factory.defaultDurationHistogramBuckets = [
            .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25),
            .milliseconds(50), .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(5),
        ]
        self.factory = factory
    }

    /// One answered request: `route` is the router's pattern (`/v1/riddles/:id`), never the
    /// raw path, which can carry codes.
    func request(route: String, method: String, status: Int, nanoseconds: UInt64) {
        let dimensions = [("route", route), ("method", method), ("status", String(status))]
        Counter(label: "puzzlemap_http_requests_total", dimensions: dimensions, factory: factory).increment()
        Timer(label: "puzzlemap_http_request_duration_seconds", dimensions: [("route", route), ("method", method)], factory: factory)
            .recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// What a scan came to: `solved`, `already_visited`, `wrong_place`, ... or the problem's code.
    func scan(outcome: String) {
        Counter(label: "puzzlemap_scan_outcomes_total", dimensions: [("outcome", outcome)], factory: factory).increment()
    }

    /// A scan answered, however it was sent (API, page, sticker link): its outcome, or
    /// `replayed` for a retry answered from its key.
    func recordScan(_ result: ScanResult) {
        scan(outcome: result.replayed ? "replayed" : result.outcome.label)
    }

    /// A scan refused, under its problem's code: unreadable photos, forged codes, limits. An
    /// error that explains no problem (a bug, a lost database) is no outcome of the scan.
    func recordScan(refusal error: any Error) {
        if let problem = Problem.explaining(error) { scan(outcome: problem.code.rawValue) }
    }

    /// How long decoding and scanning one photo took, and whether it found a code.
    func photoDecoded(nanoseconds: UInt64, foundCode: Bool) {
        Timer(label: "puzzlemap_photo_decode_duration_seconds", dimensions: [("found", foundCode ? "yes" : "no")], factory: factory)
            .recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// A photo refused because the decoding queue was full.
    func photoRefused() {
        Counter(label: "puzzlemap_photos_refused_total", dimensions: [], factory: factory).increment()
    }

    /// A request refused by a limit (`too_many_scans`, `too_many_attempts`, ...).
    func rateLimited(code: String) {
        Counter(label: "puzzlemap_rate_limit_refusals_total", dimensions: [("limit", code)], factory: factory).increment()
    }

    /// The database connections (SQLite) or pooled connections (PostgreSQL) at work, read
    /// when Prometheus scrapes.
    func record(_ activity: StorageActivity.Snapshot) {
        Gauge(label: "puzzlemap_database_operations_in_flight", dimensions: [("kind", "read")], factory: factory).record(activity.readsInFlight)
        Gauge(label: "puzzlemap_database_operations_in_flight", dimensions: [("kind", "write")], factory: factory).record(activity.writesInFlight)
        Gauge(label: "puzzlemap_database_connections_max", dimensions: [], factory: factory).record(activity.maximumConnections)
    }

    /// How the players' kept progress and maps served (since the content was loaded), read
    /// when Prometheus scrapes.
    func record(_ figures: PlayCacheFigures) {
        Gauge(label: "puzzlemap_play_cache_requests", dimensions: [("answer", "kept")], factory: factory).record(figures.answered)
        Gauge(label: "puzzlemap_play_cache_requests", dimensions: [("answer", "read")], factory: factory).record(figures.missed)
        Gauge(label: "puzzlemap_play_cache_players", dimensions: [], factory: factory).record(figures.players)
        Gauge(label: "puzzlemap_play_cache_reads", dimensions: [("ledger", "carried")], factory: factory).record(figures.carriedForward)
        Gauge(label: "puzzlemap_play_cache_reads", dimensions: [("ledger", "whole")], factory: factory).record(figures.replayedWhole)
        Gauge(label: "puzzlemap_scan_standings", dimensions: [("ledger", "carried")], factory: factory).record(figures.scansCarriedForward)
        Gauge(label: "puzzlemap_scan_standings", dimensions: [("ledger", "whole")], factory: factory).record(figures.scansReplayedWhole)
    }

    /// How the sessions kept in the instance served (``SignedInSessions``), read when
    /// Prometheus scrapes.
    func record(sessions figures: KeptFigures) {
        record(figures, lookups: "puzzlemap_session_lookups", kept: "puzzlemap_sessions_kept")
        Gauge(label: "puzzlemap_session_signals_heard", dimensions: [], factory: factory).record(figures.listening ? 1 : 0)
    }

    /// Reads ahead after players' signals (``Hunt/hear(_:readingAhead:)``): started, and
    /// signals that found too many under way, read when Prometheus scrapes.
    func record(readsAhead figures: (started: Int, skipped: Int)) {
        Gauge(label: "puzzlemap_reads_ahead", dimensions: [("outcome", "started")], factory: factory).record(figures.started)
        Gauge(label: "puzzlemap_reads_ahead", dimensions: [("outcome", "skipped")], factory: factory).record(figures.skipped)
    }

    /// How the friends' circles kept in the instance served, read when Prometheus scrapes.
    func record(friendCircles figures: KeptFigures) {
        record(figures, lookups: "puzzlemap_friend_circle_lookups", kept: "puzzlemap_friend_circles_kept")
    }

    /// How what the boards are made of, kept in the instance, served, by part (the top of a
    /// board, a viewer's standing, a board among friends), read when Prometheus scrapes.
    func record(boardParts: [(part: String, figures: KeptFigures)]) {
        for (part, figures) in boardParts {
            record(figures, lookups: "puzzlemap_board_part_lookups", kept: "puzzlemap_board_parts_kept", dimensions: [("part", part)])
        }
    }

    /// Values kept until signalled: reads answered from them and from the store (`lookups`,
    /// by `answer`), and how many are kept now (`kept`).
    private func record(_ figures: KeptFigures, lookups: String, kept: String, dimensions: [(String, String)] = []) {
        Gauge(label: lookups, dimensions: dimensions + [("answer", "kept")], factory: factory).record(figures.answered)
        Gauge(label: lookups, dimensions: dimensions + [("answer", "read")], factory: factory).record(figures.missed)
        Gauge(label: kept, dimensions: dimensions, factory: factory).record(figures.kept)
    }

    /// How the answers kept as bytes served (``KeptAnswers``), by route, read when Prometheus scrapes.
    func record(_ figures: KeptAnswerFigures, route: String) {
        Gauge(label: "puzzlemap_kept_answers", dimensions: [("route", route), ("answer", "kept")], factory: factory).record(figures.answered)
        Gauge(label: "puzzlemap_kept_answers", dimensions: [("route", route), ("answer", "encoded")], factory: factory).record(figures.encoded)
        Gauge(label: "puzzlemap_kept_answer_bytes", dimensions: [("route", route)], factory: factory).record(figures.bytes)
    }

    /// The text Prometheus scrapes.
    func exposition() -> [UInt8] { registry.emitToBuffer() }
}

extension Duration {
    /// The whole nanoseconds in a non-negative duration, as metrics record them.
    var wholeNanoseconds: UInt64 {
        UInt64(clamping: components.seconds) * 1_000_000_000 + UInt64(clamping: components.attoseconds / 1_000_000_000)
    }
}
