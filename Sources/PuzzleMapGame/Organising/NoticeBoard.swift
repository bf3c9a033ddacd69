import Foundation
import PuzzleMapCore
import PuzzleMapStorage
import Synchronization

/// What every player should know now: the checkpoints organisers closed and their message.
public struct LiveNotices: Equatable, Sendable {
    public var closures: [String: CheckpointClosure]
    public var broadcast: Broadcast?

    public init(closures: [String: CheckpointClosure], broadcast: Broadcast?) {
        self.closures = closures
        self.broadcast = broadcast
    }
}

/// The notices as last read, so that showing them on every page and weighing every riddle
/// request costs no query. An organiser's change on this instance is seen at once; one made
/// on another instance sharing the database within `maxAge`.
public final class NoticeBoard: Sendable {
    /// How long notices read from the database are trusted.
    public static let maxAge: TimeInterval = 10

    private let state = Mutex<(notices: LiveNotices, readAt: Date)?>(nil)

    public init() {}

    func fresh(at now: Date) -> LiveNotices? {
        state.withLock { state in
            guard let state, now.timeIntervalSince(state.readAt) < Self.maxAge, now >= state.readAt else { return nil }
            return state.notices
        }
    }

    func keep(_ notices: LiveNotices, readAt date: Date) {
        state.withLock { $0 = (notices, date) }
    }

    /// Forgets the notices: the next reader reads them again.
    func forget() {
        state.withLock { $0 = nil }
    }
}

extension Hunt {
    /// The closed checkpoints and the message shown now, read at most every `NoticeBoard.maxAge`.
    public func liveNotices() async throws -> LiveNotices {
        let now = now()
        if let notices = notices.fresh(at: now) { return notices }
        let read = LiveNotices(closures: try await repository.closures(), broadcast: try await repository.currentBroadcast())
        notices.keep(read, readAt: now)
        return read
    }
}
