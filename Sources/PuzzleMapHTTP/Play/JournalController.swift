import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// `GET /v1/me/journal`: the solved riddles with their insider facts, newest first.
struct JournalController {
    let services: HuntServices

    struct JournalView: ResponseCodable {
        struct Entry: Codable {
            var riddleId: String
            var riddle: String
            var checkpointId: String
            var place: String
            var insider: String
            var facts: [String]
            var solvedAt: Date
            var xp: Int
            var hintsUsed: Int

            init(_ entry: JournalEntry) {
                riddleId = entry.riddle.id
                riddle = entry.riddle.text
                checkpointId = entry.checkpoint.id
                place = entry.checkpoint.name
                insider = entry.riddle.insider
                facts = entry.checkpoint.facts
                solvedAt = entry.solvedAt
                xp = entry.xp
                hintsUsed = entry.hintsUsed
            }
        }
        var entries: [Entry]
    }

    func addRoutes(to router: RouterGroup<AppRequestContext>) {
        router.get("me/journal") { _, context -> JournalView in
            let identity = try context.requirePlayer()
            return JournalView(entries: try await services.hunt.journal(playerID: identity.playerID).map(JournalView.Entry.init))
        }
    }
}
