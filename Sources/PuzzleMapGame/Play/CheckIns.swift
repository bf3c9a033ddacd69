import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// Wrong-place check-ins: the player takes the small exploration reward, or leaves no trace.
extension Hunt {
    /// Registers a pending check-in for its small reward. A lapsed check-in, or one for a place
    /// the player has since found another way, earns nothing and is refused as not found.
    public func registerCheckIn(id: String, playerID: Int64) async throws -> StandingChange {
        let guestEvent = try await requireInGoodStanding(playerID: playerID)
        let (content, timeZone, now) = (content, timeZone, now())
        let xp = content.rules.checkInXP
        let registered = try await repository.registerCheckIn(id: id, playerID: playerID, at: now) { checkIn, before -> CheckInEffect<StandingChange>? in
            guard checkIn.expiresAt > now, !before.counted.contains(where: { $0.checkpointID == checkIn.checkpointID }) else { return nil }
            let event = GameEvent.checkedIn(by: playerID, at: checkIn.checkpointID, xp: xp, on: now)
            let progression = Progression(before: before, adding: event, content: content)
            let grants = progression.grants(at: now, in: timeZone)
            return CheckInEffect(event: event, grants: guestEvent.map { $0.guestGrants(grants) } ?? grants, liveEvents: progression.liveEvents(for: playerID)) {
                StandingChange(progression, vouchers: $0)
            }
        }
        guard let registered else { throw GameRefusal.checkInNotFound(lifetimeMinutes: limits.checkInMinutes) }
        return registered
    }

    /// Cancels a pending check-in, leaving no trace.
    public func cancelCheckIn(id: String, playerID: Int64) async throws {
        guard try await repository.cancelCheckIn(id: id, playerID: playerID) else {
            throw GameRefusal.checkInNotFound(lifetimeMinutes: limits.checkInMinutes)
        }
    }
}
