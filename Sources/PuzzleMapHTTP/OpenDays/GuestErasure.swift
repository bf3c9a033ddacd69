import Logging
import PuzzleMapGame
import ServiceLifecycle

/// Erases the guests of open days whose keeping time is over, every few minutes: a visitor's
/// nickname and play are gone the day the organiser said. Every instance runs it; an erasure
/// another instance already did finds no guest left.
struct GuestErasure: Service {
    let running: RunningHunt
    let logger: Logger
    var interval: Duration = .seconds(600)

    func run() async throws {
        await Periodically(interval: interval, firstAfterInterval: false, failure: "Erasing open days' guests failed", logger: logger).run {
            let erased = try await running.hunt.eraseLapsedGuests()
            if erased > 0 { logger.notice("Erased the guests of an open day", metadata: ["guests": "\(erased)"]) }
        }
    }
}
