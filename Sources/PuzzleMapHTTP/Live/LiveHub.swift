import Foundation
import Logging
import PuzzleMapStorage
import ServiceLifecycle
import Synchronization

/// The live streams this instance holds open, by player, woken by the store's signals (from
/// any instance sharing the database) and by one heartbeat for all. An idle stream costs a
/// suspended task and an entry here: no timer, no query, until something happens.
final class LiveHub: Service, Sendable {
    /// A player may keep this many streams (tabs, phones) open; opening one more closes their oldest.
    static let streamsPerPlayer = 4

    private struct Stream: Sendable {
        let id: UUID
        let wakes: AsyncStream<Void>.Continuation
    }

    private struct State {
        var streams: [Int64: [Stream]] = [:]
        /// Streams with something new to read; a wake without it is a heartbeat.
        var news: Set<UUID> = []
    }

    private let state = Mutex(State())
    private let signals: @Sendable () -> AsyncStream<LiveSignal>
    /// How often an idle stream sends a comment line, so proxies and phones keep it open.
    let heartbeat: Duration
    /// How long a stream stays open at most (see `ServiceSettings.liveStreamLifetime`).
    let streamLifetime: Duration
    private let prune: @Sendable () async throws -> Void
    private let logger: Logger

    init(signals: @escaping @Sendable () -> AsyncStream<LiveSignal>, heartbeat: Duration, streamLifetime: Duration, logger: Logger,
         prune: @escaping @Sendable () async throws -> Void) {
        self.signals = signals
        self.heartbeat = heartbeat
        self.streamLifetime = streamLifetime
        self.logger = logger
        self.prune = prune
    }

    /// Opens a stream for the player: a sequence of wakes, ended when the stream is closed,
    /// replaced by the player's newer ones, or the service stops.
    func open(playerID: Int64) -> (id: UUID, wakes: AsyncStream<Void>) {
        let (wakes, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let id = UUID()
        let replaced = state.withLock { state -> [Stream] in
            var mine = state.streams[playerID] ?? []
            mine.append(Stream(id: id, wakes: continuation))
            let oldest = Array(mine.prefix(max(0, mine.count - Self.streamsPerPlayer)))
            mine.removeFirst(oldest.count)
            state.streams[playerID] = mine
            for stream in oldest { state.news.remove(stream.id) }
            return oldest
        }
        for stream in replaced { stream.wakes.finish() }
        return (id, wakes)
    }

    /// Forgets a stream that ended.
    func close(_ id: UUID, playerID: Int64) {
        let closed = state.withLock { state -> Stream? in
            state.news.remove(id)
            guard var mine = state.streams[playerID], let index = mine.firstIndex(where: { $0.id == id }) else { return nil }
            let stream = mine.remove(at: index)
            state.streams[playerID] = mine.isEmpty ? nil : mine
            return stream
        }
        closed?.wakes.finish()
    }

    /// Whether the stream was woken for news (and no longer is); otherwise the wake was a heartbeat.
    func takeNews(_ id: UUID) -> Bool {
        state.withLock { $0.news.remove(id) != nil }
    }

    /// How many streams are open, for metrics and the benchmark.
    var openStreams: Int { state.withLock { $0.streams.values.reduce(0) { $0 + $1.count } } }

    private func wake(_ signal: LiveSignal) {
        let woken = state.withLock { state -> [Stream] in
            let streams: [Stream] = switch signal {
            case .player(let id): state.streams[id] ?? []
            case .broadcast, .resume: state.streams.values.flatMap(\.self)
            }
            for stream in streams { state.news.insert(stream.id) }
            return streams
        }
        for stream in woken { stream.wakes.yield() }
    }

    private func beat() {
        for stream in state.withLock({ $0.streams.values.flatMap(\.self) }) { stream.wakes.yield() }
    }

    /// Passes the store's signals to the streams and beats the heartbeat until the service
    /// stops; forgets old events every hour. Then ends every stream still open.
    func run() async throws {
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await signal in self.signals().cancelOnGracefulShutdown() { self.wake(signal) }
            }
            group.addTask {
                var sincePrune = Duration.zero
                while (try? await Task.sleep(for: self.heartbeat)) != nil, !Task.isCancelled, !Task.isShuttingDownGracefully {
                    self.beat()
                    sincePrune += self.heartbeat
                    if sincePrune >= .seconds(3600) {
                        sincePrune = .zero
                        do { try await self.prune() } catch { self.logger.warning("Could not forget old live events", metadata: ["error": "\(error)"]) }
                    }
                }
            }
            await group.next()
            group.cancelAll()
        }
        let open = state.withLock { state -> [Stream] in
            defer { state = State() }
            return state.streams.values.flatMap(\.self)
        }
        for stream in open { stream.wakes.finish() }
    }
}
