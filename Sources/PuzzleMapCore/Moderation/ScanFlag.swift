import Foundation

/// Why a scan was flagged for the organisers. A flag never refuses the scan on its own (a
/// phone's clock, a shared photo or a poor location fix can explain it); organisers look and
/// may void it.
public enum ScanFlag: String, Codable, Sendable, CaseIterable {
    /// Faster from the previous scan's place than anyone walks or cycles (``SpeedCheck``).
    case tooFast = "too_fast"
    /// Another player scored with the same or a near-identical photo recently: refused, and kept.
    case reusedPhoto = "reused_photo"
    /// A typed code used far from its checkpoint, by the phone's own account of where it was.
    case typedFarAway = "typed_far_away"
    /// The right code came after forged or mistyped ones in the guessing window.
    case afterGuessing = "after_guessing"

    /// The flag a scan gets, the most telling first: `nil` when nothing is odd about it.
    /// `typedLocation` is where the phone said it was when the code was typed (a photo's
    /// location does not count: the photo itself shows the sticker); `failedCodes` are the
    /// forged codes the player sent in the guessing window before this one.
    public static func flag(
        from previous: (checkpointID: String, at: Date)?, to checkpoint: Checkpoint, at now: Date, typedLocation: ReportedLocation?,
        failedCodes: Int, content: CampusContent
    ) -> ScanFlag? {
        if SpeedCheck.isImplausiblyFast(from: previous, to: checkpoint, at: now, content: content) { return .tooFast }
        if let typedLocation, isFar(typedLocation, from: checkpoint, limits: content.rules.limits) { return .typedFarAway }
        if failedCodes > 0 { return .afterGuessing }
        return nil
    }

    /// Whether a reported location is further from the checkpoint than the limit allows, giving
    /// the phone the benefit of its own stated accuracy.
    public static func isFar(_ location: ReportedLocation, from checkpoint: Checkpoint, limits: GameLimits) -> Bool {
        let slack = max(0, location.accuracyMetres ?? 0)
        return location.coordinate.distance(to: checkpoint.coordinate) - slack > Double(limits.typedCodeMaxMetres)
    }
}
