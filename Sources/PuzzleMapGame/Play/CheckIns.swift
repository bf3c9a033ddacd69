import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// Wrong-place check-ins: the player takes the small exploration reward, or leaves no trace.
extension Hunt {
    /// Registers a pending check-in for its small reward. A lapsed check-in, or one for a place
    /// the player has since found another way, earns nothing and is refused as not found.
    public func registerCheckIn(id: String, playerID: Int64) async throws -> StandingChange {
        let (content, timeZone, now) = (content, timeZone, now())
        let xp = content.rules.checkInXP
        let registered = try await repository.registerCheckIn(id: id, playerID: playerID, at: now) { checkIn, before in
            guard checkIn.expiresAt > now, !before.contains(where: { $0.checkpointID == checkIn.checkpointID }) else { return nil }
            let event = GameEvent(id: 0, playerID: playerID, kind: .checkedIn, checkpointID: checkIn.checkpointID, riddleID: nil, xp: xp,
                                  occurredAt: now)
            return CheckInEffect(xp: xp, grants: Progression(before: before, adding: event, content: content).grants(at: now, in: timeZone))
        }
        guard let registered else { throw GameRefusal.checkInNotFound(lifetimeMinutes: limits.checkInMinutes) }
        return StandingChange(Progression(before: registered.before, adding: registered.event, content: content), vouchers: registered.vouchers)
    }

    /// Cancels a pending check-in, leaving no trace.
    public func cancelCheckIn(id: String, playerID: Int64) async throws {
        guard try await repository.cancelCheckIn(id: id, playerID: playerID) else {
            throw GameRefusal.checkInNotFound(lifetimeMinutes: limits.checkInMinutes)
        }
    }
}
