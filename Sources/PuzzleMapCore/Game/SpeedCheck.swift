import Foundation

/// Faster between two checkpoints than anyone walks or cycles: such a scan is flagged for the
/// organisers, never refused (a phone's clock or a shared photo can explain it).
public enum SpeedCheck {
    /// Whether going from the previous scan's place to `checkpoint` by `now` was implausibly fast.
    /// One second at least is assumed between two scans, so two at the same instant are judged
    /// by distance alone.
    public static func isImplausiblyFast(
        from previous: (checkpointID: String, at: Date)?, to checkpoint: Checkpoint, at now: Date, content: CampusContent
    ) -> Bool {
        guard let previous, previous.checkpointID != checkpoint.id,
              let from = content.checkpoints.first(where: { $0.id == previous.checkpointID }) else { return false }
        let seconds = max(1, now.timeIntervalSince(previous.at))
        return from.coordinate.distance(to: checkpoint.coordinate) / seconds > content.rules.maxSpeedMetresPerSecond
    }
}
