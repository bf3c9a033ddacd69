import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// The freebies a player can still unlock, and how far they are from each.
extension Hunt {
    /// The offers the player has not unlocked yet and can still unlock today or later, in the
    /// order of the offers file, each with the steps left (from the player's ledger).
    public func upcomingOffers(playerID: Int64) async throws -> [OfferProgress] {
        let standing = PlayerStanding(events: try await repository.events(playerID: playerID), content: content)
        return content.upcomingOffers(for: standing, on: LocalDate(now(), in: timeZone))
    }
}
