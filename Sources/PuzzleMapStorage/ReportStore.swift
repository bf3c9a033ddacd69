import Foundation
import PuzzleMapCore

/// Problem reports players send the organisers: damaged or missing stickers, wrong facts, bugs.
public protocol ReportStore: Sendable {
    /// Keeps a report, already checked by the game, and gives it back with its id.
    func saveReport(_ report: ProblemReport, playerID: Int64, at date: Date) async throws -> StoredReport
    /// The newest reports first, at most `limit`.
    func reports(limit: Int) async throws -> [StoredReport]
}
