import Foundation
import PuzzleMapCore
import PuzzleMapStorage

extension Hunt {
    /// Keeps a player's problem report for the organisers: a sticker report names a place in
    /// play, other reports say what is wrong, nothing is longer than the limits, and a player
    /// sends at most `limits.reportsPerDay` a day.
    public func report(kind: ProblemReport.Kind, checkpointID: String?, text: String?, context: String?, playerID: Int64) async throws -> StoredReport {
        let text = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        let checkpointID = checkpointID?.trimmingCharacters(in: .whitespacesAndNewlines).nilIfBlank
        guard text.documentedLength <= ProblemReport.maxTextLength else { throw ReportRefusal.textTooLong(max: ProblemReport.maxTextLength) }
        if let checkpointID {
            guard content.checkpoints.contains(where: { $0.id == checkpointID }) else { throw ReportRefusal.unknownPlace }
        } else if kind.needsPlace {
            throw ReportRefusal.unknownPlace
        }
        guard !text.isEmpty || kind.needsPlace else { throw ReportRefusal.emptyReport }
        let sent = try await repository.countEvent(key: "report:\(playerID)", window: 86_400, at: now())
        guard sent <= limits.reportsPerDay else { throw ReportRefusal.tooManyReports(perDay: limits.reportsPerDay) }
        let context = context.map { String($0.prefix(ProblemReport.maxContextLength)) }?.nilIfBlank
        return try await repository.saveReport(ProblemReport(kind: kind, checkpointID: checkpointID, text: text, context: context),
                                               playerID: playerID, at: now())
    }

    /// The newest reports, for the organisers.
    public func reports(limit: Int = 100) async throws -> [StoredReport] {
        try await repository.reports(limit: limit)
    }
}

extension String {
    fileprivate var nilIfBlank: String? { trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : self }
}
