import Foundation
import PuzzleMapCore

/// The counts behind the organisers' statistics.
public protocol StatsStore: Sendable {
    /// Every count in one snapshot, so the figures add up with each other; players are active
    /// with a ledger event after `activeSince`.
    func figures(activeSince: Date) async throws -> HuntFigures
}

