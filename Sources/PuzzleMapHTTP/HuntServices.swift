import Foundation
import Logging
import PuzzleMapCore
import PuzzleMapGame

/// What the routes work with: the hunt and its use cases, and what only HTTP needs (metrics,
/// the proxies to trust). The hunt's own properties read through (`services.content`).
@dynamicMemberLookup
public struct HuntServices: Sendable {
    /// The hunt being served; a reload of the content replaces it.
    public let running: RunningHunt
    /// Proxies whose `X-Forwarded-For` names the client.
    public let trustedProxies: Set<String>
    /// What the service measures about itself, for `GET /metrics`.
    public let metrics: HuntMetrics
    /// The players' live streams open on this instance.
    let live: LiveHub
    /// The photos being decoded, and those queued for a decoder.
    let photos: PhotoQueue
    /// Answers kept as the bytes they were written as, by the view they render.
    let kept: KeptViews

    public init(hunt: Hunt, contentSource: ContentSource, settings: ServiceSettings = ServiceSettings(), metrics: HuntMetrics = HuntMetrics()) {
        let running = RunningHunt(hunt, source: contentSource)
        self.running = running
        trustedProxies = settings.trustedProxies
        self.metrics = metrics
        let repository = hunt.repository
        photos = PhotoQueue(decoders: settings.photoDecoders, waiting: settings.photoQueue ?? 4 * settings.photoDecoders,
                            uploadBytes: settings.photoUploadMegabytes * 1024 * 1024)
        kept = KeptViews(budgetBytes: settings.keptAnswerMegabytes * 1024 * 1024)
        live = LiveHub(signals: { repository.liveSignals() }, heartbeat: settings.liveHeartbeat, streamLifetime: settings.liveStreamLifetime, logger: Logger(label: "puzzlemap.live"),
                       prune: { try await running.hunt.pruneLiveEvents() })
    }

    /// The hunt as it is now. A route that calls several use cases takes it once.
    public var hunt: Hunt { running.hunt }

    /// Whether a text is a code this service signed: what a photo's reader looks for past the
    /// other codes in the frame (a poster's QR beside the sticker).
    var isOurCode: @Sendable (String) -> Bool {
        let codes = hunt.codes
        return { codes.isGenuine($0) }
    }

    public subscript<Value>(dynamicMember path: KeyPath<Hunt, Value>) -> Value { hunt[keyPath: path] }
}

/// The answers kept as bytes (``KeptAnswers``), a budget for each kind: the views are the whole
/// key, so they hold across content reloads and need no forgetting.
struct KeptViews: Sendable {
    let progress: KeptAnswers<ProgressController.ProgressView>
    let map: KeptAnswers<ProgressController.MapView>
    let friends: KeptAnswers<FriendController.FriendsView>
    let boards: KeptAnswers<LeaderboardController.Board>

    /// Maps are the largest answers; friends lists and boards the fewest (a board's answer
    /// holds its viewer's rank, so it is kept for each viewer, but its rows change with any
    /// score among them).
    init(budgetBytes: Int) {
        progress = KeptAnswers(budgetBytes: budgetBytes / 16 * 5)
        map = KeptAnswers(budgetBytes: budgetBytes / 16 * 7)
        friends = KeptAnswers(budgetBytes: budgetBytes / 8)
        boards = KeptAnswers(budgetBytes: budgetBytes / 8)
    }
}
