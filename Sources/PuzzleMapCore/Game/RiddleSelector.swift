import Foundation

/// Draws the next riddle's checkpoint, leaning towards places that carry a player's traits.
///
/// A checkpoint's weight is `exp(traitStrength × affinity)`, where `affinity` sums the player's
/// ``TraitProfile/affinity(for:)`` over the checkpoint's distinct tags. A neutral profile, or a
/// strength of 0, gives every place weight 1: uniform odds. Because every weight is positive, no
/// place is ever ruled out, only made less likely.
///
/// The caller decides which checkpoints are candidates (the chosen category, unsolved, open);
/// the selector only weighs them and draws.
public struct RiddleSelector: Hashable, Codable, Sendable {
    /// How strongly the profile biases the draw; 0 gives uniform odds.
    public var traitStrength: Double

    public init(traitStrength: Double) {
        self.traitStrength = traitStrength
    }

    /// A selector using the organiser's `selection.traitStrength`.
    public init(rules: GameRules) {
        self.init(traitStrength: rules.traitStrength)
    }

    /// The checkpoint's relative selection weight for this player (always positive for sane
    /// strengths).
    public func weight(of checkpoint: Checkpoint, for profile: TraitProfile) -> Double {
        var affinity = 0.0
        var seen: Set<String> = []
        // In tag order, so the sum (and so the weight) is bit-for-bit reproducible.
        for tag in checkpoint.tags where seen.insert(tag).inserted {
            affinity += profile.affinity(for: tag)
        }
        return exp(traitStrength * affinity)
    }

    /// Each candidate's chance of being drawn, in the candidates' order; they sum to 1.
    /// Weights that overflow or vanish fall back to uniform odds rather than dividing by zero.
    public func probabilities(of candidates: [Checkpoint], for profile: TraitProfile) -> [Double] {
        let weights = usableWeights(of: candidates, for: profile)
        let total = weights.reduce(0, +)
        return weights.map { $0 / total }
    }

    /// Draws one candidate with ``probabilities(of:for:)``, or `nil` when there are none.
    public func choose<R: RandomNumberGenerator>(
        from candidates: [Checkpoint], for profile: TraitProfile, using generator: inout R
    ) -> Checkpoint? {
        guard !candidates.isEmpty else { return nil }
        let weights = usableWeights(of: candidates, for: profile)
        let total = weights.reduce(0, +)
        let point = Double.random(in: 0..<total, using: &generator)
        var cumulative = 0.0
        for (candidate, weight) in zip(candidates, weights) {
            cumulative += weight
            if point < cumulative { return candidate }
        }
        // Rounding can leave `point` a hair above the last running sum.
        return candidates.last
    }

    /// The weights, or all ones when they cannot be normalised (an absurd strength).
    func usableWeights(of candidates: [Checkpoint], for profile: TraitProfile) -> [Double] {
        let weights = candidates.map { weight(of: $0, for: profile) }
        let total = weights.reduce(0, +)
        guard total.isFinite, total > 0, weights.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
            return Array(repeating: 1, count: candidates.count)
        }
        return weights
    }
}
