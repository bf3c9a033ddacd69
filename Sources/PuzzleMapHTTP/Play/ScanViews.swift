import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// XP, level and badges after an event, compared with before it.
struct StandingView: ResponseCodable {
    struct NewBadge: Codable {
        var id: String
        var name: String
        var description: String
    }
    var xpAwarded: Int
    var totalXp: Int
    var level: Int
    var levelUp: Bool
    var newBadges: [NewBadge]
    var newVouchers: [VoucherView]

    init(_ change: StandingChange, content: CampusContent, at date: Date, ownerVerified: Bool) {
        xpAwarded = change.xpAwarded
        totalXp = change.totalXP
        level = change.level
        levelUp = change.levelUp
        newBadges = change.newBadges.map { NewBadge(id: $0.id, name: $0.name, description: $0.description) }
        newVouchers = change.newVouchers.map { VoucherView($0, content: content, at: date, ownerVerified: ownerVerified) }
    }
}

/// A scan's answer as the app reads it, rendered from the game's report: a replay renders the
/// same report, so it answers the same bytes.
struct ScanView: Codable {
    struct PlaceView: Codable {
        var id: String
        var name: String
        var category: Category
        var building: String
        var facts: [String]
    }

    struct CheckInView: Codable {
        var id: String
        var expiresAt: Date
    }

    struct FunRiddle: Codable {
        var text: String
    }

    /// A challenge the scan won: the friend beaten and the bonus (counted in `xpAwarded`).
    struct ChallengeWinView: Codable {
        var id: Int64
        var opponent: String
        var bonusXp: Int
    }

    var outcome: String
    var message: String
    var xpAwarded: Int
    var totalXp: Int
    var level: Int
    var levelUp: Bool
    var newBadges: [StandingView.NewBadge]
    var newVouchers: [VoucherView]
    var checkpoint: PlaceView
    var insider: String?
    var riddle: FunRiddle?
    var checkIn: CheckInView?
    var flagged: Bool
    var challengeWon: ChallengeWinView?
    var crew: CrewView?

    /// The crew riddle the scan counted for.
    struct CrewView: Codable {
        var name: String
        var solved: Bool
        /// The other members who took part.
        var with: [String]
        var windowMinutes: Int
    }

    init(_ report: ScanReport, content: CampusContent) {
        let standing = StandingView(report.standing, content: content, at: report.decidedAt, ownerVerified: report.ownerVerified)
        let place = report.checkpoint
        outcome = report.kind.rawValue
        message = Self.message(for: report.kind)
        xpAwarded = standing.xpAwarded
        totalXp = standing.totalXp
        level = standing.level
        levelUp = standing.levelUp
        newBadges = standing.newBadges
        newVouchers = standing.newVouchers
        checkpoint = PlaceView(id: place.id, name: place.name, category: place.category, building: place.building, facts: place.facts)
        insider = report.insider
        riddle = report.funRiddle.map(FunRiddle.init(text:))
        checkIn = report.checkIn.map { CheckInView(id: $0.id, expiresAt: $0.expiresAt) }
        flagged = report.flagged
        challengeWon = report.challengeWon.map { ChallengeWinView(id: $0.challengeID, opponent: $0.opponentUsername, bonusXp: $0.bonusXP) }
        crew = report.crew.map { CrewView(name: $0.crewName, solved: $0.solved, with: $0.with, windowMinutes: $0.windowMinutes) }
    }

    static func message(for kind: ScanReport.Kind) -> String {
        switch kind {
        case .solved: "You found it! Riddle solved."
        case .alreadyVisited: "You have been here before. Nice to see you again!"
        case .wrongPlace: "A real checkpoint, but not the one your riddle describes. You get more XP if you find this place with a riddle; register the check-in for a small exploration reward, or cancel it."
        case .explored: "You discovered a checkpoint without a riddle. Here is its riddle, just for the fun of it."
        case .crewWaiting: "Your crew riddle's place! It counts: a second member of your crew scanning it within the window solves it for you all."
        }
    }

    /// The answer's bytes: sorted keys and ISO 8601 dates, as every scan answer has been.
    func encoded() throws -> Data {
        try Self.encoder.encode(self)
    }

    /// Made once: every scan is answered through it. Configured here and never changed, so
    /// sharing it across requests is safe (`JSONEncoder` is `Sendable`).
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()
}
