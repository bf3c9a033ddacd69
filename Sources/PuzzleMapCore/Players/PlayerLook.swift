import Foundation

/// The pictures the service draws, one of which a player may choose instead of a photo: shapes,
/// not faces, so none needs an organiser's look.
public enum Avatar: String, CaseIterable, Codable, Sendable {
    case sun, wave, leaf, star, moon, peak, drop, spark
}

/// A photo a player uploaded for others to see. Nobody but its owner and the organisers sees it
/// until an organiser lets it through.
public struct ProfilePicture: Hashable, Sendable {
    public enum Status: String, Sendable, Codable {
        case waiting, approved, refused
    }

    public var status: Status
    /// Counts the player's uploads: a review names the one the organiser looked at.
    public var version: Int
    public var uploadedAt: Date
    public var reviewedAt: Date?
    /// The organiser who let it through or refused it, by username.
    public var reviewedBy: String?

    public init(status: Status, version: Int, uploadedAt: Date, reviewedAt: Date? = nil, reviewedBy: String? = nil) {
        self.status = status
        self.version = version
        self.uploadedAt = uploadedAt
        self.reviewedAt = reviewedAt
        self.reviewedBy = reviewedBy
    }
}

/// How a player looks to others: their photo, their chosen avatar, or neither.
public struct PlayerLook: Hashable, Sendable {
    public var avatar: Avatar?
    public var picture: ProfilePicture?

    public init(avatar: Avatar? = nil, picture: ProfilePicture? = nil) {
        self.avatar = avatar
        self.picture = picture
    }

    /// What a viewer is shown.
    public enum Shown: Hashable, Sendable {
        /// The photo, by the upload it is (a new upload is a new address to fetch).
        case picture(version: Int)
        case avatar(Avatar)
        case none
    }

    /// The photo once let through (its owner and the organisers see it whatever its status,
    /// to judge it), else the avatar chosen, else nothing: others never see a photo waiting or refused.
    public func shown(toOwnerOrOrganiser privileged: Bool) -> Shown {
        if let picture, picture.status == .approved || privileged { return .picture(version: picture.version) }
        return avatar.map(Shown.avatar) ?? .none
    }
}

/// Why a picture use case refused. The HTTP layer maps each case, in one table, to a status, a
/// stable code, a detail and a hint.
public enum PictureRefusal: Error, Hashable, Sendable {
    /// No photo to show to this viewer, or to review.
    case noPicture
    /// More uploads today than `perDay`.
    case tooManyPictures(perDay: Int)
}
