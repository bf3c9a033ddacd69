import Foundation
import Hummingbird
import PuzzleMapCore
import PuzzleMapGame

/// A scan as the organisers' API shows it.
struct ModeratedScanView: Codable {
    struct Location: Codable {
        var lat: Double
        var lon: Double
        var accuracy: Double?
    }

    struct Voiding: Codable {
        var at: Date
        var reason: String
    }

    var id: Int64
    var username: String
    var displayName: String
    var checkpointId: String
    var place: String
    var outcome: String
    var flagged: Bool
    /// `too_fast`, `reused_photo`, `typed_far_away`, `after_guessing`; absent when not flagged.
    var flag: String?
    var location: Location?
    /// How far the reported location was from the checkpoint, in whole metres.
    var distanceMetres: Int?
    var scannedAt: Date
    var voided: Voiding?

    init(_ scan: ModeratedScan, content: CampusContent) {
        let checkpoint = content.checkpoint(id: scan.checkpointID)
        id = scan.id
        username = scan.username
        displayName = scan.displayName
        checkpointId = scan.checkpointID
        place = checkpoint?.name ?? scan.checkpointID
        outcome = scan.outcome
        flagged = scan.flagged
        flag = scan.flag?.rawValue
        location = scan.location.map { Location(lat: $0.coordinate.latitude, lon: $0.coordinate.longitude, accuracy: $0.accuracyMetres) }
        distanceMetres = scan.location.flatMap { location in checkpoint.map { Int(location.coordinate.distance(to: $0.coordinate).rounded()) } }
        scannedAt = scan.scannedAt
        voided = scan.voiding.map { Voiding(at: $0.at, reason: $0.reason) }
    }
}

/// An organiser's change to a player's ledger, as the API shows it.
struct ModerationNoticeView: Codable, Hashable {
    /// `voided` or `adjusted`.
    var kind: String
    /// The place of the voided scan.
    var place: String?
    var xp: Int
    var reason: String
    var at: Date

    init(_ notice: ModerationNotice) {
        switch notice.kind {
        case .voided(let checkpoint): (kind, place) = ("voided", checkpoint)
        case .adjusted: (kind, place) = ("adjusted", nil)
        }
        xp = notice.xp
        reason = notice.reason
        at = notice.at
    }
}

/// A player's suspension, as the API shows it.
struct SuspensionView: Codable {
    var reason: String
    var since: Date

    init(_ suspension: Suspension) {
        reason = suspension.reason
        since = suspension.since
    }
}
