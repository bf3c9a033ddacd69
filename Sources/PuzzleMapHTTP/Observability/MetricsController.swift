import Hummingbird

/// `GET /metrics`: Prometheus's text format. Open on the instance for the scraper; the proxy
/// configurations in Deploy/ refuse it from outside.
struct MetricsController {
    let services: HuntServices

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("metrics") { _, _ -> Response in
            services.metrics.record(services.repository.activity.snapshot)
            services.metrics.record(services.hunt.playCacheFigures)
            services.metrics.record(sessions: services.hunt.sessions.figures)
            services.metrics.record(readsAhead: services.hunt.readAheadFigures)
            services.metrics.record(friendCircles: services.hunt.friendCircleFigures)
            services.metrics.record(boardParts: services.hunt.boardPartFigures)
            services.metrics.record(services.kept.progress.figures, route: "progress")
            services.metrics.record(services.kept.map.figures, route: "map")
            services.metrics.record(services.kept.friends.figures, route: "friends")
            services.metrics.record(services.kept.boards.figures, route: "leaderboard")
            return Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                            body: .init(byteBuffer: ByteBuffer(bytes: services.metrics.exposition())))
        }
    }
}
