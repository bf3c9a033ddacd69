import Foundation
import Logging
import PuzzleMapContent
import PuzzleMapCore
import PuzzleMapStorage

/// Everything the routes work with, prepared once at start-up.
public struct HuntServices: Sendable {
    public let repository: any HuntRepository
    public let content: CampusContent
    /// The campus's clock zone, for opening hours.
    public let timeZone: TimeZone
    public let secrets: ServiceSecrets
    /// Who may sign up.
    public let accountPolicy: AccountPolicy
    /// Where players reach the service; links in mails and codes start with it.
    public let publicURL: String
    public let passwordHasher: PasswordHasher
    /// How many vouchers a player may give away a day.
    public let giftsPerDay: Int
    /// Proxies whose `X-Forwarded-For` names the client.
    public let trustedProxies: Set<String>
    /// Random draws (riddle choice); tests seed it.
    public let random: RandomSource
    /// The service's clock; tests pin it.
    public let now: @Sendable () -> Date
    /// What the service measures about itself, for `GET /metrics`.
    public let metrics: HuntMetrics

    public init(
        repository: any HuntRepository, content: CampusContent, secrets: ServiceSecrets, settings: ServiceSettings = ServiceSettings(),
        passwordHasher: PasswordHasher = PasswordHasher(), random: RandomSource = .system,
        now: @escaping @Sendable () -> Date = Date.init, metrics: HuntMetrics = HuntMetrics()
    ) {
        self.repository = repository
        self.content = content
        timeZone = TimeZone(identifier: content.info.timeZoneIdentifier) ?? .gmt
        self.secrets = secrets
        accountPolicy = AccountPolicy(emailDomains: settings.emailDomains)
        publicURL = settings.publicURL
        giftsPerDay = settings.giftsPerDay
        trustedProxies = settings.trustedProxies
        self.passwordHasher = passwordHasher
        self.random = random
        self.now = now
        self.metrics = metrics
    }

    /// Validates the organiser's content (refusing to start with the full report when it is
    /// invalid), opens and migrates the database, settles the keys and imports the content.
    public static func prepare(settings: ServiceSettings, logger: Logger, now: @escaping @Sendable () -> Date = Date.init) async throws -> HuntServices {
        let content = try ContentReader(campusDirectory: settings.campusDirectory, riddlesDirectory: settings.riddlesDirectory)
            .load().get()
        let repository = try await openRepository(settings: settings, logger: logger)
        return try await prepare(content: content, repository: repository, settings: settings, logger: logger, now: now)
    }

    /// The same, for content and a repository already at hand.
    public static func prepare(
        content: CampusContent, repository: any HuntRepository, settings: ServiceSettings, logger: Logger,
        random: RandomSource = .system, now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> HuntServices {
        let keeper = SecretKeeper(dataDirectory: settings.dataDirectory, keeping: keyKeeping(for: settings))
        let (secrets, source) = try await keeper.resolve(configured: settings.configuredSecrets, repository: repository)
        if source == .generated {
            logger.notice("Generated new signing keys", metadata: [
                "kept in": "\(keeper.keeping == .database ? "the database" : keeper.secretsFile)",
                "fingerprint": "\(secrets.tagKeyFingerprint)",
                "advice": "back them up with the database: printed codes are signed with them",
            ])
        }
        let summary = try await repository.importContent(content, at: now())
        logger.info("Content imported", metadata: [
            "checkpoints": "\(content.checkpoints.count)", "riddles": "\(content.riddles.count)",
            "added": "\(summary.checkpointsAdded)", "updated": "\(summary.checkpointsUpdated)",
            "retired": "\(summary.checkpointsRetired)", "fingerprint": "\(summary.fingerprint)",
        ])
        return HuntServices(repository: repository, content: content, secrets: secrets, settings: settings, random: random, now: now)
    }
}
