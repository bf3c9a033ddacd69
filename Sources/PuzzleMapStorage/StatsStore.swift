import Foundation
import PuzzleMapCore

/// The counts behind the organisers' statistics and dashboard.
public protocol StatsStore: Sendable {
    /// Every count in one snapshot, so the figures add up with each other; players are active
    /// with something done in the game after `activeSince` (see `HuntFigures.activePlayers`).
    func figures(activeSince: Date) async throws -> HuntFigures
    /// The dashboard's figures in one snapshot: `figures(activeSince: dayStart)`, the players
    /// active since `activeNowSince` and ever, and the instants of today's sign-ups, scans,
    /// solves and hints (from `dayStart` on).
    func dashboardFigures(dayStart: Date, activeNowSince: Date) async throws -> DashboardFigures
}
