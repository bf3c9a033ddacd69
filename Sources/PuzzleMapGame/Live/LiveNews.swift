import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// One thing a player's stream passes on.
public enum LiveNews: Sendable, Equatable {
    case event(StoredLiveEvent)
    /// An organisers' message to everyone.
    case broadcast(Broadcast)
}

/// Players' live streams: where one starts, and what is new since a cursor.
extension Hunt {
    /// How long live events are kept for a client that comes back: at least a day.
    public static let liveEventsKept: TimeInterval = 2 * 86_400
    /// How far back organisers' messages are passed on to a client that comes back.
    public static let broadcastsReplayed: TimeInterval = 86_400

    /// Where a new stream starts: after everything already there (the pages show it already).
    public func liveCursor(playerID: Int64) async throws -> LiveCursor {
        try await repository.liveCursor(playerID: playerID)
    }

    /// What is new for the player after `cursor`, oldest first, each with the cursor after it:
    /// their events in the order they were committed, and organisers' messages of the last
    /// day, by time.
    public func liveNews(playerID: Int64, after cursor: LiveCursor, limit: Int = 100) async throws -> [(cursor: LiveCursor, news: LiveNews)] {
        async let events = repository.liveEvents(playerID: playerID, after: cursor.events, limit: limit)
        async let broadcasts = repository.broadcasts(after: cursor.broadcasts, since: now() - Self.broadcastsReplayed)
        var (mine, everyone) = (try await events[...], try await broadcasts[...])
        var position = cursor
        var news: [(cursor: LiveCursor, news: LiveNews)] = []
        // Merged by time, each list kept in its own order (a player's events in commit order).
        while let next = Self.earlier(mine.first, everyone.first) {
            switch next {
            case .event(let stored):
                mine.removeFirst()
                position.events = stored.sequence
            case .broadcast(let broadcast):
                everyone.removeFirst()
                position.broadcasts = broadcast.id
            }
            news.append((position, next))
        }
        return news
    }

    private static func earlier(_ event: StoredLiveEvent?, _ broadcast: Broadcast?) -> LiveNews? {
        switch (event, broadcast) {
        case (nil, nil): nil
        case (let event?, nil): .event(event)
        case (nil, let broadcast?): .broadcast(broadcast)
        case (let event?, let broadcast?): broadcast.sentAt < event.createdAt ? .broadcast(broadcast) : .event(event)
        }
    }

    /// Forgets live events older than they are kept.
    public func pruneLiveEvents() async throws {
        try await repository.pruneLiveEvents(before: now() - Self.liveEventsKept)
    }
}
