import ArgumentParser
import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// `puzzlemap reports`: what players have reported, newest first, for organisers.
struct Reports: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reports",
        abstract: "Problem reports from players (damaged or missing stickers, wrong information, bugs), newest first."
    )

    @OptionGroup var service: ServiceOptions

    @Option(help: "How many reports to list.")
    var limit = 50

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let reports = try await ResolvedConfiguration(content: nil, service: service).withRepository { repository in
            try await repository.reports(limit: limit)
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            print(String(decoding: try encoder.encode(reports), as: UTF8.self))
            return
        }
        if reports.isEmpty { print("No reports.") }
        for stored in reports {
            let report = stored.report
            let place = report.checkpointID.map { " at \($0)" } ?? ""
            let who = stored.playerID.map { id in stored.reporter.map { "@\($0)" } ?? "player \(id)" } ?? "an erased account"
            let status = stored.statusSetBy.map { "\(stored.status.rawValue), set by @\($0)" } ?? stored.status.rawValue
            print("#\(stored.id) \(stored.createdAt.ISO8601Format()) \(report.kind.rawValue)\(place), from \(who) [\(status)]")
            if !report.text.isEmpty { print("    \(report.text.replacingOccurrences(of: "\n", with: "\n    "))") }
            if let context = report.context { print("    (\(context))") }
        }
    }
}
