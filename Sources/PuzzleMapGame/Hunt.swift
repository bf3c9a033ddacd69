import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapStorage

/// The running hunt: the organiser's content, the store, the keys and the injected clock and
/// random source. Every use case (scan, hint, gift, ...) is a method on it, written once; the
/// JSON API and the pages both call these and only render what they return.
public struct Hunt: Sendable {
    public let repository: any HuntRepository
    /// The organiser's content this hunt plays by. A reload makes a new `Hunt` with the new
    /// content (`reloading`): a use case runs from start to end on one content.
    public private(set) var content: CampusContent
    /// The campus's clock zone, for opening hours, offers' days and weekly boards.
    public private(set) var timeZone: TimeZone
    public let secrets: ServiceSecrets
    /// Hashes tokens under `secrets.tokenKeyData`, as stored.
    let tokenHasher: SecretToken.Hasher
    /// Who may sign up.
    public let accountPolicy: AccountPolicy
    /// Where players reach the service; links in mails and codes start with it.
    public let publicURL: String
    /// The push services notices may be sent to.
    public let pushServices: PushServices
    /// What push requests are signed with; derived from the keys, so computed once.
    public let vapidKey: VAPIDKey
    public let passwordHasher: PasswordHasher
    /// Random draws (riddle choice); tests seed it.
    public let random: RandomSource
    /// The service's clock; tests pin it.
    public let now: @Sendable () -> Date
    /// Closed checkpoints and the message to players, as recently read: every page shows them.
    public let notices: NoticeBoard
    /// The sessions this instance recognised, kept while the store's signals say they are
    /// current; kept through content reloads (accounts do not depend on the content).
    public let sessions: SignedInSessions
    /// Each player's friends with their play versions, as last read, kept while the store's
    /// signals say neither the player (whose row every change to their friendships touches)
    /// nor any of those friends changed, a friend's play version moving alone followed; kept
    /// through content reloads.
    let friendCircles = KeptUntilSignalled<Int64, [FriendVersion]>(capacity: 25_000) { friends, player, playVersion in
        friends.map { $0.player.id == player ? FriendVersion(player: $0.player, playVersion: max($0.playVersion, playVersion)) : $0 }
    }
    /// What the boards are made of, kept while the store's signals say it holds; kept through
    /// content reloads (boards depend on the ledger and the accounts only).
    let keptBoards = KeptBoards()
    /// What signals about players dropped, read again in the background; kept through content
    /// reloads (each read runs on the hunt that heard the signal).
    let readAhead = ReadAhead()
    /// `ServiceSettings.giftsPerDay`, which overrides the content's limit.
    private let giftsPerDayOverride: Int?
    /// Players' progress and map as last read, by play version; one per content.
    private(set) var playCache = PlayCache()
    /// How the progress read from the store was made; one per content.
    private(set) var ledgerReads = LedgerReadCounts()
    /// Friends as their friends' lists sum them up, by play version; one per content.
    private(set) var friendSummaries = KeptByPlayVersion<FriendSummary.Standing>()
    /// Every friend of a player summed up from their ledgers read at once, under way, by player;
    /// one per content.
    private(set) var friendLedgerReads = SharedReads<Int64, [Int64: (playVersion: Int64, standing: FriendSummary.Standing)]>()
    /// Which places are open this minute; one per content.
    private(set) var placeHours: PlaceHours

    public init(
        repository: any HuntRepository, content: CampusContent, secrets: ServiceSecrets, settings: ServiceSettings = ServiceSettings(),
        passwordHasher: PasswordHasher = PasswordHasher(), random: RandomSource = .system, now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.repository = repository
        giftsPerDayOverride = settings.giftsPerDay
        self.content = Self.playable(content, giftsPerDay: settings.giftsPerDay)
        timeZone = content.timeZone
        placeHours = PlaceHours(checkpoints: self.content.checkpoints, timeZone: content.timeZone)
        notices = NoticeBoard()
        sessions = SignedInSessions()
        self.secrets = secrets
        tokenHasher = SecretToken.Hasher(key: secrets.tokenKeyData)
        accountPolicy = AccountPolicy(emailDomains: settings.emailDomains)
        publicURL = settings.publicURL
        pushServices = settings.pushServices
        vapidKey = VAPIDKey(secrets: secrets)
        self.passwordHasher = passwordHasher
        self.random = random
        self.now = now
    }

    /// The content as played: the settings' override applied.
    private static func playable(_ content: CampusContent, giftsPerDay: Int?) -> CampusContent {
        var content = content
        if let giftsPerDay { content.rules.limits.giftsPerDay = giftsPerDay }
        return content
    }

    /// The same hunt playing by `content`, once it is imported: the repository, keys, clock
    /// and notice board stay.
    func reloading(_ content: CampusContent) -> Hunt {
        var next = self
        next.content = Self.playable(content, giftsPerDay: giftsPerDayOverride)
        next.timeZone = content.timeZone
        next.playCache = PlayCache()
        next.ledgerReads = LedgerReadCounts()
        next.friendSummaries = KeptByPlayVersion()
        next.friendLedgerReads = SharedReads()
        next.placeHours = PlaceHours(checkpoints: next.content.checkpoints, timeZone: content.timeZone)
        return next
    }

    /// The game's limits and windows, from `Campus/game.yaml`.
    public var limits: GameLimits { content.rules.limits }

    /// Settles the signing keys (refusing to start with keys the database does not know) and
    /// imports the content, then gives the hunt ready to serve.
    public static func prepare(
        content: CampusContent, repository: any HuntRepository, settings: ServiceSettings, logger: Logger,
        random: RandomSource = .system, now: @escaping @Sendable () -> Date = Date.init
    ) async throws -> Hunt {
        let keeper = SecretKeeper(dataDirectory: settings.dataDirectory, keeping: settings.databaseURL == nil ? .dataDirectory : .database)
        let (secrets, source) = try await keeper.resolve(configured: settings.configuredSecrets, repository: repository)
        if source == .generated {
            logger.notice("Generated new signing keys", metadata: [
                "kept in": "\(keeper.keeping == .database ? "the database" : keeper.secretsFile)",
                "fingerprint": "\(secrets.tagKeyFingerprint)",
                "advice": "back them up with the database: printed codes are signed with them",
            ])
        }
        // The files win when they changed since they were last published; else the newest
        // published version does (an organiser played an earlier one again since).
        var encoded = EncodedContent(content)
        if let version = ContentVersion.kept(over: encoded.fingerprint, in: try await repository.contentVersions()),
           let keptContent = try await repository.content(ofVersion: version.id) {
            logger.notice("Playing the newest published version, not the files", metadata: [
                "version": "\(version.id)", "fingerprint": "\(version.summary.fingerprint)", "files": "\(encoded.fingerprint)",
                "why": "the files are unchanged since they were last published, and a version was played again or edited since",
            ])
            encoded = EncodedContent(keptContent)
        }
        let importedAt = now()
        let summary = try await repository.importContent(at: importedAt, audit: nil) { [encoded] stored in
            ContentImport(importing: encoded, over: stored, at: importedAt)
        }
        let playing = encoded.content
        logger.info("Content imported", metadata: [
            "checkpoints": "\(playing.checkpoints.count)", "riddles": "\(playing.riddles.count)",
            "added": "\(summary.checkpointsAdded)", "updated": "\(summary.checkpointsUpdated)",
            "retired": "\(summary.checkpointsRetired)", "fingerprint": "\(summary.fingerprint)",
        ])
        return Hunt(repository: repository, content: playing, secrets: secrets, settings: settings, random: random, now: now)
    }
}
