import Foundation
import PuzzleMapCore
import Synchronization

/// Whether each place is open and when a closed one opens next, worked out once a minute of
/// the campus clock rather than at every map request: opening hours are kept to the minute, so
/// the answer is the same for every player and every request within one. The timetables'
/// summaries are written once for the content. A content reload starts a new one.
final class PlaceHours: Sendable {
    struct Now: Sendable {
        var isOpen: Bool
        var nextOpening: NextOpening?
    }

    /// The content's checkpoints' timetables in words, in file order.
    let summaries: [String]
    private let checkpoints: [Checkpoint]
    private let timeZone: TimeZone
    private let minute = Mutex<(start: Int, places: [Now])?>(nil)

    init(checkpoints: [Checkpoint], timeZone: TimeZone) {
        self.checkpoints = checkpoints
        self.timeZone = timeZone
        summaries = checkpoints.map(\.hours.summary)
    }

    /// Each checkpoint's hours at `instant`, in file order: as at the start of its minute.
    func at(_ instant: Date) -> [Now] {
        let start = Int((instant.timeIntervalSince1970 / 60).rounded(.down))
        if let kept = minute.withLock({ $0 }), kept.start == start { return kept.places }
        let moment = Date(timeIntervalSince1970: Double(start) * 60)
        let places = checkpoints.map { place in
            Now(isOpen: place.hours.isOpen(at: moment, in: timeZone), nextOpening: place.hours.nextOpening(after: moment, in: timeZone))
        }
        minute.withLock { $0 = (start, places) }
        return places
    }
}
