import Foundation
import PuzzleMapCore
import PuzzleMapStorage

/// A point of the plan's picture an organiser pins either to a place in play (where its
/// checkpoint is) or to a typed position.
public struct PlanPinRequest: Sendable, Equatable {
    public var x: Double
    public var y: Double
    /// A checkpoint's id: the pin goes where the checkpoint is.
    public var place: String?
    public var coordinate: Coordinate?

    public init(x: Double, y: Double, place: String? = nil, coordinate: Coordinate? = nil) {
        (self.x, self.y, self.place, self.coordinate) = (x, y, place, coordinate)
    }
}

/// The organisers' own campus map: uploaded as a picture (re-encoded by the caller), pinned to
/// campus, drawn under the places on every map; removed, the drawn plan is back.
extension Hunt {
    /// The plan players' maps are drawn on, if there is one.
    public func campusPlan() async throws -> CampusPlan? {
        try await repository.campusPlan()
    }

    /// The picture of the plan in use at `version`; an older version is gone.
    public func campusPlanPicture(version: Int) async throws -> [UInt8] {
        guard let picture = try await repository.campusPlanPicture(version: version) else { throw CampusPlanRefusal.noPlan }
        return picture
    }

    /// Makes the re-encoded picture the plan, keeping the pins of the one it replaces if it is
    /// the same size.
    public func uploadCampusPlan(picture: [UInt8], width: Int, height: Int, by organiser: Organiser) async throws -> CampusPlan {
        let (username, at) = (organiser.account.player.username, now())
        return try await repository.saveCampusPlan(
            picture: picture, at: at,
            audit: organiser.record(.campusPlanUploaded, subject: "campus-plan", detail: "\(width)×\(height) px, \(picture.count) bytes"),
            make: { previous, version in
                previous?.replaced(width: width, height: height, version: version, at: at, by: username)
                    ?? CampusPlan(version: version, width: width, height: height, uploadedAt: at, uploadedBy: username)
            })
    }

    /// Pins the plan at `version` to campus: every pin checked by the plan's rules, then kept
    /// in one step with the audit line.
    public func pinCampusPlan(_ requests: [PlanPinRequest], version: Int, by organiser: Organiser) async throws -> CampusPlan {
        guard let plan = try await repository.campusPlan() else { throw CampusPlanRefusal.noPlan }
        guard plan.version == version else { throw CampusPlanRefusal.planReplaced(version: plan.version) }
        let pins = try requests.enumerated().map { index, request in
            if let place = request.place, !place.isEmpty {
                guard let checkpoint = content.checkpoint(id: place) else { throw OrganiserRefusal.unknownCheckpoint(place) }
                return PlanPin(x: request.x, y: request.y, coordinate: checkpoint.coordinate)
            }
            guard let coordinate = request.coordinate else { throw CampusPlanRefusal.pinWithoutPosition(pin: index + 1) }
            return PlanPin(x: request.x, y: request.y, coordinate: coordinate)
        }
        _ = try plan.pinned(pins).get()
        let detail = pins.map { String(format: "(%.0f, %.0f) → %.6f, %.6f", $0.x, $0.y, $0.coordinate.latitude, $0.coordinate.longitude) }
            .joined(separator: "; ")
        guard let pinned = try await repository.pinCampusPlan(version: version, pins: pins,
                                                              audit: organiser.record(.campusPlanPinned, subject: "campus-plan", detail: detail),
                                                              at: now())
        else { throw CampusPlanRefusal.planReplaced(version: version) }
        return pinned
    }

    /// Takes the plan away: every map is drawn from the places' coordinates again.
    public func removeCampusPlan(by organiser: Organiser) async throws {
        guard try await repository.removeCampusPlan(audit: organiser.record(.campusPlanRemoved, subject: "campus-plan", detail: "back to the drawn plan"),
                                                    at: now())
        else { throw CampusPlanRefusal.noPlan }
    }
}
