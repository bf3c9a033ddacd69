import Hummingbird
import Logging
import PuzzleMapGame

/// Builds the whole HTTP application. `puzzlemap serve` and the tests both call this: it is
/// the only place where the service is wired.
public func buildApplication(services: HuntServices, settings: ServiceSettings, logger: Logger) -> some ApplicationProtocol {
    Application(
        router: buildRouter(services: services),
        server: .http1(configuration: .init(idleTimeout: settings.idleTimeout)),
        configuration: .init(address: .hostname(settings.host, port: settings.port), serverName: "PuzzleMap"),
        services: [
            MailDelivery(services: services, sendmailCommand: settings.sendmailCommand, logger: logger),
            PushDelivery(running: services.running, logger: logger),
            SessionSignals(running: services.running, logger: logger),
            ContentReloadOnHangup(running: services.running, logger: logger),
            PublishedContentFollower(running: services.running, logger: logger),
            GuestErasure(running: services.running, logger: logger),
            services.live,
        ],
        logger: logger
    )
}

/// The routes, behind the middleware that turns every error into a problem answer, and,
/// around that, the request's id, log line and metrics.
public func buildRouter(services: HuntServices) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: ProblemMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: services.metrics))
    HealthController(services: services).addRoutes(to: router)
    MetricsController(services: services).addRoutes(to: router)
    OpenAPIController().addRoutes(to: router)
    addPages(services: services, to: router)

    let api = router.group("v1")
    AccountController(services: services).addRoutes(to: api)
    let authenticated = api.group().add(middleware: Authenticator(services: services)).add(middleware: UploadBudgetMiddleware(services: services))
    AccountController(services: services).addAuthenticatedRoutes(to: authenticated)
    MeController(services: services).addRoutes(to: authenticated)
    QuizController(services: services).addPublicRoutes(to: api)
    StaffInvitationController(services: services).addPublicRoutes(to: api)
    QuizController(services: services).addRoutes(to: authenticated)
    RiddleController(services: services).addRoutes(to: authenticated)
    ProgressController(services: services).addRoutes(to: authenticated)
    JournalController(services: services).addRoutes(to: authenticated)
    ReportController(services: services).addRoutes(to: authenticated)
    ScanController(services: services).addRoutes(to: authenticated)
    VoucherController(services: services).addRoutes(to: authenticated)
    OfferController(services: services).addRoutes(to: authenticated)
    StaffController(services: services).addRoutes(to: authenticated)
    StaffInvitationController(services: services).addRoutes(to: authenticated)
    GiftController(services: services).addRoutes(to: authenticated)
    FriendController(services: services).addRoutes(to: authenticated)
    LiveController(services: services).addRoutes(to: authenticated)
    ChallengeController(services: services).addRoutes(to: authenticated)
    CrewController(services: services).addRoutes(to: authenticated)
    PushController(services: services).addPublicRoutes(to: api)
    PushController(services: services).addRoutes(to: authenticated)
    LeaderboardController(services: services).addRoutes(to: authenticated)
    ModerationController(services: services).addRoutes(to: authenticated)
    AuditController(services: services).addRoutes(to: authenticated)
    OperationsController(services: services).addPublicRoutes(to: api)
    OperationsController(services: services).addRoutes(to: authenticated)
    AuthoringController(services: services).addRoutes(to: authenticated)
    OpenDayController(services: services).addPublicRoutes(to: api)
    OpenDayController(services: services).addRoutes(to: authenticated)
    PictureController(services: services).addRoutes(to: authenticated)
    CampusPlanController(services: services).addRoutes(to: authenticated)
    OrganiserController(services: services).addRoutes(to: authenticated)
    return router
}
