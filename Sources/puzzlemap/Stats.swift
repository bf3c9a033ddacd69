import ArgumentParser
import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// `puzzlemap stats`: how the hunt is going, for organisers.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Players, scans per checkpoint and outcome, riddles' hints and solve times, vouchers, flagged scans."
    )

    @OptionGroup var service: ServiceOptions

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() async throws {
        let stats = try await ResolvedConfiguration(content: nil, service: service).withRepository { repository in
            HuntStatistics(try await repository.figures(activeSince: Date() - HuntStatistics.activeWindow))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            print(String(decoding: try encoder.encode(stats), as: UTF8.self))
            return
        }
        print("Players: \(stats.players) (\(stats.activePlayers) active in the last 7 days); flagged scans: \(stats.flaggedScans)")
        print("\nScans per checkpoint (a code often scanned as a wrong place, or rarely at all, needs a look):")
        for entry in stats.scansByCheckpoint {
            let outcomes = entry.outcomes.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            print("  \(entry.checkpoint): \(outcomes)\(entry.flagged > 0 ? "; flagged \(entry.flagged)" : "")")
        }
        print("\nPhotos that gave no code, by nearest checkpoint:")
        for (place, count) in stats.decodeFailuresByCheckpoint.sorted(by: { $0.value > $1.value }) {
            print("  \(place): \(count)")
        }
        print("\nRiddles:")
        for riddle in stats.riddles {
            let median = riddle.medianMinutesToSolve.map { String(format: "%.0f min", $0) } ?? "-"
            print("  \(riddle.riddle): solved \(riddle.solved), given up \(riddle.givenUp), hints \(riddle.hintsUsed), median solve \(median)")
        }
        print("\nVouchers:")
        for offer in stats.offers {
            print("  \(offer.offer): issued \(offer.issued), redeemed \(offer.redeemed), left \(offer.left)")
        }
    }
}
