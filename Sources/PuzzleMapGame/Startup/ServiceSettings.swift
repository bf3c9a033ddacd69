import NIOCore
import NIOPosix
import PuzzleMapCore
import PuzzleMapStorage

/// What the service needs to know to start. The executable fills it from configuration
/// (flags, then `PUZZLEMAP_*` variables, then these defaults); tests build it directly.
public struct ServiceSettings: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    /// Holds the SQLite database and, unless configured, the generated secrets.
    public var dataDirectory = "./data"
    /// `postgres://user:password@host:5432/database`: PostgreSQL instead of SQLite, shared by
    /// every instance, which then also keeps the generated signing keys.
    public var databaseURL: String?
    public var campusDirectory = "Campus"
    public var riddlesDirectory = "Riddles"
    /// The address players reach the service at; printed QR codes link under it.
    public var publicURL = "http://localhost:8080"
    /// The push services a player's phone may ask notices to be sent through, by origin
    /// (`PUZZLEMAP_PUSH_SERVICES`, comma-separated): the browsers' own by default.
    public var pushServices = PushServices.browsers
    /// University email domains that may sign up.
    public var emailDomains = ["student.gla.ac.uk", "gla.ac.uk"]
    /// Overrides `limits.giftsPerDay` of `Campus/game.yaml` (`PUZZLEMAP_GIFTS_PER_DAY`).
    public var giftsPerDay: Int?
    /// Addresses of the proxies in front of the service: for requests from them, the client's
    /// address is the last one the proxy added to `X-Forwarded-For`.
    public var trustedProxies: Set<String> = []
    /// A sendmail-compatible command (`/usr/sbin/sendmail -t`); `nil` logs mail instead.
    public var sendmailCommand: String?
    /// How long a connection may go without a complete request part (a header, a body chunk)
    /// before it is closed: a client trickling a header byte by byte is dropped after this.
    public var idleTimeout: TimeAmount = .seconds(30)
    /// How long a shutdown (SIGTERM, SIGINT) lets requests in flight finish before it cuts
    /// them, and then how long closing the database may take: a request that never ends (a
    /// stuck database call, an upload that stalls) cannot keep the process alive.
    public var shutdownDeadline: Duration = .seconds(10)
    /// How often an idle live stream sends a comment line: well inside proxies' read timeouts.
    public var liveHeartbeat: Duration = .seconds(20)
    /// How long a live stream stays open before the service ends it (the client reconnects at
    /// once, with its `Last-Event-ID`, to whichever instance the proxy picks), and never past
    /// its access token's expiry: a stream does not outlive the sign-in that opened it.
    public var liveStreamLifetime: Duration = .seconds(15 * 60)
    /// Photos decoded at once: one a core by default (`PUZZLEMAP_PHOTO_DECODERS`).
    public var photoDecoders = System.coreCount
    /// Photos queued behind them before more are refused with 503 and `Retry-After`
    /// (`PUZZLEMAP_PHOTO_QUEUE`): four a decoder by default, about a second's wait.
    public var photoQueue: Int?
    /// Megabytes of photo uploads held in memory at once, read or being read
    /// (`PUZZLEMAP_PHOTO_UPLOAD_MB`): past it a photo is refused before its body is read.
    public var photoUploadMegabytes = 256
    /// Megabytes of answers kept as the bytes they were written as: players' maps, progress,
    /// friends lists and boards (`PUZZLEMAP_KEPT_ANSWERS_MB`); past it the answers not read lately
    /// are forgotten.
    public var keptAnswerMegabytes = 256
    /// The longest a database operation waits for a connection, and one statement for a lock
    /// or an answer (`PUZZLEMAP_DATABASE_DEADLINE`): past it the request is answered 503
    /// `database_unavailable`, so a slow or locked database costs seconds, not a hang.
    public var databaseDeadline: Duration = .seconds(5)
    /// Database operations that may wait for a connection (`PUZZLEMAP_DATABASE_QUEUE`); past
    /// it they are refused at once. Default: 16 a connection.
    public var databaseQueue: Int?
    /// Keys given by configuration; `nil` means the data directory keeps them.
    public var configuredSecrets: ServiceSecrets?

    public init() {}

    public var databasePath: String { dataDirectory + "/puzzlemap.sqlite" }

    /// What the store is held to: ``databaseDeadline`` and ``databaseQueue``.
    public var storageLimits: StorageLimits { StorageLimits(deadline: databaseDeadline, waiting: databaseQueue) }
}
