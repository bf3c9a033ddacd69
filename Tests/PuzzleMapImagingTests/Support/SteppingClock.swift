import Synchronization

/// A clock that moves forward by `step` every time it is read, so a time budget runs out after
/// an exact number of reads, whatever the machine's speed.
final class SteppingClock: Clock {
    struct Instant: InstantProtocol {
        var offset: Duration
        func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        func duration(to other: Instant) -> Duration { other.offset - offset }
        static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private let elapsed = Mutex<Duration>(.zero)
    let step: Duration

    init(step: Duration) { self.step = step }

    var now: Instant {
        elapsed.withLock { elapsed in
            defer { elapsed += step }
            return Instant(offset: elapsed)
        }
    }

    var minimumResolution: Duration { .nanoseconds(1) }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {}
}
